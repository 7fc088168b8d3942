import SwiftUI

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

struct ProductCardView: View {
    let product: ProductCard
    var onAddToCart: (ProductCard) -> Void = { _ in }

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            ZStack(alignment: .topLeading) {
                AsyncImage(url: product.imageURL) { image in
                    image
                        .resizable()
                        .aspectRatio(contentMode: .fill)
                } placeholder: {
                    Rectangle()
                        .fill(Color.gray.opacity(0.15))
                }
                .frame(height: 160)
                .clipped()

                if let badge = product.badge {
                    Text(badge.uppercased())
                        .font(.caption2.weight(.bold))
                        .foregroundColor(.white)
                        .padding(.horizontal, 8)
                        .padding(.vertical, 4)
                        .background(product.badgeColor)
                        .clipShape(Capsule())
                        .padding(8)
                }
            }

            Text(product.name)
                .font(.subheadline)
                .lineLimit(2)

            HStack(alignment: .firstTextBaseline) {
                Text(product.formattedPrice)
                    .font(.headline)
                if let unitPrice = product.formattedUnitPrice {
                    Text(unitPrice)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                Spacer()
                Button {
                    onAddToCart(product)
                } label: {
                    Image(systemName: "cart.badge.plus")
                }
                .buttonStyle(.borderless)
                .accessibilityLabel("Add \(product.name) to cart")
            }
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 12).fill(Color(.secondarySystemBackground)))
    }
}
