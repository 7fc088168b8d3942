import HomeFeed
import SDUIPlugIn

/// What the home feed shows, as the contract gate's rendering: one component per view the
/// factory makes, with the server's `viewType` as its kind.
public enum HomeFeedRendering {
    public static func rendering(_ screen: HomeScreen) -> Rendering {
        Rendering(screen: screen.screenName, components: HomeViewFactory.views(for: screen).map { view in
            switch view {
            case .header(let title, let subtitle):
                .component("TitleViewType", [.text("title", title)] + (subtitle.map { [.text("subtitle", $0)] } ?? []))
            case .banner(let imageURL, let title, let deeplink):
                .component("BannerViewType", [.link("image", imageURL)] + (title.map { [.text("title", $0)] } ?? [])
                           + (deeplink.map { [.action("open", $0)] } ?? []))
            case .productCarousel(let title, let products):
                .component("ProductListViewType", [.text("title", title)], children: products.map { p in
                    .component("product", id: p.id, [.text("name", p.name), .text("price", p.price)]
                               + (p.rating.map { [.value("rating", String($0))] } ?? []))
                })
            case .coupon(let code, let discount):
                .component("CouponViewType", [.value("code", code), .text("discount", discount)])
            }
        })
    }
}
