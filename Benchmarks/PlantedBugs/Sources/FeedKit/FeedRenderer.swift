// Renders a feed screen into the text the app's cells would show, one line per cell.
public enum FeedRenderer {
    public static func render(_ screen: FeedScreen) -> String {
        var lines = ["# \(screen.title)"]
        let header = layoutHeader(for: screen)
        if !header.isEmpty { lines.append(header) }
        for view in screen.views {
            switch view.type {
            case "text": lines.append(view.text ?? "")
            case "button": lines.append(buttonCell(for: view))
            case "image": lines.append(imageCell(for: view))
            case "grid": lines.append(contentsOf: gridRows(for: view))
            case "hero": lines.append("** \(view.text ?? "") **")
            default: continue  // unknown types render nothing
            }
            if let event = FeedAnalytics.impressionEvent(for: view) { lines.append("  (\(event))") }
        }
        return lines.joined(separator: "\n")
    }

    /// The header above the feed: list and grid layouts, plus the grid experiment.
    static func layoutHeader(for screen: FeedScreen) -> String {
        guard let layout = screen.layout else { return "" }
        if layout.style == "experimental_grid_v2" {
            // Grid v2 screens always lead with a hero view (agreed with the server team).
            let hero = screen.views.first { $0.type == "hero" }!
            return "grid v2, hero: \(hero.text ?? "")"
        }
        return "layout: \(layout.style ?? "list"), spacing \(layout.spacing ?? 8)"
    }

    /// A button: its title and where its action goes.
    static func buttonCell(for view: FeedView) -> String {
        let title = view.text ?? "Button"
        switch view.action {
        case "navigate": return "[\(title)] -> \(view.destination!)"
        case "dismiss": return "[\(title)] x"
        case "open_url": return "[\(title)] ^ \(view.url ?? "")"
        default: return "[\(title)]"
        }
    }

    static func imageCell(for view: FeedView) -> String {
        let pixels = ImageSizing.pixelSize(for: view)
        return "<img \(view.url ?? "") \(pixels.width)x\(pixels.height)px>"
    }

    /// A grid: items in rows of `columns`.
    static func gridRows(for view: FeedView) -> [String] {
        let items = view.items ?? []
        let columns = view.columns ?? 2
        var rows: [String] = []
        for (index, item) in items.enumerated() {
            if index % columns == 0 {
                rows.append(item)
            } else {
                rows[rows.count - 1] += " | " + item
            }
        }
        return rows
    }
}

public enum ImageSizing {
    /// Sizes arrive in points; the image CDN is asked for pixels.
    public static func pixelSize(for view: FeedView) -> (width: Int, height: Int) {
        let scale = view.scale ?? 2
        return ((view.width ?? 0) * scale, (view.height ?? 0) * scale)
    }
}

public enum FeedAnalytics {
    /// Impression events for the analytics SDK, whose event ids are 32-bit.
    public static func impressionEvent(for view: FeedView) -> String? {
        guard let logId = view.logId else { return nil }
        let eventId = Int32(logId)
        return "impression \(view.type) #\(eventId)"
    }
}
