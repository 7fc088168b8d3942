import SwiftUI

@main
struct FeedApp: App {
    @State private var store: FeedStore?

    var body: some Scene {
        WindowGroup {
            if let store {
                FeedView(store: store)
            } else {
                ProgressView().task { store = try? await FeedStore.load(from: URL(string: "https://api.example.com/feed")!) }
            }
        }
    }
}
