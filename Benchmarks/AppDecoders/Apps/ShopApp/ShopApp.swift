import SwiftUI

@main
struct ShopApp: App {
    @StateObject private var store = ShopStore()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
        }
    }
}
