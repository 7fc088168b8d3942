import Foundation

enum FeedSection {
    case carousel(Carousel)
    case grid(Grid)
    case hero(Hero)
}

/// One section of the response; an unknown `layout` is skipped, not an error.
struct AnySection: Decodable {
    let section: FeedSection?

    private enum CodingKeys: String, CodingKey { case layout }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .layout) {
        case "carousel": section = .carousel(try Carousel(from: decoder))
        case "grid": section = .grid(try Grid(from: decoder))
        case "hero": section = .hero(try Hero(from: decoder))
        default: section = nil
        }
    }
}
