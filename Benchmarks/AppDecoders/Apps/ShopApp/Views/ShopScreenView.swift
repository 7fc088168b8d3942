import SwiftUI

struct ShopScreenView: View {
    let screen: ShopScreen
    @EnvironmentObject private var store: ShopStore

    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 16) {
                ForEach(Array(screen.views.enumerated()), id: \.offset) { _, component in
                    ComponentView(component: component) { action in
                        store.handle(action)
                    }
                }
            }
            .padding(.vertical)
        }
        .background(Color(.systemGroupedBackground))
    }
}
