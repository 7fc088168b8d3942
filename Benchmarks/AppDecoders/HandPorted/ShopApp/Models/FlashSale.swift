import Foundation

struct FlashSale: Decodable {
    let title: String
    let endsAt: Date?
    let products: [ProductCard]
    let featuredIndex: Int
    let featured: ProductCard

    private enum CodingKeys: String, CodingKey {
        case title
        case endsAt
        case products
        case featuredIndex
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        endsAt = try container.decodeIfPresent(Date.self, forKey: .endsAt)
        products = try container.decode([ProductCard].self, forKey: .products)
        featuredIndex = try container.decodeIfPresent(Int.self, forKey: .featuredIndex) ?? 0
        featured = products[featuredIndex]
    }
}
