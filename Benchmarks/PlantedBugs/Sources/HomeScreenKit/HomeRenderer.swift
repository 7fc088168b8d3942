/// What the home screen shows: a view per content, made by the factory.
public struct HomeView {
    public var title: String
    public var subtitle: String = ""
    public var iconUrl: String = ""
}

public enum HomeViewFactory {
    /// Maps a content DTO to its view, with the default strings the designers asked for.
    public static func makeView(for item: HomeContent) -> HomeView {
        switch item.content {
        case let a as AContentInfo:
            return HomeView(title: a.title ?? "A Title", iconUrl: a.iconUrl ?? "")
        case let b as BContentInfo:
            return HomeView(title: b.title ?? "B Title")
        case is DefaultContentInfo:
            return HomeView(title: "Default Title")
        default:
            fatalError("unhandled content type \(type(of: item.content))")
        }
    }
}

enum TemplateResolver {
    /// A template's style, merged over the style of the template it extends.
    static func resolve(_ name: String, templates: [String: Template]) -> [String: String] {
        guard let template = templates[name] else { return [:] }
        var style = template.base.map { resolve($0, templates: templates) } ?? [:]
        style.merge(template.style ?? [:]) { _, own in own }
        return style
    }
}

enum BetaFeatures {
    /// The experiment banner shown on beta servers.
    static func experimentBanner(for screen: HomeScreen) -> String? {
        guard screen.apiVersion == "5.2.0-beta" else { return nil }
        // Beta servers always attach the experiment they run.
        return "experiment: \(screen.experiment!.name)"
    }
}

enum PrefetchPlan {
    /// The first page of images to warm up.
    static func firstPage(of prefetch: Prefetch) -> [String] {
        Array(prefetch.imageUrls.prefix(prefetch.pageSize ?? 4))
    }
}

public enum HomeRenderer {
    public static func render(_ screen: HomeScreen) -> String {
        var lines = ["== \(screen.screenName) =="]
        if let banner = BetaFeatures.experimentBanner(for: screen) { lines.append(banner) }
        if let prefetch = screen.prefetch {
            lines.append("prefetch: " + PrefetchPlan.firstPage(of: prefetch).joined(separator: ", "))
        }
        for item in screen.contents {
            let view = HomeViewFactory.makeView(for: item)
            var line = "[\(item.viewType)] \(view.title)"
            if !view.subtitle.isEmpty { line += " - \(view.subtitle)" }
            if !view.iconUrl.isEmpty { line += " (\(view.iconUrl))" }
            if let name = item.template {
                let style = TemplateResolver.resolve(name, templates: screen.templates ?? [:])
                line += " {" + style.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
