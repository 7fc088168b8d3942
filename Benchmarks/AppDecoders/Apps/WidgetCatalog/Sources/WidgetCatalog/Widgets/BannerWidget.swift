import Foundation

@Widget("banner")
public struct BannerWidget: Widget, Decodable {
    public let title: String
    public let subtitle: String?
    public let badgeCount: Int16

    private enum CodingKeys: String, CodingKey { case title, subtitle, badge }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        let badge = try container.decodeIfPresent(Int.self, forKey: .badge) ?? 0
        badgeCount = Int16(badge)
    }
}
