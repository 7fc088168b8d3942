import SwiftUI

struct FeedView: View {
    @Bindable var store: FeedStore

    var body: some View {
        NavigationStack {
            List(Array(store.sections.enumerated()), id: \.offset) { _, section in
                switch section {
                case .carousel(let carousel): Text(carousel.selected)
                case .grid(let grid): Text("\(grid.tiles.count) tiles in \(grid.rows) rows")
                case .hero(let hero): AsyncImage(url: hero.imageURL)
                }
            }
            .navigationTitle(store.title)
            .refreshable { await store.refresh(from: URL(string: "https://api.example.com/feed")!) }
        }
    }
}
