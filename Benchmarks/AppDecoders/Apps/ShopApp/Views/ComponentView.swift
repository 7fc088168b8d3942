import SwiftUI

struct ComponentView: View {
    let component: ShopComponent
    var perform: (ShopAction) -> Void

    var body: some View {
        switch component {
        case .text(let block):
            Text(block.text)
                .font(block.font)
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal)
        case .banner(let banner):
            PromoBannerView(banner: banner) {
                if let destination = banner.destination {
                    perform(.navigate(destination: destination))
                }
            }
        case .product(let product):
            ProductCardView(product: product) { product in
                perform(.addToCart(productID: product.id))
            }
            .padding(.horizontal)
        case .carousel(let carousel):
            CarouselView(carousel: carousel) { product in
                perform(.addToCart(productID: product.id))
            }
        case .button(let button):
            Button(button.text) {
                perform(button.action)
            }
            .buttonStyle(.borderedProminent)
            .tint(button.style == "secondary" ? .gray : .accentColor)
            .frame(maxWidth: .infinity)
            .padding(.horizontal)
        case .flashSale(let sale):
            FlashSaleView(sale: sale)
        case .spacer(let height):
            Color.clear.frame(height: height)
        case .unknown:
            EmptyView()
        }
    }
}

struct PromoBannerView: View {
    let banner: PromoBanner
    var onTap: () -> Void

    var body: some View {
        Button(action: onTap) {
            HStack(spacing: 16) {
                VStack(alignment: .leading, spacing: 4) {
                    Text(banner.title)
                        .font(.title3.weight(.semibold))
                    if let subtitle = banner.subtitle {
                        Text(subtitle)
                            .font(.subheadline)
                            .opacity(0.8)
                    }
                }
                .foregroundColor(banner.textColor)
                Spacer(minLength: 0)
                AsyncImage(url: banner.imageURL) { image in
                    image.resizable().scaledToFit()
                } placeholder: {
                    Color.clear
                }
                .frame(width: 88, height: 88)
            }
            .padding()
            .background(banner.backgroundColor)
            .clipShape(RoundedRectangle(cornerRadius: banner.cornerRadius, style: .continuous))
        }
        .buttonStyle(.plain)
        .padding(.horizontal)
    }
}
