import SwiftUI

enum PreviewData {
    static let homeJSON = """
    {
      "title": "Preview",
      "views": [
        { "type": "text", "text": "Fresh this week", "style": "title" },
        {
          "type": "product",
          "id": "preview-1",
          "name": "Sourdough Loaf",
          "image_url": "https://cdn.shop.example.com/p/preview-1.jpg",
          "price_cents": 650,
          "badge": "Local",
          "badge_color": "#6D4C41"
        },
        {
          "type": "banner",
          "title": "Members save 10%",
          "background_color": "#E8F5E9",
          "destination": "/membership"
        },
        { "type": "spacer" },
        { "type": "text", "text": "Prices include tax.", "style": "caption" }
      ]
    }
    """

    static var home: ShopScreen {
        try! ShopScreen(data: Data(homeJSON.utf8))
    }

    static var product: ProductCard {
        guard case .product(let product) = home.views[1] else {
            fatalError("PreviewData.homeJSON changed")
        }
        return product
    }
}

#Preview("Home screen") {
    NavigationStack {
        ShopScreenView(screen: PreviewData.home)
            .environmentObject(ShopStore())
    }
}

#Preview("Product card", traits: .sizeThatFitsLayout) {
    ProductCardView(product: PreviewData.product)
        .frame(width: 200)
        .padding()
}
