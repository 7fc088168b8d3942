import SwiftUI

@main
struct CatalogBrowserApp: App {
    var body: some Scene {
        WindowGroup {
            NavigationStack { CatalogView() }
        }
    }
}
