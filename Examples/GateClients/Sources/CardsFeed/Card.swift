import Foundation

// The home feed of the cards 2.0 app: the same protocol as the items app, decoded with synthesized
// Codable. A card is its `type` and one optional sibling per kind; the card view shows the sibling
// its type names, and nothing when that sibling is absent or the type is unknown.
//
//   { "title": "Home", "items": [
//       { "type": "banner", "banner": { "headline": "Autumn picks", "imageURL": "https://…" } },
//       { "type": "text", "text": { "body": "Free returns on every order" } },
//       { "type": "button", "button": { "title": "Shop now", "url": "shop://autumn" } } ] }

public struct CardsScreen: Codable {
    public let title: String
    public let items: [Card]
}

public struct Card: Codable {
    public let type: String
    public let banner: BannerData?
    public let text: TextData?
    public let button: ButtonData?
}

public struct BannerData: Codable {
    public let headline: String
    public let imageURL: URL
    public let subtitle: String?
}

public struct TextData: Codable {
    public let body: String
}

public struct ButtonData: Codable {
    public let title: String
    public let url: String
}

public enum CardsAPI {
    /// The screen in a response body, as the app's networking layer decodes it.
    public static func screen(from data: Data) throws -> CardsScreen {
        try JSONDecoder().decode(CardsScreen.self, from: data)
    }
}
