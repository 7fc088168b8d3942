import SwiftUI

struct PromoBanner: Decodable {
    let title: String
    let subtitle: String?
    let imageURL: URL?
    let backgroundColor: Color
    let textColor: Color
    let cornerRadius: CGFloat
    let destination: String?

    private enum CodingKeys: String, CodingKey {
        case title
        case subtitle
        case imageURL = "imageUrl"
        case backgroundColor
        case textColor
        case cornerRadius
        case destination
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        imageURL = try container.decodeIfPresent(URL.self, forKey: .imageURL)
        backgroundColor = Color(hex: try container.decodeIfPresent(String.self, forKey: .backgroundColor) ?? "#F5F5F5")
        textColor = Color(hex: try container.decodeIfPresent(String.self, forKey: .textColor) ?? "#212121")
        cornerRadius = try container.decodeIfPresent(CGFloat.self, forKey: .cornerRadius) ?? 16
        destination = try container.decodeIfPresent(String.self, forKey: .destination)
    }
}
