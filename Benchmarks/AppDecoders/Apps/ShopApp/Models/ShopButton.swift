import Foundation

enum ShopAction: Decodable, Equatable {
    case navigate(destination: String)
    case openURL(URL)
    case addToCart(productID: String)
    case unknown

    private enum CodingKeys: String, CodingKey {
        case action
        case destination
        case url
        case productId
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decodeIfPresent(String.self, forKey: .action) {
        case "navigate":
            self = .navigate(destination: try container.decode(String.self, forKey: .destination))
        case "open_url":
            self = .openURL(try container.decode(URL.self, forKey: .url))
        case "add_to_cart":
            self = .addToCart(productID: try container.decode(String.self, forKey: .productId))
        default:
            self = .unknown
        }
    }
}

struct ShopButton: Decodable {
    let text: String
    let style: String?
    let action: ShopAction

    private enum CodingKeys: String, CodingKey {
        case text
        case style
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        style = try container.decodeIfPresent(String.self, forKey: .style)
        action = try ShopAction(from: decoder)
    }
}
