import SwiftUI
import ModernSDUIKit

@main
struct ModernKitDemoApp: App {
    var body: some Scene {
        WindowGroup { DemoScreen() }
    }
}

struct DemoScreen: View {
    // The demo's built-in screen when the sample file is missing.
    static let fallback = "{\"id\": \"fallback\", \"blocks\": [{\"type\": \"rating_summary\", \"stars\": 4, \"max_stars\": 5, \"review_count\": 120}]}"

    var body: some View {
        let url = Bundle.main.url(forResource: "promo", withExtension: "json")
        let data = url.flatMap { try? Data(contentsOf: $0) } ?? Data(Self.fallback.utf8)
        let screen = try? ScreenDecoder.decode(data)
        List(Array((screen?.blocks ?? []).enumerated()), id: \.offset) { BlockView(block: $0.element) }
    }
}
