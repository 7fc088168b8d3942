import Foundation

// The feed's cells, beside the models as the app has them (UIKit cells in the app; plain classes
// here so the module builds everywhere).

public protocol FeedView: AnyObject {
    var accessibilityLabel: String { get }
}

public final class BannerCell: FeedView {
    public let headline: String
    public let imageURL: URL
    public let subtitle: String?

    init(_ data: BannerData) {
        headline = data.headline
        imageURL = data.imageURL
        subtitle = data.subtitle
    }

    public var accessibilityLabel: String { [headline, subtitle].compactMap { $0 }.joined(separator: ", ") }
}

public final class TextCell: FeedView {
    public let body: String

    init(_ data: TextData) { body = data.body }

    public var accessibilityLabel: String { body }
}

public final class ButtonCell: FeedView {
    public let title: String
    public let url: String

    init(_ data: ButtonData) {
        title = data.title
        url = data.url
    }

    public var accessibilityLabel: String { title }
}

public enum FeedViewFactory {
    /// The cell for an item; nil (no cell) for an item this version cannot show.
    public static func view(for item: FeedItem) -> FeedView? {
        guard let payload = item.payload else { return nil }
        switch payload {
        case .banner(let data): return BannerCell(data)
        case .text(let data): return TextCell(data)
        case .button(let data): return ButtonCell(data)
        }
    }

    /// The cells of a screen, in order.
    public static func views(for screen: FeedScreen) -> [FeedView] {
        screen.items.compactMap { view(for: $0) }
    }
}

/// The feed screen: the title in the navigation bar, then one cell per item the factory makes.
public final class FeedViewController {
    public let title: String
    public let cells: [FeedView]

    public init(screen: FeedScreen) {
        title = screen.title
        cells = FeedViewFactory.views(for: screen)
    }
}
