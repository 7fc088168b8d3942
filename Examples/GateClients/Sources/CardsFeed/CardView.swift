import Foundation

// What a card shows (a SwiftUI view in the app, switching on `card.type`; plain values here so the
// module builds everywhere).

public enum CardView {
    case banner(headline: String, imageURL: URL, subtitle: String?)
    case text(String)
    case button(title: String, url: String)

    /// The view for a card: nil (an EmptyView in the app) for a type this version does not know
    /// or a card without the content its type names.
    public init?(card: Card) {
        switch card.type {
        case "banner":
            guard let banner = card.banner else { return nil }
            self = .banner(headline: banner.headline, imageURL: banner.imageURL, subtitle: banner.subtitle)
        case "text":
            guard let text = card.text else { return nil }
            self = .text(text.body)
        case "button":
            guard let button = card.button else { return nil }
            self = .button(title: button.title, url: button.url)
        default:
            return nil
        }
    }

    /// The views of a screen, in order.
    public static func views(for screen: CardsScreen) -> [CardView] {
        screen.items.compactMap(CardView.init(card:))
    }
}

/// The cards screen: the title in the navigation bar, then one view per card it can show.
public struct CardsScreenView {
    public let title: String
    public let cards: [CardView]

    public init(screen: CardsScreen) {
        title = screen.title
        cards = CardView.views(for: screen)
    }
}
