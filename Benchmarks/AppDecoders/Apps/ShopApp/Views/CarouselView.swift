import SwiftUI

struct CarouselView: View {
    let carousel: ProductCarousel
    var onAddToCart: (ProductCard) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let title = carousel.title {
                Text(title)
                    .font(.title3.bold())
                    .padding(.horizontal)
            }
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack(spacing: 12) {
                    ForEach(carousel.products) { product in
                        ProductCardView(product: product, onAddToCart: onAddToCart)
                            .frame(width: 180)
                    }
                }
                .padding(.horizontal)
            }
        }
    }
}
