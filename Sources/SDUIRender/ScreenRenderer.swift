import SDUIJSON
import SDUIScreen

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
    public func render(_ screen: Screen) -> String {
        var out = "screen \(token(screen.name)) v\(screen.version)"
        if let title = screen.title { out += " " + JSONPath.quoted(title) }
        out += "\n"
        renderChildren(screen.components, prefix: "", into: &out)
        if !screen.warnings.isEmpty {
            out += "warnings:\n"
            for warning in screen.warnings {
                out += "  \(warning.path): \(warning.message)\n"
            }
        }
        return out
    }

    private func renderChildren(_ components: [Component], prefix: String, into out: inout String) {
        for (n, component) in components.enumerated() {
            let last = n == components.count - 1
            out += prefix + (last ? "└─ " : "├─ ") + line(component) + "\n"
            if case .stack(let stack) = component.content {
                renderChildren(stack.children, prefix: prefix + (last ? "   " : "│  "), into: &out)
            }
        }
    }

    /// The one-line description of a component (without its children).
    public func line(_ component: Component) -> String {
        let id = component.id.map { "#" + token($0) } ?? ""
        let at = "  @ " + component.path
        switch component.content {
        case .text(let t):
            return "text\(id) [\(t.style.rawValue)] \(JSONPath.quoted(t.text))"
        case .twoLineText(let t):
            return "two_line_text\(id) \(JSONPath.quoted(t.title)) / \(JSONPath.quoted(t.subtitle))"
        case .iconTitle(let t):
            return "icon_title\(id) \(JSONPath.quoted(t.title)) icon=\(token(t.iconURL))"
        case .button(let b):
            return "button\(id) [\(b.style.rawValue)] \(JSONPath.quoted(b.title)) → \(action(b.action))"
        case .image(let i):
            var s = "image\(id) \(token(i.url)) ratio=\(canonicalNumber(i.aspectRatio))"
            if let alt = i.alt { s += " alt=" + JSONPath.quoted(alt) }
            return s
        case .spacer(let s):
            return "spacer\(id) height=\(canonicalNumber(s.height))"
        case .stack(let s):
            return "stack\(id) \(s.axis.rawValue) spacing=\(canonicalNumber(s.spacing))"
        case .unsupported(let type):
            return "unsupported\(id) \(JSONPath.quoted(type))" + at
        case .invalid(let kind, let reason):
            return "invalid\(id) \(kind.map(token) ?? "component"): \(reason)" + at
        }
    }

    private func action(_ action: Action?) -> String {
        switch action {
        case .navigate(let destination)?: "navigate \(token(destination))"
        case .openURL(let url)?: "open_url \(token(url))"
        case .dismiss?: "dismiss"
        case nil: "inert"
        }
    }

    /// Bare when plain printable ASCII without spaces or quotes, else a JSON string literal.
    private func token(_ s: String) -> String {
        let plain = !s.isEmpty && s.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return plain ? s : JSONPath.quoted(s)
    }
}

extension ScreenRenderer {
    /// The one-line rendering of a rejected payload: `rejected [code] at PATH (byte N): message`.
    public func render(rejection error: ScreenError) -> String {
        var location = ""
        if let path = error.path { location += " at \(path)" }
        if let offset = error.byteOffset { location += " (byte \(offset))" }
        return "rejected [\(error.code)]\(location): \(error.message)\n"
    }

    /// The rendering of a decode outcome: the screen, or the rejection line.
    public func render(_ outcome: Result<Screen, ScreenError>) -> String {
        switch outcome {
        case .success(let screen): render(screen)
        case .failure(let error): render(rejection: error)
        }
    }
}
