import Foundation

struct ProductCard: Decodable, Identifiable {
    let id: String
    let name: String
    let imageURL: URL?
    let priceCents: Int
    let unitCount: Int
    let unitName: String?
    let unitPriceCents: Int
    let badge: String?
    let badgeColor: Color

    private enum CodingKeys: String, CodingKey {
        case id
        case name
        case imageURL = "imageUrl"
        case priceCents
        case unitCount
        case unitName
        case badge
        case badgeColor
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        imageURL = try container.decodeIfPresent(URL.self, forKey: .imageURL)
        priceCents = try container.decode(Int.self, forKey: .priceCents)
        unitCount = try container.decodeIfPresent(Int.self, forKey: .unitCount) ?? 1
        unitName = try container.decodeIfPresent(String.self, forKey: .unitName)
        unitPriceCents = priceCents / unitCount
        badge = try container.decodeIfPresent(String.self, forKey: .badge)
        badgeColor = Color(hex: try container.decodeIfPresent(String.self, forKey: .badgeColor) ?? "#E53935")
    }

    var formattedPrice: String {
        Self.format(cents: priceCents)
    }

    var formattedUnitPrice: String? {
        guard unitCount > 1, let unitName else { return nil }
        return "\(Self.format(cents: unitPriceCents)) / \(unitName)"
    }

    static func format(cents: Int) -> String {
        String(format: "$%d.%02d", cents / 100, abs(cents % 100))
    }
}
