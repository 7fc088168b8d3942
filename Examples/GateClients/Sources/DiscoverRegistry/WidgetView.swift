import Foundation

/// A widget's view (a UIView subclass in the app; a plain description here so the module builds
/// everywhere).
public final class WidgetView {
    public let lines: [String]
    public let imageURL: URL?
    public let link: String?

    public init(lines: [String], imageURL: URL? = nil, link: String? = nil) {
        self.lines = lines
        self.imageURL = imageURL
        self.link = link
    }
}

public extension DiscoverPage {
    /// The page as it shows: its title in the navigation bar, then one view per widget model.
    var navigationTitle: String { title }
    func makeViews() -> [WidgetView] { widgets.map { $0.makeView() } }
}
