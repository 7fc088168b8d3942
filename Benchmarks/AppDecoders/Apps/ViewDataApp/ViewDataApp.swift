import SwiftUI

@main
struct ViewDataApp: App {
    @StateObject private var viewModel = ViewItemsViewModel(service: ViewItemsService())

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                ViewItemsScreen(viewModel: viewModel)
                    .navigationTitle("홈")
            }
        }
    }
}
