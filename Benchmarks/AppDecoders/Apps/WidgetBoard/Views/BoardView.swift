import SwiftUI

@MainActor
final class BoardModel: ObservableObject {
    @Published private(set) var board: Board?
    @Published var error: String?

    func load(from url: URL) async {
        do {
            let (data, _) = try await URLSession.shared.data(from: url)
            board = try BoardDecoder.shared.decode(data)
        } catch {
            self.error = error.localizedDescription
        }
    }
}

struct BoardView: View {
    @StateObject private var model = BoardModel()

    var body: some View {
        NavigationStack {
            List(model.board?.widgets ?? []) { widget in
                WidgetTile(widget: widget)
            }
            .navigationTitle(model.board?.title ?? "Home")
        }
        .task { await model.load(from: URL(string: "https://api.example.com/board")!) }
    }
}

struct WidgetTile: View {
    let widget: Widget

    var body: some View {
        switch widget.content {
        case .metric(let title, let value):
            LabeledContent(title, value: value)
        case .progress(let title, let percent):
            ProgressView(title, value: Double(percent), total: 100).tint(widget.tint)
        case .note(let text):
            Text(text).font(.footnote)
        case .unsupported:
            EmptyView()
        }
    }
}
