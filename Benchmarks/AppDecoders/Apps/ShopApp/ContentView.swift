import SwiftUI

struct ContentView: View {
    @EnvironmentObject private var store: ShopStore

    var body: some View {
        NavigationStack {
            Group {
                if let screen = store.screen {
                    ShopScreenView(screen: screen)
                } else if let message = store.errorMessage {
                    VStack(spacing: 12) {
                        Image(systemName: "wifi.exclamationmark")
                            .font(.largeTitle)
                            .foregroundStyle(.secondary)
                        Text(message)
                            .multilineTextAlignment(.center)
                        Button("Try Again") {
                            Task { await store.load() }
                        }
                        .buttonStyle(.borderedProminent)
                    }
                    .padding()
                } else {
                    ProgressView()
                }
            }
            .navigationTitle(store.screen?.title ?? "Shop")
        }
        .task {
            await store.load()
        }
        .refreshable {
            await store.load()
        }
    }
}

#Preview {
    ContentView()
        .environmentObject(ShopStore())
}
