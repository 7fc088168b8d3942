import Foundation

struct CachedScreen: Codable, Equatable {
    let title: String
    let sections: [PriceSection]
    let theme: Theme?
}

struct PriceSection: Codable, Equatable {
    let label: String
    let price: Double
    /// 0.2 for 20 % off.
    let discount: Double
    let badge: Badge?

    var salePrice: Double { price * (1 - discount) }
}

struct Badge: Codable, Equatable {
    static let palette = ["#E53935", "#FB8C00", "#43A047", "#1E88E5"]

    let text: String
    let colorIndex: Int
    let color: String

    private enum CodingKeys: String, CodingKey { case text, colorIndex = "color_index" }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        colorIndex = try container.decode(Int.self, forKey: .colorIndex)
        color = Badge.palette[colorIndex]
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(colorIndex, forKey: .colorIndex)
    }
}

struct Theme: Codable, Equatable {
    let accent: String
    let cornerRadius: Double
}
