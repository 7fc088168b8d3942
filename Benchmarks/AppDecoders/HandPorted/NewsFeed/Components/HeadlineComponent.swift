import Foundation

final class HeadlineComponent: Component {
    let title: String
    let subtitle: String?
    let fontSize: CGFloat

    private enum CodingKeys: String, CodingKey {
        case title
        case subtitle
        case fontSize
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        fontSize = try container.decodeIfPresent(CGFloat.self, forKey: .fontSize) ?? 28
        try super.init(from: decoder)
    }
}
