import SwiftUI

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

struct FlashSaleView: View {
    let sale: FlashSale

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Label(sale.title, systemImage: "bolt.fill")
                    .font(.headline)
                    .foregroundColor(.orange)
                Spacer()
                if let endsAt = sale.endsAt {
                    Text(endsAt, style: .timer)
                        .font(.subheadline.monospacedDigit())
                }
            }
            ProductCardView(product: sale.featured)
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack(spacing: 12) {
                    ForEach(sale.products) { product in
                        ProductCardView(product: product)
                            .frame(width: 160)
                    }
                }
            }
        }
        .padding(.horizontal)
    }
}
