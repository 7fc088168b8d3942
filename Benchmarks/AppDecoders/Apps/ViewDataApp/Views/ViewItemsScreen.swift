import SwiftUI

struct ViewItemsScreen: View {
    @ObservedObject var viewModel: ViewItemsViewModel

    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(Array(viewModel.items.enumerated()), id: \.offset) { _, item in
                    item.makeView()
                    Divider().padding(.leading, 16)
                }
            }
        }
        .overlay {
            if let message = viewModel.errorMessage, viewModel.items.isEmpty {
                VStack(spacing: 8) {
                    Text("불러오지 못했어요")
                        .font(.headline)
                    Text(message)
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                    Button("다시 시도") { viewModel.refresh() }
                }
                .padding()
            }
        }
        .onAppear { viewModel.refresh() }
        .refreshable { viewModel.refresh() }
    }
}

#Preview {
    let url = Bundle.main.url(forResource: "view_items", withExtension: "json")!
    let response = try! JSONDecoder().decode(ViewItemsResponse.self, from: Data(contentsOf: url))
    NavigationStack {
        ViewItemsScreen(viewModel: ViewItemsViewModel(previewItems: response.viewItems))
    }
}
