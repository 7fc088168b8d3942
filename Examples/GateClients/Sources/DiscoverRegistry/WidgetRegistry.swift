import Foundation

// The discover page of the 1.4 app, built through a widget registry: the response is read with
// JSONSerialization, and each widget's `data` dictionary is handed to the factory registered for
// its `identifier`. An identifier nobody registered gets a placeholder that says so. The text and
// button factories force-cast their values, as the app's always have: a key the server leaves out
// or sends as another type crashes the app.
//
//   { "page": { "title": "Discover", "widgets": [
//       { "identifier": "hero", "data": { "headline": "…", "imageURL": "https://…" } },
//       { "identifier": "text", "data": { "text": "…" } },
//       { "identifier": "button", "data": { "title": "…", "url": "shop://…" } } ] } }

public protocol WidgetModel: AnyObject {
    func makeView() -> WidgetView
}

public final class WidgetRegistry {
    nonisolated(unsafe) public static let shared: WidgetRegistry = {
        let registry = WidgetRegistry()
        registry.register("hero") { data in
            // A hero without a headline or image still shows (a grey box): they default.
            HeroWidgetModel(headline: data["headline"] as? String ?? "",
                            imageURL: (data["imageURL"] as? String).flatMap { URL(string: $0) },
                            badge: data["badge"] as? String)
        }
        registry.register("text") { data in
            TextWidgetModel(text: data["text"] as! String)
        }
        registry.register("button") { data in
            ButtonWidgetModel(title: data["title"] as! String, url: data["url"] as! String)
        }
        return registry
    }()

    private var factories: [String: ([String: Any]) -> WidgetModel] = [:]

    public func register(_ identifier: String, _ factory: @escaping ([String: Any]) -> WidgetModel) {
        factories[identifier] = factory
    }

    public func widget(for identifier: String, data: [String: Any]) -> WidgetModel {
        guard let factory = factories[identifier] else {
            return PlaceholderWidget(message: "This content is not available: \(identifier)")
        }
        return factory(data)
    }
}

public final class HeroWidgetModel: WidgetModel {
    public let headline: String
    public let imageURL: URL?
    public let badge: String?

    init(headline: String, imageURL: URL?, badge: String?) {
        self.headline = headline
        self.imageURL = imageURL
        self.badge = badge
    }

    public func makeView() -> WidgetView { WidgetView(lines: [badge, headline].compactMap { $0 }, imageURL: imageURL) }
}

public final class TextWidgetModel: WidgetModel {
    public let text: String

    init(text: String) { self.text = text }

    public func makeView() -> WidgetView { WidgetView(lines: [text]) }
}

public final class ButtonWidgetModel: WidgetModel {
    public let title: String
    public let url: String

    init(title: String, url: String) {
        self.title = title
        self.url = url
    }

    public func makeView() -> WidgetView { WidgetView(lines: [title], link: url) }
}

/// What the app shows for a widget it has no factory for: a grey box with this message.
public final class PlaceholderWidget: WidgetModel {
    public let message: String

    init(message: String) { self.message = message }

    public func makeView() -> WidgetView { WidgetView(lines: [message]) }
}

/// The page: its title and one widget model per widget the server sent.
public final class DiscoverPage {
    public let title: String
    public let widgets: [WidgetModel]

    init(title: String, widgets: [WidgetModel]) {
        self.title = title
        self.widgets = widgets
    }

    public enum LoadError: Error {
        case malformedResponse
    }

    /// The page in a response body, as the app's page loader builds it.
    public static func load(from data: Data) throws -> DiscoverPage {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let page = json["page"] as? [String: Any] else {
            throw LoadError.malformedResponse
        }
        let items = page["widgets"] as? [[String: Any]] ?? []
        let widgets = items.map { item in
            WidgetRegistry.shared.widget(for: item["identifier"] as! String, data: item["data"] as? [String: Any] ?? [:])
        }
        return DiscoverPage(title: page["title"] as? String ?? "", widgets: widgets)
    }
}
