import Foundation

class Component: Decodable {
    let identifier: String?
    let tint: UIColor
    let topSpacing: CGFloat

    private enum CodingKeys: String, CodingKey {
        case identifier = "id"
        case tintColor
        case topSpacing
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decodeIfPresent(String.self, forKey: .identifier)
        tint = UIColor(hex: try container.decodeIfPresent(String.self, forKey: .tintColor) ?? "#1A1A1A")
        topSpacing = try container.decodeIfPresent(CGFloat.self, forKey: .topSpacing) ?? 12
    }
}

/// What an unknown `viewType` decodes to: the feed keeps its place but shows nothing.
final class DefaultComponent: Component {}
