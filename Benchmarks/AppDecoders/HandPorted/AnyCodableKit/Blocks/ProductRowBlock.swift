import Foundation

struct ProductRowBlock: Decodable {
    struct Product: Decodable, Identifiable {
        let id: String
        let name: String
        let price: Double
        let currency: String
        let imageURL: URL?

        private enum CodingKeys: String, CodingKey {
            case id
            case name
            case price
            case currency
            case imageURL = "image_url"
        }
    }

    let title: String?
    let products: [Product]
}
