import SDUIJSON

/// A decoded screen (protocol §2).
public struct Screen: Sendable, Hashable {
    /// The `screen` name (1–128 Unicode scalars).
    public var name: String
    /// The protocol version (always 1 for a decoded screen).
    public var version: Int
    /// The optional `title`.
    public var title: String?
    /// The top-level components, placeholders included.
    public var components: [Component]
    /// Every warning, in document order, each with its JSON path.
    public var warnings: [DecodeWarning]
    /// The original `title` value when it was present but invalid, so re-encoding keeps the problem.
    public var invalidTitle: JSONValue?

    public init(name: String, version: Int = 1, title: String? = nil, components: [Component],
                warnings: [DecodeWarning] = [], invalidTitle: JSONValue? = nil) {
        self.name = name
        self.version = version
        self.title = title
        self.components = components
        self.warnings = warnings
        self.invalidTitle = invalidTitle
    }
}

/// One component at a position in the screen (protocol §3), or the placeholder that replaces it.
public struct Component: Sendable, Hashable {
    /// The optional `id`.
    public var id: String?
    /// The component's JSON path, e.g. `$.components[2].data.children[1]`.
    public var path: String
    public var content: Content
    /// The component's original JSON, kept when decoding it raised a warning of its own, so that
    /// re-encoding reproduces the same placeholder or warning instead of silently repairing it.
    public var original: JSONValue?

    public init(id: String? = nil, path: String, content: Content, original: JSONValue? = nil) {
        self.id = id
        self.path = path
        self.content = content
        self.original = original
    }
}

/// What a component is.
public enum Content: Sendable, Hashable {
    case text(Text)
    case twoLineText(TwoLineText)
    case iconTitle(IconTitle)
    case button(Button)
    case image(Image)
    case spacer(Spacer)
    case stack(Stack)
    /// An unknown `type`: rendered as an `unsupported` placeholder naming it.
    case unsupported(type: String)
    /// A component that could not be decoded; `kind` is its `type` when one was readable.
    case invalid(kind: String?, reason: String)

    /// The kind name as it appears on the wire (`text`, `stack`, …), or `unsupported`/`invalid`.
    public var kindName: String {
        switch self {
        case .text: Kind.text.rawValue
        case .twoLineText: Kind.twoLineText.rawValue
        case .iconTitle: Kind.iconTitle.rawValue
        case .button: Kind.button.rawValue
        case .image: Kind.image.rawValue
        case .spacer: Kind.spacer.rawValue
        case .stack: Kind.stack.rawValue
        case .unsupported: "unsupported"
        case .invalid: "invalid"
        }
    }
}

/// The component kinds of protocol v1.
public enum Kind: String, Sendable, CaseIterable {
    case text
    case twoLineText = "two_line_text"
    case iconTitle = "icon_title"
    case button
    case image
    case spacer
    case stack
}

public struct Text: Sendable, Hashable {
    public enum Style: String, Sendable, CaseIterable { case title, body, caption }
    public var text: String
    public var style: Style = .body
    public init(text: String, style: Style = .body) { self.text = text; self.style = style }
}

public struct TwoLineText: Sendable, Hashable {
    public var title: String
    public var subtitle: String
    public init(title: String, subtitle: String) { self.title = title; self.subtitle = subtitle }
}

public struct IconTitle: Sendable, Hashable {
    public var title: String
    public var iconURL: String
    public init(title: String, iconURL: String) { self.title = title; self.iconURL = iconURL }
}

public struct Button: Sendable, Hashable {
    public enum Style: String, Sendable, CaseIterable { case primary, secondary }
    public var title: String
    /// `nil` when the action was unknown or invalid: the button is inert.
    public var action: Action?
    public var style: Style = .primary
    public init(title: String, action: Action?, style: Style = .primary) {
        self.title = title; self.action = action; self.style = style
    }
}

/// A button action (protocol §3, Actions).
public enum Action: Sendable, Hashable {
    case navigate(destination: String)
    case openURL(String)
    case dismiss

    public static let typeNames = ["navigate", "open_url", "dismiss"]
}

public struct Image: Sendable, Hashable {
    public var url: String
    public var aspectRatio: Double = 1
    public var alt: String?
    public init(url: String, aspectRatio: Double = 1, alt: String? = nil) {
        self.url = url; self.aspectRatio = aspectRatio; self.alt = alt
    }
}

public struct Spacer: Sendable, Hashable {
    public var height: Double
    public init(height: Double) { self.height = height }
}

public struct Stack: Sendable, Hashable {
    public enum Axis: String, Sendable, CaseIterable { case vertical, horizontal }
    public var axis: Axis
    public var spacing: Double = 0
    public var children: [Component]
    public init(axis: Axis, spacing: Double = 0, children: [Component]) {
        self.axis = axis; self.spacing = spacing; self.children = children
    }
}
