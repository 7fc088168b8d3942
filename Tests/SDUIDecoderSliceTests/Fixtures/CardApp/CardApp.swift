import SwiftUI

@main
struct CardApp: App {
    var body: some Scene {
        WindowGroup { HomeView(screen: nil) }
    }
}
