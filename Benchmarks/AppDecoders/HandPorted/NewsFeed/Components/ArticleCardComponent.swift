import Foundation

final class ArticleCardComponent: Component {
    let title: String
    let summary: String?
    let imageURL: URL?
    let imageAspectRatio: CGFloat
    let byline: String?
    let articleURL: URL

    private enum CodingKeys: String, CodingKey {
        case title
        case summary
        case imageURL = "imageUrl"
        case imageAspectRatio
        case byline
        case articleURL = "url"
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        imageURL = try container.decodeIfPresent(URL.self, forKey: .imageURL)
        imageAspectRatio = try container.decodeIfPresent(CGFloat.self, forKey: .imageAspectRatio) ?? 16.0 / 9.0
        byline = try container.decodeIfPresent(String.self, forKey: .byline)
        articleURL = try container.decode(URL.self, forKey: .articleURL)
        try super.init(from: decoder)
    }
}
