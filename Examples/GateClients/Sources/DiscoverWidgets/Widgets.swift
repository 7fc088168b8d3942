import Foundation

// The discover page of the 1.4 app: a page of widgets, each an `identifier` and its `data`. A widget
// that does not decode (an identifier this version does not know, a key missing or of another type)
// is skipped, so one bad widget never costs the whole page.
//
//   { "page": { "title": "Discover", "widgets": [
//       { "identifier": "hero", "data": { "headline": "…", "imageURL": "https://…" } },
//       { "identifier": "text", "data": { "text": "…" } },
//       { "identifier": "button", "data": { "title": "…", "url": "shop://…" } } ] } }

public struct DiscoverResponse: Decodable {
    public let page: DiscoverPage
}

public struct DiscoverPage: Decodable {
    public let title: String
    public let widgets: [AnyWidget]
}

public final class AnyWidget: Decodable {
    public let identifier: String
    public let widget: Widget?

    private enum CodingKeys: String, CodingKey {
        case identifier, data
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        do {
            switch identifier {
            case "hero": widget = .hero(try container.decode(HeroWidget.self, forKey: .data))
            case "text": widget = .text(try container.decode(TextWidget.self, forKey: .data))
            case "button": widget = .button(try container.decode(ButtonWidget.self, forKey: .data))
            default: widget = nil
            }
        } catch {
            widget = nil
        }
    }
}

public enum Widget {
    case hero(HeroWidget)
    case text(TextWidget)
    case button(ButtonWidget)
}

public struct HeroWidget: Decodable {
    public let headline: String
    public let imageURL: URL
    public let badge: String?
}

public struct TextWidget: Decodable {
    public let text: String
}

public struct ButtonWidget: Decodable {
    public let title: String
    public let url: String
}

/// The page the discover screen shows: its title and the widgets that decoded.
public struct DiscoverScreen {
    public let title: String
    public let widgets: [Widget]

    public init(page: DiscoverPage) {
        title = page.title
        widgets = page.widgets.compactMap { $0.widget }
    }

    /// The screen in a response body, as the app's page loader decodes it.
    public static func load(from data: Data) throws -> DiscoverScreen {
        DiscoverScreen(page: try JSONDecoder().decode(DiscoverResponse.self, from: data).page)
    }
}
