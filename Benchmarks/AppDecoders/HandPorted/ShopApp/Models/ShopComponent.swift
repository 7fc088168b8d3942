import Foundation

enum ShopComponent: Decodable {
    case text(TextBlock)
    case banner(PromoBanner)
    case product(ProductCard)
    case carousel(ProductCarousel)
    case button(ShopButton)
    case flashSale(FlashSale)
    case spacer(height: CGFloat)
    case unknown(type: String)

    private enum CodingKeys: String, CodingKey {
        case type
        case height
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)

        switch type {
        case "text":
            self = .text(try TextBlock(from: decoder))
        case "banner":
            self = .banner(try PromoBanner(from: decoder))
        case "product":
            self = .product(try ProductCard(from: decoder))
        case "carousel":
            self = .carousel(try ProductCarousel(from: decoder))
        case "button":
            self = .button(try ShopButton(from: decoder))
        case "flash_sale":
            self = .flashSale(try FlashSale(from: decoder))
        case "spacer":
            self = .spacer(height: try container.decodeIfPresent(CGFloat.self, forKey: .height) ?? 16)
        default:
            self = .unknown(type: type)
        }
    }
}

struct TextBlock: Decodable {
    enum Style: String, Decodable {
        case title
        case headline
        case body
        case caption
    }

    let text: String
    let style: Style

    private enum CodingKeys: String, CodingKey {
        case text
        case style
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        style = (try? container.decode(Style.self, forKey: .style)) ?? .body
    }
}

struct ProductCarousel: Decodable {
    let title: String?
    let products: [ProductCard]
}
