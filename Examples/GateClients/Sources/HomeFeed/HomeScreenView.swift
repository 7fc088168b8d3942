#if canImport(SwiftUI)
import SwiftUI

// The screen's views beside its models, as app decoder modules have them. This file is why the
// sample decoder module imports SwiftUI on Apple systems: the macOS workflow gates that module and
// runs its contract tests on the iOS simulator exactly as Linux does the same module, where SwiftUI
// does not exist and this file compiles to nothing.

/// The home screen, one row per view the app version shows.
public struct HomeScreenView: View {
    let views: [HomeView]

    public init(screen: HomeScreen) { views = HomeViewFactory.views(for: screen) }

    public var body: some View {
        List {
            ForEach(Array(views.enumerated()), id: \.offset) { _, view in
                row(view)
            }
        }
    }

    @ViewBuilder func row(_ view: HomeView) -> some View {
        switch view {
        case .header(let title, let subtitle):
            VStack(alignment: .leading) {
                Text(title).font(.headline)
                if let subtitle { Text(subtitle).font(.subheadline) }
            }
        case .banner(_, let title, _):
            Text(title ?? "")
        case .productCarousel(let title, let products):
            VStack(alignment: .leading) {
                Text(title).font(.headline)
                ForEach(products, id: \.id) { product in Text("\(product.name) \(product.price)") }
            }
        case .coupon(let code, let discount):
            Text("\(code): \(discount)")
        }
    }
}
#endif
