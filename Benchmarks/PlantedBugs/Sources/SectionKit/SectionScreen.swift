import Foundation

// Seed shape 3: `sectionComponentType` + `section`; unknown screens and component types throw.
//
//   { "screenName": "Home", "contents": [
//       { "sectionComponentType": "TITLE", "section": { "title": "Today" } },
//       { "sectionComponentType": "PLUS_TITLE", "section": { "title": "More", "subtitle": "See all" } } ] }
//
// Parsed with JSONSerialization into an enum with associated values.

public enum ScreenName: String {
    case home = "Home"
    case search = "Search"
    case myPage = "MyPage"
}

public enum SectionComponentType: String {
    case title = "TITLE"
    case plusTitle = "PLUS_TITLE"
    case carousel = "CAROUSEL"
    case skeleton = "SKELETON"
    case ticker = "TICKER"
    case legacyCarousel = "LEGACY_CAROUSEL"
}

public enum Section {
    case title(String)
    case plusTitle(title: String, subtitle: String?)
    case carousel(titles: [String], selected: String?)
    case skeleton(rows: [String])
    case ticker(frame: String)
    case legacyCarousel(hero: String, count: Int)
}

public enum SectionError: Error {
    case notAnObject(String)
    case unknownScreen(String)
    case unknownComponent(String)
    case missing(String)
}

public struct SectionScreen {
    public let screenName: ScreenName
    public let sections: [Section]

    public static func decode(_ json: Data) throws -> SectionScreen {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw SectionError.notAnObject("$")
        }
        let name = root["screenName"] as? String ?? ""
        guard let screenName = ScreenName(rawValue: name) else { throw SectionError.unknownScreen(name) }
        guard let contents = root["contents"] as? [[String: Any]] else { throw SectionError.missing("contents") }
        return SectionScreen(screenName: screenName, sections: try contents.map(SectionBuilder.section(from:)))
    }
}

enum SectionBuilder {
    static func section(from item: [String: Any]) throws -> Section {
        let rawType = item["sectionComponentType"] as? String ?? ""
        guard let type = SectionComponentType(rawValue: rawType) else { throw SectionError.unknownComponent(rawType) }
        guard let section = item["section"] as? [String: Any] else { throw SectionError.missing("section") }
        switch type {
        case .title:
            guard let title = section["title"] as? String else { throw SectionError.missing("title") }
            return .title(title)
        case .plusTitle: return try plusTitle(section)
        case .carousel: return try carousel(section)
        case .skeleton: return skeleton(section)
        case .ticker: return try ticker(section)
        case .legacyCarousel: return legacyCarousel(section)
        }
    }

    static func plusTitle(_ section: [String: Any]) throws -> Section {
        guard let title = section["title"] as? String else { throw SectionError.missing("title") }
        var subtitle: String?
        if section["subtitle"] != nil {
            subtitle = (section["subtitle"] as! String)
        }
        return .plusTitle(title: title, subtitle: subtitle)
    }

    /// A carousel shows its selected item enlarged; a grid lays all items out alike.
    static func carousel(_ section: [String: Any]) throws -> Section {
        guard let items = section["items"] as? [[String: Any]] else { throw SectionError.missing("items") }
        let titles = items.compactMap { $0["title"] as? String }
        let style = section["style"] as? String ?? "carousel"
        let selectedIndex = section["selectedIndex"] as? Int ?? 0
        var selected: String?
        if style == "carousel", !titles.isEmpty {
            selected = titles[selectedIndex]
        }
        return .carousel(titles: titles, selected: selected)
    }

    /// Placeholder rows while the real section loads (never more than 20).
    static func skeleton(_ section: [String: Any]) -> Section {
        let rows = min(section["rows"] as? Int ?? 3, 20)
        return .skeleton(rows: Array(repeating: "░░░░░░░░", count: rows))
    }

    /// A scrolling ticker, shown at the frame the server asks for (one character per frame).
    static func ticker(_ section: [String: Any]) throws -> Section {
        guard let text = section["text"] as? String else { throw SectionError.missing("text") }
        let startFrame = section["startFrame"] as? Int ?? 0
        var visible = text
        for _ in stride(from: 0, to: startFrame, by: 1) {
            visible = String(visible.dropFirst()) + String(visible.prefix(1))
        }
        return .ticker(frame: visible)
    }

    /// The 2019 carousel format: `banners`, each with an image; the first one is the hero.
    static func legacyCarousel(_ section: [String: Any]) -> Section {
        let banners = section["banners"] as? [[String: Any]] ?? []
        let hero = banners.first!
        return .legacyCarousel(hero: hero["image"] as? String ?? "", count: banners.count)
    }
}

public enum SectionRenderer {
    public static func render(_ screen: SectionScreen) -> String {
        var lines = ["<\(screen.screenName.rawValue)>"]
        for section in screen.sections {
            switch section {
            case .title(let title): lines.append(title)
            case .plusTitle(let title, let subtitle): lines.append("\(title) | \(subtitle ?? "")")
            case .carousel(let titles, let selected):
                lines.append(titles.map { $0 == selected ? "[\($0)]" : $0 }.joined(separator: " "))
            case .skeleton(let rows): lines.append(contentsOf: rows)
            case .ticker(let frame): lines.append("~ \(frame) ~")
            case .legacyCarousel(let hero, let count): lines.append("legacy \(hero) +\(count - 1)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
