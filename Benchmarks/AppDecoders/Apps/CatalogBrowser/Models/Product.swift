import Foundation
import SwiftUI

struct Product: Identifiable {
    let id: String
    let name: String
    let images: [URL]
    let heroImage: URL
    let badge: String?
    /// Whatever the merchandising team attaches (colours, sizes, ratings): shown by the detail page as is.
    let attributes: JSONNode?

    init(node: JSONNode) throws {
        guard let id = node["id"]?.string, let name = node["name"]?.string else {
            throw CatalogError.missing("id or name", in: node["id"]?.string ?? "product")
        }
        self.id = id
        self.name = name
        images = node["images"]?.array.compactMap { $0.string.flatMap(URL.init(string:)) } ?? []
        let featured = node["featured_image"]?.int ?? 0
        heroImage = images[featured]
        badge = node["badge"]?.string
        attributes = node["attributes"]
    }
}

struct ProductCell: View {
    let product: Product

    var body: some View {
        HStack {
            AsyncImage(url: product.heroImage) { image in image.resizable() } placeholder: { Color.gray }
                .frame(width: 64, height: 64)
            Text(product.name)
            if let badge = product.badge { Text(badge).font(.caption).padding(4).background(.yellow) }
        }
    }
}
