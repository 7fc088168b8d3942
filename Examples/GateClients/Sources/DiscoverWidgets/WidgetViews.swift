import Foundation

// What each widget shows (SwiftUI views in the app; plain descriptions here so the module builds
// everywhere): the page's title, then one row per widget of the screen.

public extension Widget {
    /// The row's text, as the accessibility label reads it.
    var rowText: String {
        switch self {
        case .hero(let hero): [hero.badge, hero.headline].compactMap { $0 }.joined(separator: " · ")
        case .text(let text): text.text
        case .button(let button): button.title
        }
    }
}

public extension DiscoverScreen {
    /// The navigation title and one row per widget, as the page shows them.
    var navigationTitle: String { title }
    var rows: [String] { widgets.map(\.rowText) }
}
