import Foundation

// A second, independent SDUI decoder in another common style (`view_type` + `view_data`, snake
// case, Foundation's JSONDecoder): shape 4 of docs/payload-shapes.md. It exists to prove that
// a decoder that is not the bundled one plugs into the fuzz harness as docs/your-decoder.md says.

/// `{"view_items": [{"view_type": "...", "view_data": {...}}]}`
public struct ViewItemsScreen: Codable, Equatable, Sendable {
    public var viewItems: [ViewItem]

    enum CodingKeys: String, CodingKey { case viewItems = "view_items" }

    public init(viewItems: [ViewItem]) { self.viewItems = viewItems }

    /// Decodes JSON text the way an app would, with `JSONDecoder`.
    public static func decode(_ json: Data) throws -> ViewItemsScreen {
        try JSONDecoder().decode(ViewItemsScreen.self, from: json)
    }

    /// JSON text for this screen.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// One line per view, as the app's factory would stack them.
    public func describe() -> String {
        viewItems.map(\.description).joined(separator: "\n")
    }
}

/// One view: a discriminator chooses the data type; unknown types keep their name and no data.
public enum ViewItem: Codable, Equatable, Sendable, CustomStringConvertible {
    case oneTextLine(title: String)
    case twoTextLine(title: String, content: String)
    case textButton(title: String)
    case oneImage(url: String)
    case unknown(type: String)

    enum CodingKeys: String, CodingKey { case viewType = "view_type", viewData = "view_data" }
    enum DataKeys: String, CodingKey { case titleText = "title_text", contentText = "content_text", imageString = "image_string" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .viewType)
        switch type {
        case "one_text_line", "two_text_line", "text_button", "one_image":
            let d = try c.nestedContainer(keyedBy: DataKeys.self, forKey: .viewData)
            switch type {
            case "one_text_line": self = .oneTextLine(title: try d.decode(String.self, forKey: .titleText))
            case "two_text_line": self = .twoTextLine(title: try d.decode(String.self, forKey: .titleText),
                                                      content: try d.decode(String.self, forKey: .contentText))
            case "text_button": self = .textButton(title: try d.decode(String.self, forKey: .titleText))
            default: self = .oneImage(url: try d.decode(String.self, forKey: .imageString))
            }
        default:
            self = .unknown(type: type)  // unknown view types give nil data, as in the original app
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .oneTextLine(let title):
            try c.encode("one_text_line", forKey: .viewType)
            var d = c.nestedContainer(keyedBy: DataKeys.self, forKey: .viewData)
            try d.encode(title, forKey: .titleText)
        case .twoTextLine(let title, let content):
            try c.encode("two_text_line", forKey: .viewType)
            var d = c.nestedContainer(keyedBy: DataKeys.self, forKey: .viewData)
            try d.encode(title, forKey: .titleText)
            try d.encode(content, forKey: .contentText)
        case .textButton(let title):
            try c.encode("text_button", forKey: .viewType)
            var d = c.nestedContainer(keyedBy: DataKeys.self, forKey: .viewData)
            try d.encode(title, forKey: .titleText)
        case .oneImage(let url):
            try c.encode("one_image", forKey: .viewType)
            var d = c.nestedContainer(keyedBy: DataKeys.self, forKey: .viewData)
            try d.encode(url, forKey: .imageString)
        case .unknown(let type):
            try c.encode(type, forKey: .viewType)
        }
    }

    public var description: String {
        switch self {
        case .oneTextLine(let t): "OneTextLine(\(t.debugDescription))"
        case .twoTextLine(let t, let c): "TwoTextLine(\(t.debugDescription), \(c.debugDescription))"
        case .textButton(let t): "TextButton(\(t.debugDescription))"
        case .oneImage(let u): "OneImage(\(u.debugDescription))"
        case .unknown(let type): "Unknown(\(type.debugDescription))"
        }
    }
}
