/// What a client shows for one server response, in terms any decoder can produce: a tree of
/// rendered components (kind, ordered attributes, children), placeholders for what it could not
/// show, and warnings with JSON paths — or the rejection of the whole response.
///
/// The contract gate compares renderings, never a protocol's own types, so a team fills one from
/// its own decoded value in a few lines:
///
/// ```swift
/// Rendering(screen: home.screenName, components: home.views.map { view in
///     switch view {
///     case .banner(let b): .component("banner", id: b.id, [.text("title", b.title), .link("image", b.imageURL)])
///     case .list(let l):   .component("list", children: l.rows.map { .component("row", [.text(nil, $0.title)]) })
///     case .unknown:       .unsupported("unknown")
///     }
/// })
/// ```
///
/// Use the server's discriminator value (`"banner"`, `"PLUS_TITLE"`, …) as a component's kind: the
/// gate matches kinds with the payload's discriminated objects to find components the client
/// dropped without a word. ``text`` is the canonical text (the golden file); ``parse(_:)`` reads it back.
public struct Rendering: Sendable, Hashable, Codable {
    /// The screen's name (`""` when the protocol has none).
    public var screen: String
    /// What the screen shows besides its components: title, version, …
    public var attributes: [RenderedAttribute]
    public var components: [RenderedComponent]
    public var warnings: [RenderedWarning]
    /// Set when the client rejects the whole response: why, on one line.
    public var rejection: String?
    /// Components the server sent that the rendering does not account for (neither rendered nor a
    /// placeholder). Filled by the contract gate from the payload, not by decoders.
    public var notShown: [NotShownComponent]

    public init(screen: String = "", attributes: [RenderedAttribute] = [], components: [RenderedComponent] = [],
                warnings: [RenderedWarning] = []) {
        self.screen = screen
        self.attributes = attributes
        self.components = components
        self.warnings = warnings
        self.rejection = nil
        self.notShown = []
    }

    /// The rendering of a response the client rejects as a whole.
    public static func rejected(_ reason: String) -> Rendering {
        var r = Rendering()
        r.rejection = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
        return r
    }

    /// The rendering of a thrown error: `DecodingError`s name their JSON path.
    public static func rejected(_ error: any Error) -> Rendering {
        rejected(RejectionReason.describe(error))
    }

    public var isRejected: Bool { rejection != nil }
}

/// One component as the client shows it.
public struct RenderedComponent: Sendable, Hashable, Codable {
    /// What it is: the server's discriminator value (`banner`, `one_text_line`), or a placeholder's kind.
    public var kind: String
    public var id: String?
    /// What it shows, in order.
    public var attributes: [RenderedAttribute]
    public var children: [RenderedComponent]
    /// Set when the client shows a placeholder instead of the component.
    public var placeholder: Placeholder?

    public init(kind: String, id: String? = nil, attributes: [RenderedAttribute] = [], children: [RenderedComponent] = []) {
        self.kind = kind
        self.id = id
        self.attributes = attributes
        self.children = children
        self.placeholder = nil
    }

    /// A component: its kind (the server's discriminator value), id, attributes and children.
    public static func component(_ kind: String, id: String? = nil, _ attributes: [RenderedAttribute] = [],
                                 children: [RenderedComponent] = []) -> RenderedComponent {
        RenderedComponent(kind: kind, id: id, attributes: attributes, children: children)
    }

    /// A placeholder for a component of a type the client does not know.
    /// - Parameter path: the JSON path it came from, when the decoder knows it.
    public static func unsupported(_ type: String, id: String? = nil, path: String? = nil) -> RenderedComponent {
        placeholder(.unsupported, detail: RenderedAttribute.quoted(type), id: id, path: path)
    }

    /// A placeholder for a component the client could not read (a required field missing, mistyped…).
    public static func invalid(_ kind: String?, reason: String, id: String? = nil, path: String? = nil) -> RenderedComponent {
        placeholder(.invalid, detail: "\(kind.map(RenderedAttribute.token) ?? "component"): \(reason)", id: id, path: path)
    }

    static func placeholder(_ kind: Placeholder.Kind, detail: String, id: String?, path: String?) -> RenderedComponent {
        var c = RenderedComponent(kind: kind.rawValue, id: id)
        c.placeholder = Placeholder(kind: kind, detail: detail.split(whereSeparator: \.isNewline).joined(separator: " "), path: path)
        return c
    }

    public var isPlaceholder: Bool { placeholder != nil }
}

/// What a client shows instead of a component it cannot show.
public struct Placeholder: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// The component's type is unknown to the client.
        case unsupported
        /// The component could not be read (missing, mistyped or out-of-range field).
        case invalid
    }
    public var kind: Kind
    /// What it replaces and why, as written in the rendering (`"carousel"`, `two_line_text: missing "subtitle"`).
    public var detail: String
    /// The JSON path it came from, when known (not compared: it moves when components are inserted).
    public var path: String?

    public init(kind: Kind, detail: String, path: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.path = path
    }
}

/// One thing a component shows. Its role says which rule a change to it falls under.
public struct RenderedAttribute: Sendable, Hashable, Codable {
    public enum Role: String, Sendable, Hashable, Codable {
        /// User-visible text: written as a JSON string literal (`"Hi"`, `title="Hi"`).
        case text
        /// A style or variant: written in brackets (`[primary]`, `tone=[warm]`).
        case style
        /// A plain value: a URL, a destination, a number, an enum (`https://…`, `ratio=2.5`). A change
        /// is a link change when it looks like one (`scheme:`, `/path`), a style change otherwise.
        case value
        /// What tapping does: `→ navigate /details`, `→ dismiss`.
        case action
    }
    public var role: Role
    /// `title` in `title="Hi"`; nil for positional attributes.
    public var name: String?
    public var value: String
    /// An action's target (`/details` in `→ navigate /details`).
    public var target: String?

    public init(role: Role, name: String? = nil, value: String, target: String? = nil) {
        self.role = role
        self.name = name
        self.value = value
        self.target = target
    }

    /// User-visible text.
    public static func text(_ name: String?, _ value: String) -> RenderedAttribute { .init(role: .text, name: name, value: value) }
    /// A style or variant.
    public static func style(_ name: String?, _ value: String) -> RenderedAttribute { .init(role: .style, name: name, value: value) }
    /// A URL or destination.
    public static func link(_ name: String?, _ value: String) -> RenderedAttribute { .init(role: .value, name: name, value: value) }
    /// A number, flag or other plain value.
    public static func value(_ name: String?, _ value: String) -> RenderedAttribute { .init(role: .value, name: name, value: value) }
    /// What tapping does.
    public static func action(_ kind: String, _ target: String? = nil) -> RenderedAttribute {
        .init(role: .action, value: kind, target: target)
    }

    /// Whether a value reads as a link: a scheme (`https:`, `myapp:`) or a path (`/details`).
    public var isLinkLike: Bool {
        if value.hasPrefix("/") { return true }
        guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else { return false }
        return value[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

/// A warning the client reports: `PATH: message`.
public struct RenderedWarning: Sendable, Hashable, Codable {
    public var path: String
    public var message: String
    /// The decoder's code for it (`unknown_component_type`), which picks the rule; not written in the text.
    public var code: String?

    public init(path: String, message: String, code: String? = nil) {
        self.path = path
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.code = code
    }

    public var line: String { "\(path): \(message)" }
}

/// A component the server sent that the client neither rendered nor replaced by a placeholder:
/// an object of the payload carrying a discriminator (`"viewType": "carousel"`).
public struct NotShownComponent: Sendable, Hashable, Codable {
    /// Where it is in the payload (`$.views[3]`).
    public var path: String
    /// The discriminator key and value (`viewType`, `carousel`); the key alone when the value is missing.
    public var key: String
    public var value: String?

    public init(path: String, key: String, value: String?) {
        self.path = path
        self.key = key
        self.value = value
    }

    /// The path with array indices replaced by `[*]`: where such components sit, whatever their position.
    public var slot: String { Self.slot(of: path) }

    /// `$.views[3].content` → `$.views[*].content`.
    public static func slot(of path: String) -> String {
        var out = ""
        var inIndex = false
        var digits = true
        var buffer = ""
        for c in path {
            if inIndex {
                if c == "]" {
                    out += digits && !buffer.isEmpty ? "[*]" : "[\(buffer)]"
                    inIndex = false
                } else {
                    buffer.append(c)
                    if !c.isASCII || !c.isNumber { digits = false }
                }
            } else if c == "[" {
                inIndex = true
                digits = true
                buffer = ""
            } else {
                out.append(c)
            }
        }
        if inIndex { out += "[" + buffer }
        return out
    }
}
