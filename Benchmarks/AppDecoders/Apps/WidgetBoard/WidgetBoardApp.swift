import SwiftUI

@main
struct WidgetBoardApp: App {
    var body: some Scene {
        WindowGroup {
            BoardView()
        }
    }
}
