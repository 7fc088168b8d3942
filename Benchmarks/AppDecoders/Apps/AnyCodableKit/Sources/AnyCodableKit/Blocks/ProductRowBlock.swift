import SwiftUI

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

struct ProductRowBlockView: View {
    let block: ProductRowBlock

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let title = block.title {
                Text(title)
                    .font(.headline)
                    .padding(.horizontal)
            }
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 12) {
                    ForEach(block.products) { product in
                        VStack(alignment: .leading, spacing: 4) {
                            AsyncImage(url: product.imageURL) { image in
                                image.resizable().scaledToFill()
                            } placeholder: {
                                Color.gray.opacity(0.2)
                            }
                            .frame(width: 140, height: 140)
                            .clipShape(RoundedRectangle(cornerRadius: 8))
                            Text(product.name)
                                .font(.subheadline)
                                .lineLimit(1)
                            Text(product.price, format: .currency(code: product.currency))
                                .font(.subheadline.bold())
                        }
                        .frame(width: 140)
                    }
                }
                .padding(.horizontal)
            }
        }
    }
}
