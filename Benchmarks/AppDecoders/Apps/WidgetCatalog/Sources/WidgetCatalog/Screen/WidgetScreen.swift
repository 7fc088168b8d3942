import Foundation

/// A screen of widgets, as the catalog's screen controller loads it.
public struct WidgetScreen: Sendable {
    public let id: String
    public let widgets: [any Widget]

    static let registry = #widgetRegistry(BannerWidget.self, CountdownWidget.self, ActionRowWidget.self)

    /// Resolves a response into widgets through the registry the macro builds.
    public static func resolve(_ data: Data) throws -> WidgetScreen {
        try JSONDecoder().decode(Envelope.self, from: data).screen
    }

    private struct Envelope: Decodable {
        let screen: WidgetScreen

        private enum CodingKeys: String, CodingKey { case id, widgets }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var items = try container.nestedUnkeyedContainer(forKey: .widgets)
            var widgets: [any Widget] = []
            while !items.isAtEnd {
                let item = try items.superDecoder()
                let kind = try item.container(keyedBy: KindKey.self).decode(String.self, forKey: .type)
                let make = WidgetScreen.registry[kind]!
                widgets.append(try make(item))
            }
            screen = WidgetScreen(id: try container.decode(String.self, forKey: .id), widgets: widgets)
        }
    }

    private enum KindKey: String, CodingKey { case type }
}
