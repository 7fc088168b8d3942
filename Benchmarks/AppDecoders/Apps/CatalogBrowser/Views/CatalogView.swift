import SwiftUI

@MainActor
final class CatalogStore: ObservableObject {
    @Published private(set) var catalog: Catalog?

    func load() async {
        guard let url = URL(string: "https://api.example.com/catalog"),
              let (data, _) = try? await URLSession.shared.data(from: url) else { return }
        catalog = try? CatalogParser.parse(data)
    }
}

struct CatalogView: View {
    @StateObject private var store = CatalogStore()

    var body: some View {
        List {
            ForEach(store.catalog?.sections ?? [], id: \.id) { section in
                Section(section.layout.capitalized) {
                    ForEach(section.products) { ProductCell(product: $0) }
                }
            }
        }
        .navigationTitle(store.catalog?.title ?? "Shop")
        .task { await store.load() }
    }
}
