import Foundation

// The home feed of the 2.0 app: a title and a list of items, each a `type` and its content under a
// key named like the type. An item of a type this version does not know keeps its type and no
// payload; the view factory shows it as nothing.
//
//   { "title": "Home", "items": [
//       { "type": "banner", "banner": { "headline": "Autumn picks", "imageURL": "https://…" } },
//       { "type": "text", "text": { "body": "Free returns on every order" } },
//       { "type": "button", "button": { "title": "Shop now", "url": "shop://autumn" } } ] }

public struct FeedScreen: Decodable {
    public let title: String
    public let items: [FeedItem]

    /// The screen in a response body, as the feed's API client decodes it.
    public static func decode(from data: Data) throws -> FeedScreen {
        try JSONDecoder().decode(FeedScreen.self, from: data)
    }
}

public final class FeedItem: Decodable {
    public let type: String
    public let payload: FeedPayload?

    private enum CodingKeys: String, CodingKey {
        case type, banner, text, button
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        switch type {
        case "banner":
            payload = .banner(try container.decode(BannerData.self, forKey: .banner))
        case "text":
            payload = .text(try container.decode(TextData.self, forKey: .text))
        case "button":
            payload = .button(try container.decode(ButtonData.self, forKey: .button))
        default:
            payload = nil
        }
    }
}

public enum FeedPayload {
    case banner(BannerData)
    case text(TextData)
    case button(ButtonData)
}

public struct BannerData: Decodable {
    public let headline: String
    public let imageURL: URL
    public let subtitle: String?
}

public struct TextData: Decodable {
    public let body: String
}

public struct ButtonData: Decodable {
    public let title: String
    public let url: String
}
