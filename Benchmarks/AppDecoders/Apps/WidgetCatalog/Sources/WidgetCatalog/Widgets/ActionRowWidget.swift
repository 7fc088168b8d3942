import Foundation

@Widget("action_row")
public struct ActionRowWidget: Widget, Decodable {
    public let actions: [WidgetAction]
    public let primary: WidgetAction

    private enum CodingKeys: String, CodingKey { case actions, primaryIndex = "primary_index" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        actions = try container.decode([WidgetAction].self, forKey: .actions)
        let index = try container.decodeIfPresent(Int.self, forKey: .primaryIndex) ?? 0
        primary = actions[index]
    }
}

public struct WidgetAction: Decodable, Sendable {
    public let name: String
    public let url: String?
}
