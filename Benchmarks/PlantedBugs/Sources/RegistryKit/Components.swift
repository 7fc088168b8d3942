import Foundation

// The component classes the registry knows, one per `"type"`.

enum TextStyle: String { case title, headline, body, caption, footnote }

final class TextComponent: Component {
    let text: String
    let style: TextStyle
    let color: RGBColor?
    let maxLines: Int

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        text = try need(object["text"] as? String, "s11", "text")
        let styleName = try need(object["style"] as? String, "s12", "style")
        style = try need(TextStyle(rawValue: styleName), "s13", "style \(styleName)")
        #else
        text = object["text"] as! String                                               // shallow: s11
        let styleName = object["style"] as! String                                     // shallow: s12
        style = TextStyle(rawValue: styleName)!                                        // shallow: s13
        #endif
        color = try (object["color"] as? String).map { try RGBColor(hex: $0) }
        maxLines = object["max_lines"] as? Int ?? 0
        try super.init(object: object, registry: registry)
    }

    override var summary: String { "text[\(style.rawValue)] \(text)" + (color.map { " \($0.hex)" } ?? "") }
}

enum ContentMode: String { case fill, fit, center }

final class ImageComponent: Component {
    let url: URL
    let width: Int
    let height: Int
    /// Width over height, in percent: the cell's height follows it.
    let aspectRatio: Int
    let contentMode: ContentMode

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        let mode = object["content_mode"] as? String ?? "fill"
        #if SHALLOW_FIXED
        let address = try need(object["url"] as? String, "s14", "url")
        url = try need(URL(string: address), "s15", "url \(address)")
        width = try need(object["width"] as? Int, "s16", "width")
        height = try need(object["height"] as? Int, "s17", "height")
        try require(height != 0 && (-1_000_000...1_000_000).contains(width), "s18", "size \(width)x\(height)")
        aspectRatio = width * 100 / height
        contentMode = try need(ContentMode(rawValue: mode), "s19", "content mode \(mode)")
        #else
        let address = object["url"] as! String                                         // shallow: s14
        url = URL(string: address)!                                                    // shallow: s15
        width = object["width"] as! Int                                                // shallow: s16
        height = object["height"] as! Int                                              // shallow: s17
        aspectRatio = width * 100 / height                                             // shallow: s18
        contentMode = ContentMode(rawValue: mode)!                                     // shallow: s19
        #endif
        try super.init(object: object, registry: registry)
    }

    override var summary: String { "image \(url.absoluteString) \(width)x\(height) (\(aspectRatio)%, \(contentMode.rawValue))" }
}

struct ButtonAction {
    enum Kind: String { case open, deeplink, share, dismiss }
    let kind: Kind
    /// Where `open` and `deeplink` go.
    let target: String?
}

/// Taps waiting to be sent with the next analytics batch.
@MainActor
final class TapLog {
    static let shared = TapLog()
    private(set) var entries: [String] = []

    func record(_ title: String, action: String, target: String?) {
        entries.append([title, action, target ?? "-"].joined(separator: " "))
    }
}

final class ButtonComponent: Component {
    let title: String
    let action: ButtonAction
    /// Wired when the button is decoded, so the cell only has to call it.
    var onTap: (@MainActor () -> Void)?
    private(set) var taps = 0

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        let target: String?
        #if SHALLOW_FIXED
        title = try need(object["title"] as? String, "s20", "title")
        let actionObject = try need(object["action"] as? JSONObject, "s21", "action")
        let kindName = try need(actionObject["kind"] as? String, "s22", "action kind")
        let kind = try need(ButtonAction.Kind(rawValue: kindName), "s23", "action kind \(kindName)")
        if kind == .open || kind == .deeplink {
            target = try need(actionObject["url"] as? String, "s24", "action url")
        } else {
            target = nil
        }
        #else
        title = object["title"] as! String                                             // shallow: s20
        let actionObject = object["action"] as! JSONObject                             // shallow: s21
        let kindName = actionObject["kind"] as! String                                 // shallow: s22
        let kind = ButtonAction.Kind(rawValue: kindName)!                              // shallow: s23
        if kind == .open || kind == .deeplink {
            let url = actionObject["url"] as! String                                   // shallow: s24
            target = url
        } else {
            target = nil
        }
        #endif
        action = ButtonAction(kind: kind, target: target)
        try super.init(object: object, registry: registry)
        onTap = { self.perform(self.action) }
    }

    func perform(_ action: ButtonAction) {
        taps += 1
        TapLog.shared.record(title, action: action.kind.rawValue, target: action.target)
    }

    override var summary: String { "button \(title) → \(action.kind.rawValue)" + (action.target.map { " \($0)" } ?? "") }
}

enum Axis: String { case vertical, horizontal, overlay }

final class StackComponent: Component {
    let axis: Axis
    let spacing: Int
    /// The width each child gets in a horizontal stack.
    private(set) var itemWidth = 0

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        let axisName = try need(object["axis"] as? String, "s25", "axis")
        axis = try need(Axis(rawValue: axisName), "s26", "axis \(axisName)")
        let nodes = try need(object["children"] as? [JSONObject], "s27", "children")
        #else
        let axisName = object["axis"] as! String                                       // shallow: s25
        axis = Axis(rawValue: axisName)!                                               // shallow: s26
        let nodes = object["children"] as! [JSONObject]                                // shallow: s27
        #endif
        spacing = object["spacing"] as? Int ?? 0
        try super.init(object: object, registry: registry)
        children = try registry.makeChildren(nodes, parent: self)
        if axis == .horizontal {
            #if SHALLOW_FIXED
            try require(!children.isEmpty, "s28", "a horizontal stack with no children")
            itemWidth = ScreenMetrics.width / children.count
            #else
            itemWidth = ScreenMetrics.width / children.count                           // shallow: s28
            #endif
        }
    }

    override var summary: String { "stack \(axis.rawValue) spacing \(spacing)" + (axis == .horizontal ? " item width \(itemWidth)" : "") }
}

final class CarouselComponent: Component {
    let initialPage: Int
    let autoscrollMillis: Int
    let pagesPerMinute: Int
    private(set) var currentPage = 0
    private(set) weak var selected: Component?

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        let pages = try need(object["pages"] as? [JSONObject], "s29", "pages")
        initialPage = try need(object["initial_page"] as? Int, "s30", "initial page")
        autoscrollMillis = try need(object["autoscroll_ms"] as? Int, "s31", "autoscroll")
        try require(autoscrollMillis != 0, "s32", "autoscroll of 0 ms")
        pagesPerMinute = 60_000 / autoscrollMillis
        #else
        let pages = object["pages"] as! [JSONObject]                                   // shallow: s29
        initialPage = object["initial_page"] as! Int                                   // shallow: s30
        autoscrollMillis = object["autoscroll_ms"] as! Int                             // shallow: s31
        pagesPerMinute = 60_000 / autoscrollMillis                                     // shallow: s32
        #endif
        try super.init(object: object, registry: registry)
        children = try registry.makeChildren(pages, parent: self)
        #if SHALLOW_FIXED
        try require(children.indices.contains(initialPage), "s33", "initial page \(initialPage) of \(children.count)")
        selected = children[initialPage]
        #else
        selected = children[initialPage]                                               // shallow: s33
        #endif
        // A page that scrolls on screen becomes the current one (the page dots follow it).
        for (index, page) in children.enumerated() {
            page.onAppear = { self.currentPage = index }
        }
    }

    override var summary: String { "carousel of \(children.count) from page \(initialPage), \(pagesPerMinute) pages/min" }
}

final class GridComponent: Component {
    let columns: Int
    let rows: Int
    private(set) var rowHeights: [Int] = []

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        columns = try need(object["columns"] as? Int, "s34", "columns")
        let items = try need(object["items"] as? [JSONObject], "s35", "items")
        try require(columns != 0 && (-1_000...1_000).contains(columns), "s36", "\(columns) columns")
        rows = (items.count + columns - 1) / columns
        #else
        columns = object["columns"] as! Int                                            // shallow: s34
        let items = object["items"] as! [JSONObject]                                   // shallow: s35
        rows = (items.count + columns - 1) / columns                                   // shallow: s36
        #endif
        try super.init(object: object, registry: registry)
        children = try registry.makeChildren(items, parent: self)
        #if SHALLOW_FIXED
        try require(rows >= 0, "s37", "\(rows) rows")
        rowHeights = Array(repeating: ScreenMetrics.rowHeight, count: rows)
        #else
        rowHeights = Array(repeating: ScreenMetrics.rowHeight, count: rows)            // shallow: s37
        #endif
    }

    override var summary: String { "grid \(columns)x\(rows)" }
}

final class TickerComponent: Component {
    let messages: [String]
    let headline: String
    let speed: Int
    let millisPerCharacter: Int
    /// Where the ticker starts when the screen appears.
    let startOffset: Int

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        let loops: Int
        #if SHALLOW_FIXED
        messages = try need(object["messages"] as? [String], "s38", "messages")
        headline = try need(messages.first, "s39", "a first message")
        speed = try need(object["speed"] as? Int, "s40", "speed")
        try require(speed != 0, "s41", "speed 0")
        millisPerCharacter = 1_000 / speed
        loops = try need(object["loops"] as? Int, "s42", "loops")
        #else
        messages = object["messages"] as! [String]                                     // shallow: s38
        headline = messages.first!                                                     // shallow: s39
        speed = object["speed"] as! Int                                                // shallow: s40
        millisPerCharacter = 1_000 / speed                                             // shallow: s41
        loops = object["loops"] as! Int                                                // shallow: s42
        #endif
        startOffset = TickerLayout.frames(messages, loops: loops)
        try super.init(object: object, registry: registry)
    }

    override var summary: String { "ticker \(headline) (+\(messages.count - 1)) \(millisPerCharacter) ms/char @\(startOffset)" }
}

final class BadgeComponent: Component {
    let text: String
    let tint: RGBColor
    let count: Int

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        text = try need(object["text"] as? String, "s43", "text")
        let colorHex = try need(object["color"] as? String, "s44", "color")
        #else
        text = object["text"] as! String                                               // shallow: s43
        let colorHex = object["color"] as! String                                      // shallow: s44
        #endif
        tint = try RGBColor(hex: colorHex)
        count = object["count"] as? Int ?? 0
        try super.init(object: object, registry: registry)
    }

    override var summary: String { "badge \(text) \(tint.hex)" + (count > 0 ? " (\(count > 99 ? "99+" : String(count)))" : "") }
}

enum DividerStyle: String { case solid, dashed, dotted }

final class DividerComponent: Component {
    let thickness: Int
    let color: RGBColor
    let style: DividerStyle

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        let styleName = object["style"] as? String ?? "solid"
        #if SHALLOW_FIXED
        thickness = try need(object["thickness"] as? Int, "s45", "thickness")
        let colorHex = try need(object["color"] as? String, "s46", "color")
        style = try need(DividerStyle(rawValue: styleName), "s47", "divider style \(styleName)")
        #else
        thickness = object["thickness"] as! Int                                        // shallow: s45
        let colorHex = object["color"] as! String                                      // shallow: s46
        style = DividerStyle(rawValue: styleName)!                                     // shallow: s47
        #endif
        color = try RGBColor(hex: colorHex)
        try super.init(object: object, registry: registry)
    }

    override var summary: String { "divider \(style.rawValue) \(thickness)pt \(color.hex)" }
}

final class VideoComponent: Component {
    let url: URL?
    let durationMillis: Int
    /// Chapter starts in percent of the duration: the marks on the scrubber.
    let chapterMarks: [Int]
    let autoplay: Bool

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        let source = try need(object["source"] as? JSONObject, "s48", "source")
        let address = try need(source["hls"] as? String, "s49", "hls url")
        let duration = try need(source["duration_ms"] as? Int, "s50", "duration")
        let chapters = try need(object["chapters"] as? [Int], "s51", "chapters")
        try require(duration != 0 && chapters.allSatisfy { (-1_000_000_000...1_000_000_000).contains($0) }, "s52", "chapters of \(duration) ms")
        chapterMarks = chapters.map { $0 * 100 / duration }
        #else
        let source = object["source"] as! JSONObject                                   // shallow: s48
        let address = source["hls"] as! String                                         // shallow: s49
        let duration = source["duration_ms"] as! Int                                   // shallow: s50
        let chapters = object["chapters"] as! [Int]                                    // shallow: s51
        chapterMarks = chapters.map { $0 * 100 / duration }                            // shallow: s52
        #endif
        durationMillis = duration
        url = URL(string: address)
        autoplay = object["autoplay"] as? Bool ?? false
        try super.init(object: object, registry: registry)
    }

    override var summary: String { "video \(url?.absoluteString ?? "-") \(durationMillis) ms chapters \(chapterMarks)" + (autoplay ? " autoplay" : "") }
}

enum HeroLayout: String {
    case fullBleed = "full_bleed", split, compact
    /// Still sent to app versions before 7.0.
    case legacyV2 = "legacy_hero_v2"
}

final class HeroComponent: Component {
    let title: String
    let layout: HeroLayout
    let images: [String]
    let cover: String
    private(set) var backdrop: String?

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        title = try need(object["title"] as? String, "s53", "title")
        let layoutName = try need(object["layout"] as? String, "s54", "layout")
        layout = try need(HeroLayout(rawValue: layoutName), "s55", "layout \(layoutName)")
        images = try need(object["images"] as? [String], "s56", "images")
        cover = try need(images.first, "s57", "a cover image")
        #else
        title = object["title"] as! String                                             // shallow: s53
        let layoutName = object["layout"] as! String                                   // shallow: s54
        layout = HeroLayout(rawValue: layoutName)!                                     // shallow: s55
        images = object["images"] as! [String]                                         // shallow: s56
        cover = images.first!                                                          // shallow: s57
        #endif
        try super.init(object: object, registry: registry)
        if layout == .legacyV2 {
            backdrop = HeroRenderer.legacy(images)
        }
    }

    override var summary: String { "hero \(title) [\(layout.rawValue)] \(cover)" + (backdrop.map { " over \($0)" } ?? "") }
}

enum Currency: String { case USD, EUR, GBP, JPY, KRW }

final class PriceComponent: Component {
    let amount: Int
    let currency: Currency
    /// Minor units per major unit (100 cents to the dollar, 1 for the yen).
    let minorUnits: Int
    let major: Int

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        #if SHALLOW_FIXED
        amount = try need(object["amount"] as? Int, "s58", "amount")
        let code = try need(object["currency"] as? String, "s59", "currency")
        currency = try need(Currency(rawValue: code), "s60", "currency \(code)")
        minorUnits = try need(object["minor_units"] as? Int, "s61", "minor units")
        try require(minorUnits != 0 && !(amount == .min && minorUnits == -1), "s62", "\(minorUnits) minor units")
        major = amount / minorUnits
        #else
        amount = object["amount"] as! Int                                              // shallow: s58
        let code = object["currency"] as! String                                       // shallow: s59
        currency = Currency(rawValue: code)!                                           // shallow: s60
        minorUnits = object["minor_units"] as! Int                                     // shallow: s61
        major = amount / minorUnits                                                    // shallow: s62
        #endif
        try super.init(object: object, registry: registry)
    }

    override var summary: String { "price \(major) \(currency.rawValue) (\(amount)/\(minorUnits))" }
}

enum TickerLayout {
    /// The ticker's offset after `loops` passes over its messages. Each pass replays the passes
    /// before it, so the offset matches what the old ticker showed — and the time grows with the
    /// square of a number from the payload.
    static func frames(_ messages: [String], loops: Int) -> Int {
        let widths = messages.map { $0.utf8.count }
        guard loops > 0, !widths.isEmpty else { return 0 }
        var offset = 0
        for pass in 0..<loops {
            for earlier in 0..<pass {
                offset = (offset &+ widths[(pass &+ earlier) % widths.count]) % 7919
            }
        }
        return offset
    }
}

enum HeroRenderer {
    /// The pre-7.0 hero cross-fades its images, each into the next: the frames of the animation.
    static func legacy(_ images: [String]) -> String {
        var frames: [String] = []
        for index in 0..<images.count {
            frames.append(images[index] + " > " + images[index + 1])
        }
        return frames.joined(separator: ", ")
    }
}
