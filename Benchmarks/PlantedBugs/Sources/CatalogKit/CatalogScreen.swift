import Foundation

// A crash-dense decoder, written the common non-defensive way: `as!`, `!`, a `fatalError`
// for an unknown type. Most malformed payloads crash at one of its shallow sites (each marked
// `// shallow: ID`, one per line); three deeper bugs sit behind them (`TemplateResolver.expand`,
// `TickerRenderer.frames`, `TextRenderer.marquee`).
//
// The same file is built twice: `CatalogKit` as written, and `CatalogKitFixed` (a link to this file,
// compiled with SHALLOW_FIXED) where every shallow site throws instead — the speed reference of
// the benchmark: a campaign on the crash-dense build should keep at least half the fixed one's speed.
//
//   { "page": "catalog", "templates": { "card": { "use": "base", "style": "title" }, "base": { "type": "text" } },
//     "blocks": [ { "type": "text", "text": "Hi", "style": "body" }, { "use": "card", "text": "Deals" }, ... ] }

public enum TextStyle: String {
    case title, body, caption
    case legacyMarquee = "legacy_marquee_v1"
}

public enum ActionKind: String { case open, share, dismiss }

public enum Currency: String { case USD, EUR, KRW }

public indirect enum Block {
    case text(String, style: TextStyle)
    case image(url: String, width: Int, height: Int, aspect: Int)
    case button(title: String, action: ActionKind, url: String?)
    case banner(title: String, image: String)
    case carousel(first: Block, items: [Block])
    case grid(columns: Int, rows: Int, items: [Block])
    case price(amount: Int, currency: Currency)
    case rating(stars: Double, count: Int)
    case badge(String)
    case spacer(UInt8)
    case list(title: String, rows: [Block])
    case ticker(String, loops: Int)
    case divider
}

public enum CatalogError: Error {
    case missing(String)
}

#if SHALLOW_FIXED
/// The fixed build's version of a shallow site: a typed error instead of a crash.
@inline(never) func need<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw CatalogError.missing(what) }
    return value
}
#endif

public struct CatalogScreen {
    public let page: String
    public let blocks: [Block]

    public static func decode(_ data: Data) throws -> CatalogScreen {
        #if SHALLOW_FIXED
        let object = try JSONSerialization.jsonObject(with: data)
        let root = try need(object as? [String: Any], "root")
        let page = try need(root["page"] as? String, "page")
        let nodes = try need(root["blocks"] as? [[String: Any]], "blocks")
        #else
        let object = try JSONSerialization.jsonObject(with: data)
        let root = object as! [String: Any]                                        // shallow: s02
        let page = root["page"] as! String                                         // shallow: s03
        let nodes = root["blocks"] as! [[String: Any]]                             // shallow: s04
        #endif
        let templates = root["templates"] as? [String: [String: Any]] ?? [:]
        let blocks = try nodes.map { try BlockBuilder.block(TemplateResolver.expand($0, templates: templates), templates: templates) }
        return CatalogScreen(page: page, blocks: blocks)
    }
}

enum TemplateResolver {
    /// A node with `"use": NAME` takes the template's keys under its own. Templates may use other
    /// templates; a cycle (card uses base, base uses card) recurses until the stack runs out.
    static func expand(_ node: [String: Any], templates: [String: [String: Any]]) throws -> [String: Any] {
        guard let name = node["use"] as? String else { return node }
        #if SHALLOW_FIXED
        let template = try need(templates[name], "template \(name)")
        #else
        let template = templates[name]!                                            // shallow: s05
        #endif
        var merged = try expand(template, templates: templates)
        for (key, value) in node where key != "use" { merged[key] = value }
        return merged
    }
}

enum BlockBuilder {
    static func block(_ node: [String: Any], templates: [String: [String: Any]]) throws -> Block {
        #if SHALLOW_FIXED
        let type = try need(node["type"] as? String, "type")
        #else
        let type = node["type"] as! String                                         // shallow: s06
        #endif
        switch type {
        case "text": return try text(node)
        case "image": return try image(node)
        case "button": return try button(node)
        case "banner": return try banner(node)
        case "carousel": return try carousel(node, templates: templates)
        case "grid": return try grid(node, templates: templates)
        case "price": return try price(node)
        case "rating": return try rating(node)
        case "badge": return try badge(node)
        case "spacer": return try spacer(node)
        case "list": return try list(node, templates: templates)
        case "ticker": return try ticker(node)
        case "divider": return .divider
        default:
            #if SHALLOW_FIXED
            throw CatalogError.missing("known type")
            #else
            fatalError("unknown block type \(type)")                               // shallow: s07
            #endif
        }
    }

    static func text(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let text = try need(node["text"] as? String, "text")
        let styleName = try need(node["style"] as? String, "style")
        let style = try need(TextStyle(rawValue: styleName), "style value")
        #else
        let text = node["text"] as! String                                         // shallow: s08
        let styleName = node["style"] as! String                                   // shallow: s09
        let style = TextStyle(rawValue: styleName)!                                // shallow: s10
        #endif
        return .text(text, style: style)
    }

    static func image(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let url = try need(node["url"] as? String, "url")
        let width = try need(node["width"] as? Int, "width")
        let height = try need(node["height"] as? Int, "height")
        guard height > 0, (0...1_000_000).contains(width) else { throw CatalogError.missing("size in range") }
        let aspect = width * 100 / height
        #else
        let url = node["url"] as! String                                           // shallow: s11
        let width = node["width"] as! Int                                          // shallow: s12
        let height = node["height"] as! Int                                        // shallow: s13
        let aspect = width * 100 / height                                          // shallow: s14
        #endif
        return .image(url: url, width: width, height: height, aspect: aspect)
    }

    static func button(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let title = try need(node["title"] as? String, "title")
        let action = try need(node["action"] as? [String: Any], "action")
        let kindName = try need(action["kind"] as? String, "kind")
        let kind = try need(ActionKind(rawValue: kindName), "kind value")
        let url = kind == .open ? try need(action["url"] as? String, "url") : nil
        #else
        let title = node["title"] as! String                                       // shallow: s15
        let action = node["action"] as! [String: Any]                              // shallow: s16
        let kindName = action["kind"] as! String                                   // shallow: s17
        let kind = ActionKind(rawValue: kindName)!                                 // shallow: s18
        let url = kind == .open ? action["url"] as! String : nil                   // shallow: s19
        #endif
        return .button(title: title, action: kind, url: url)
    }

    static func banner(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let title = try need(node["title"] as? String, "title")
        let image = try need(node["image"] as? String, "image")
        #else
        let title = node["title"] as! String                                       // shallow: s20
        let image = node["image"] as! String                                       // shallow: s21
        #endif
        return .banner(title: title, image: image)
    }

    static func carousel(_ node: [String: Any], templates: [String: [String: Any]]) throws -> Block {
        #if SHALLOW_FIXED
        let nodes = try need(node["items"] as? [[String: Any]], "items")
        let items = try nodes.map { try block(TemplateResolver.expand($0, templates: templates), templates: templates) }
        let first = try need(items.first, "first item")
        #else
        let nodes = node["items"] as! [[String: Any]]                              // shallow: s22
        let items = try nodes.map { try block(TemplateResolver.expand($0, templates: templates), templates: templates) }
        let first = items[0]                                                       // shallow: s23
        #endif
        return .carousel(first: first, items: items)
    }

    static func grid(_ node: [String: Any], templates: [String: [String: Any]]) throws -> Block {
        #if SHALLOW_FIXED
        let columns = try need(node["columns"] as? Int, "columns")
        let nodes = try need(node["items"] as? [[String: Any]], "items")
        guard columns > 0 else { throw CatalogError.missing("columns") }
        let rows = (nodes.count + columns - 1) / columns
        #else
        let columns = node["columns"] as! Int                                      // shallow: s24
        let nodes = node["items"] as! [[String: Any]]                              // shallow: s25
        let rows = (nodes.count + columns - 1) / columns                           // shallow: s26
        #endif
        let items = try nodes.map { try block(TemplateResolver.expand($0, templates: templates), templates: templates) }
        return .grid(columns: columns, rows: rows, items: items)
    }

    static func price(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let amount = try need(node["amount"] as? Int, "amount")
        let code = try need(node["currency"] as? String, "currency")
        let currency = try need(Currency(rawValue: code), "currency value")
        #else
        let amount = node["amount"] as! Int                                        // shallow: s27
        let code = node["currency"] as! String                                     // shallow: s28
        let currency = Currency(rawValue: code)!                                   // shallow: s29
        #endif
        return .price(amount: amount, currency: currency)
    }

    static func rating(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let stars = try need(node["stars"] as? Double, "stars")
        let count = try need(node["count"] as? Int, "count")
        #else
        let stars = node["stars"] as! Double                                       // shallow: s30
        let count = node["count"] as! Int                                          // shallow: s31
        #endif
        return .rating(stars: stars, count: count)
    }

    static func badge(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        return .badge(try need(node["text"] as? String, "text"))
        #else
        return .badge(node["text"] as! String)                                     // shallow: s32
        #endif
    }

    static func spacer(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let height = try need(node["height"] as? Int, "height")
        let points = try need(UInt8(exactly: height), "height in range")
        #else
        let height = node["height"] as! Int                                        // shallow: s33
        let points = UInt8(height)                                                 // shallow: s34
        #endif
        return .spacer(points)
    }

    static func list(_ node: [String: Any], templates: [String: [String: Any]]) throws -> Block {
        #if SHALLOW_FIXED
        let title = try need(node["title"] as? String, "title")
        let nodes = try need(node["rows"] as? [[String: Any]], "rows")
        #else
        let title = node["title"] as! String                                       // shallow: s35
        let nodes = node["rows"] as! [[String: Any]]                               // shallow: s36
        #endif
        let rows = try nodes.map { try block(TemplateResolver.expand($0, templates: templates), templates: templates) }
        return .list(title: title, rows: rows)
    }

    static func ticker(_ node: [String: Any]) throws -> Block {
        #if SHALLOW_FIXED
        let text = try need(node["text"] as? String, "text")
        let loops = try need(node["loops"] as? Int, "loops")
        #else
        let text = node["text"] as! String                                         // shallow: s37
        let loops = node["loops"] as! Int                                          // shallow: s38
        #endif
        return .ticker(text, loops: loops)
    }
}

public enum CatalogRenderer {
    public static func render(_ screen: CatalogScreen) -> String {
        (["page \(screen.page)"] + screen.blocks.map { render($0, depth: 1) }).joined(separator: "\n")
    }

    static func render(_ block: Block, depth: Int) -> String {
        let pad = String(repeating: "  ", count: depth)
        switch block {
        case .text(let text, let style): return pad + "text[\(style.rawValue)] " + TextRenderer.line(text, style: style)
        case .image(let url, let width, let height, let aspect): return pad + "image \(url) \(width)x\(height) aspect \(aspect)%"
        case .button(let title, let action, let url): return pad + "button \(title) → \(action.rawValue)" + (url.map { " \($0)" } ?? "")
        case .banner(let title, let image): return pad + "banner \(title) \(image)"
        case .carousel(let first, let items): return ([pad + "carousel of \(items.count), first:", render(first, depth: depth + 1)]).joined(separator: "\n")
        case .grid(let columns, let rows, let items): return ([pad + "grid \(columns)x\(rows)"] + items.map { render($0, depth: depth + 1) }).joined(separator: "\n")
        case .price(let amount, let currency): return pad + "price \(amount) \(currency.rawValue)"
        case .rating(let stars, let count): return pad + "rating \(stars) (\(count))"
        case .badge(let text): return pad + "badge \(text)"
        case .spacer(let points): return pad + "spacer \(points)"
        case .list(let title, let rows): return ([pad + "list \(title)"] + rows.map { render($0, depth: depth + 1) }).joined(separator: "\n")
        case .ticker(let text, let loops): return pad + "ticker \(TickerRenderer.frames(text, loops: loops))"
        case .divider: return pad + "divider"
        }
    }
}

enum TextRenderer {
    static func line(_ text: String, style: TextStyle) -> String {
        style == .legacyMarquee ? marquee(text) : text
    }

    /// The old marquee style scrolls from the last glyph — one past it, in fact.
    static func marquee(_ text: String) -> String {
        let glyphs = Array(text)
        let last = glyphs[glyphs.count]
        return String(last) + text
    }
}

enum TickerRenderer {
    /// A ticker's frame offset after `loops` full passes; every pass walks every earlier one again,
    /// so the time grows with the square of a number from the payload.
    static func frames(_ text: String, loops: Int) -> String {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, loops > 0 else { return text }
        var offset = 0
        for pass in 0..<loops {
            for earlier in 0..<pass {
                offset = (offset &+ Int(bytes[(pass &+ earlier) % bytes.count])) % 7919
            }
        }
        return "\(text) @\(offset)"
    }
}
