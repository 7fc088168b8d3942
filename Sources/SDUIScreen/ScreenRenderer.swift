import SDUIJSON
import SDUIPlugIn

/// Renders a decoded screen as the deterministic text tree of protocol §6 — the golden rendering.
///
/// The output depends only on the decoded screen, so it is the same whatever the payload's key
/// order, whitespace, number spelling or compression. Every user string is written as a JSON
/// string literal (one line, escapes visible); URLs and destinations are written bare when they
/// are plain printable ASCII. Placeholders carry their JSON path; warnings are listed at the end.
///
/// ```
/// screen home v1 "Home"
/// ├─ text#greeting [body] "GREEN"
/// ├─ button [primary] "Click Here" → navigate /details
/// ├─ stack vertical spacing=8
/// │  └─ unsupported "carousel"  @ $.components[2].data.children[0]
/// └─ invalid two_line_text: missing "subtitle"  @ $.components[3]
/// warnings:
///   $.components[2].data.children[0]: unknown component type "carousel"
///   $.components[3].data: missing required field "subtitle"
/// ```
public struct ScreenRenderer: Sendable {
    public init() {}

    /// The rendering, ending with a newline.
    public func render(_ screen: Screen) -> String { rendering(screen).text }

    /// The decoder-neutral rendering the contract gate compares (its ``Rendering/text`` is ``render(_:)``).
    public func rendering(_ screen: Screen) -> Rendering {
        var header: [RenderedAttribute] = [.value(nil, "v\(screen.version)")]
        if let title = screen.title { header.append(.text(nil, title)) }
        return Rendering(screen: screen.name, attributes: header, components: screen.components.map(component),
                         warnings: screen.warnings.map { RenderedWarning(path: $0.path, message: $0.message, code: $0.code.rawValue) })
    }

    /// The one-line description of a component (without its children).
    public func line(_ component: Component) -> String { self.component(component).line }

    private func component(_ component: Component) -> RenderedComponent {
        let id = component.id
        switch component.content {
        case .text(let t):
            return .component("text", id: id, [.style(nil, t.style.rawValue), .text(nil, t.text)])
        case .twoLineText(let t):
            return .component("two_line_text", id: id, [.text(nil, t.title), .value(nil, "/"), .text(nil, t.subtitle)])
        case .iconTitle(let t):
            return .component("icon_title", id: id, [.text(nil, t.title), .link("icon", t.iconURL)])
        case .button(let b):
            return .component("button", id: id, [.style(nil, b.style.rawValue), .text(nil, b.title), action(b.action)])
        case .image(let i):
            var attributes: [RenderedAttribute] = [.link(nil, i.url), .value("ratio", canonicalNumber(i.aspectRatio))]
            if let alt = i.alt { attributes.append(.text("alt", alt)) }
            return .component("image", id: id, attributes)
        case .spacer(let s):
            return .component("spacer", id: id, [.value("height", canonicalNumber(s.height))])
        case .stack(let s):
            return .component("stack", id: id, [.value(nil, s.axis.rawValue), .value("spacing", canonicalNumber(s.spacing))],
                              children: s.children.map(self.component))
        case .unsupported(let type):
            return .unsupported(type, id: id, path: component.path)
        case .invalid(let kind, let reason):
            return .invalid(kind, reason: reason, id: id, path: component.path)
        }
    }

    private func action(_ action: Action?) -> RenderedAttribute {
        switch action {
        case .navigate(let destination)?: .action("navigate", destination)
        case .openURL(let url)?: .action("open_url", url)
        case .dismiss?: .action("dismiss")
        case nil: .action("inert")
        }
    }
}

extension ScreenRenderer {
    /// The one-line rendering of a rejected payload: `rejected [code] at PATH (byte N): message`.
    public func render(rejection error: ScreenError) -> String { rendering(rejection: error).text }

    /// A rejection: `[code] at PATH (byte N): message`.
    public func rendering(rejection error: ScreenError) -> Rendering {
        var location = ""
        if let path = error.path { location += " at \(path)" }
        if let offset = error.byteOffset { location += " (byte \(offset))" }
        return .rejected("[\(error.code)]\(location): \(error.message)")
    }

    /// The rendering of a decode outcome: the screen, or the rejection line.
    public func render(_ outcome: Result<Screen, ScreenError>) -> String { rendering(outcome).text }

    public func rendering(_ outcome: Result<Screen, ScreenError>) -> Rendering {
        switch outcome {
        case .success(let screen): rendering(screen)
        case .failure(let error): rendering(rejection: error)
        }
    }
}
