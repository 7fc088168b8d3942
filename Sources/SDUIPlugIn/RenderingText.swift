/// The canonical text of a rendering — the golden file. One line per component, children indented
/// under their parent, warnings and components not shown at the end:
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
/// not shown:
///   $.components[4]: type "promo_carousel"
/// ```
///
/// A rejected response is the single line `rejected REASON`. Attributes are written by role: text
/// as JSON string literals, styles in brackets, plain values bare (JSON-quoted when they hold
/// spaces or quotes, so they read back as text), actions last after `→`.
extension Rendering {
    /// The canonical text, ending with a newline.
    public var text: String {
        if let rejection { return "rejected \(rejection)\n" }
        // Written into one string as it goes: the canonical text of a large screen is on the
        // reference decoder's hot path (decode + render), and intermediate strings per line and
        // attribute were most of its cost.
        var out = "screen "
        RenderedAttribute.appendToken(screen, to: &out)
        RenderedAttribute.appendOrdered(attributes, to: &out, leadingSpace: true)
        out += "\n"
        var prefix = ""
        Self.write(components, prefix: &prefix, into: &out)
        if !warnings.isEmpty {
            out += "warnings:\n"
            for w in warnings { out += "  \(w.line)\n" }
        }
        if !notShown.isEmpty {
            out += "not shown:\n"
            for n in notShown { out += "  \(n.line)\n" }
        }
        return out
    }

    private static func write(_ components: [RenderedComponent], prefix: inout String, into out: inout String) {
        for (n, c) in components.enumerated() {
            let last = n == components.count - 1
            out += prefix
            out += last ? "└─ " : "├─ "
            c.appendLine(to: &out)
            out += "\n"
            guard !c.children.isEmpty else { continue }
            let length = prefix.utf8.count
            prefix += last ? "   " : "│  "
            write(c.children, prefix: &prefix, into: &out)
            prefix = String(prefix.utf8.prefix(length))!
        }
    }

    /// Reads a rendering's text back; the error names the 1-based line that could not be read.
// Long on purpose: a line-by-line reader with one stack of open components that each kind of line
// (screen, attribute, component, placeholder, warning) reads and changes; its error names the line.
    public static func parse(_ text: String) throws(RenderingParseError) -> Rendering {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first else { throw RenderingParseError(line: 1, message: "the rendering is empty") }
        if header.hasPrefix("rejected ") || header == "rejected" {
            guard lines.count == 1 else { throw RenderingParseError(line: 2, message: "a rejection is a single line") }
            return .rejected(String(header.dropFirst("rejected".count).drop(while: { $0 == " " })))
        }
        guard header.hasPrefix("screen") else {
            throw RenderingParseError(line: 1, message: "expected `screen NAME …` or `rejected REASON`")
        }
        var rendering = Rendering()
        var headerTokens = RenderedAttribute.tokens(header.dropFirst("screen".count))
        if let first = headerTokens.first {
            rendering.screen = first.hasPrefix("\"") ? RenderedAttribute.unquoted(first[...]) : first
            headerTokens.removeFirst()
        }
        rendering.attributes = RenderedAttribute.attributes(headerTokens)

        // Tree lines: each level is three characters of prefix ("│  " or "   "), then "├─ " or "└─ ".
        var stack: [[Int]] = []  // index path of the last node at each depth
        var n = 1
        while n < lines.count, lines[n] != "warnings:", lines[n] != "not shown:" {
            var rest = lines[n]
            var depth = 0
            while rest.hasPrefix("│  ") || rest.hasPrefix("   ") {
                depth += 1
                rest = rest.dropFirst(3)
            }
            guard rest.hasPrefix("├─ ") || rest.hasPrefix("└─ ") else {
                throw RenderingParseError(line: n + 1, message: "expected a tree line (├─ or └─)")
            }
            guard depth <= stack.count else { throw RenderingParseError(line: n + 1, message: "the tree skips a level") }
            stack.removeLast(stack.count - depth)
            let component = RenderedComponent(line: rest.dropFirst(3))
            var path: [Int]
            if let parent = stack.last {
                path = parent + [rendering.components.component(at: parent)!.children.count]
            } else {
                path = [rendering.components.count]
            }
            rendering.components.insert(component, at: path)
            stack.append(path)
            n += 1
        }
        if n < lines.count, lines[n] == "warnings:" {
            n += 1
            while n < lines.count, lines[n] != "not shown:" {
                guard lines[n].hasPrefix("  "), let colon = lines[n].firstRange(of: ": ") else {
                    throw RenderingParseError(line: n + 1, message: "expected a warning line `  PATH: message`")
                }
                rendering.warnings.append(RenderedWarning(path: String(lines[n][lines[n].index(lines[n].startIndex, offsetBy: 2)..<colon.lowerBound]),
                                                          message: String(lines[n][colon.upperBound...])))
                n += 1
            }
        }
        if n < lines.count, lines[n] == "not shown:" {
            n += 1
            while n < lines.count {
                guard lines[n].hasPrefix("  "), let entry = NotShownComponent(line: lines[n].dropFirst(2)) else {
                    throw RenderingParseError(line: n + 1, message: "expected a line `  PATH: KEY \"VALUE\"`")
                }
                rendering.notShown.append(entry)
                n += 1
            }
        }
        if n < lines.count { throw RenderingParseError(line: n + 1, message: "unexpected line after the sections") }
        return rendering
    }
}

/// A rendering's text that cannot be read back.
public struct RenderingParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    public var message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
    public var description: String { "line \(line): \(message)" }
}

extension RenderedComponent {
    /// The component's line, without tree prefix and children.
    public var line: String {
        var out = ""
        appendLine(to: &out)
        return out
    }

    /// Appends ``line`` to `out`.
    func appendLine(to out: inout String) {
        RenderedAttribute.appendToken(kind, to: &out)
        if let id {
            out += "#"
            RenderedAttribute.appendToken(id, to: &out)
        }
        if let placeholder {
            if !placeholder.detail.isEmpty { out += " " + placeholder.detail }
            if let path = placeholder.path { out += "  @ " + path }
        } else {
            RenderedAttribute.appendOrdered(attributes, to: &out, leadingSpace: true)
        }
    }

    /// What the component shows: its line without kind, id and a placeholder's path (which moves
    /// whenever a component is inserted before it).
    public var shown: String {
        if let placeholder { return placeholder.detail }
        var out = ""
        RenderedAttribute.appendOrdered(attributes, to: &out, leadingSpace: false)
        return out
    }

    /// Reads a component line (without tree prefix).
    init(line: Substring) {
        var rest = line
        if rest.first == "\"" {
            let end = RenderedAttribute.endOfQuoted(rest)
            kind = RenderedAttribute.unquoted(rest[..<end])
            rest = rest[end...]
        } else {
            let end = rest.firstIndex(where: { $0 == "#" || $0 == " " }) ?? rest.endIndex
            kind = String(rest[..<end])
            rest = rest[end...]
        }
        id = nil
        children = []
        placeholder = nil
        attributes = []
        if rest.first == "#" {
            rest = rest.dropFirst()
            if rest.first == "\"" {
                let end = RenderedAttribute.endOfQuoted(rest)
                id = RenderedAttribute.unquoted(rest[..<end])
                rest = rest[end...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                id = String(rest[..<end])
                rest = rest[end...]
            }
        }
        if let kind = Placeholder.Kind(rawValue: self.kind) {
            var path: String?
            if let at = rest.lastRange(of: "  @ ") {
                path = String(rest[at.upperBound...])
                rest = rest[..<at.lowerBound]
            }
            placeholder = Placeholder(kind: kind, detail: String(rest.drop(while: { $0 == " " })), path: path)
        } else {
            attributes = RenderedAttribute.attributes(RenderedAttribute.tokens(rest))
        }
    }
}

extension NotShownComponent {
    /// `PATH: KEY "VALUE"`.
    public var line: String {
        "\(path): \(RenderedAttribute.token(key))" + (value.map { " " + RenderedAttribute.quoted($0) } ?? "")
    }

    init?(line: Substring) {
        guard let colon = line.firstRange(of: ": ") else { return nil }
        let tokens = RenderedAttribute.tokens(line[colon.upperBound...])
        guard let key = tokens.first, tokens.count <= 2 else { return nil }
        self.init(path: String(line[..<colon.lowerBound]),
                  key: key.hasPrefix("\"") ? RenderedAttribute.unquoted(key[...]) : key,
                  value: tokens.count == 2 ? RenderedAttribute.unquoted(tokens[1][...]) : nil)
    }
}

extension [RenderedComponent] {
    /// The component at an index path (`[2, 0]`: the first child of the third component).
    public func component(at path: [Int]) -> RenderedComponent? {
        guard let first = path.first, indices.contains(first) else { return nil }
        return path.count == 1 ? self[first] : self[first].children.component(at: [Int](path.dropFirst()))
    }

    mutating func insert(_ component: RenderedComponent, at path: [Int]) {
        if path.count == 1 { append(component) } else { self[path[0]].children.insert(component, at: [Int](path.dropFirst())) }
    }
}

extension RenderedAttribute {
    /// The attribute as written in a component line.
    public var text: String {
        var out = ""
        append(to: &out)
        return out
    }

    /// Appends ``text`` to `out`.
    func append(to out: inout String) {
        if role != .action, let name {
            Self.appendToken(name, to: &out)
            out += "="
        }
        switch role {
        case .text: Self.appendQuoted(value, to: &out)
        case .style:
            out += "["
            Self.appendToken(value, to: &out)
            out += "]"
        case .value: Self.appendToken(value, to: &out)
        case .action:
            out += "→ "
            Self.appendToken(value, to: &out)
            if let target {
                out += " "
                Self.appendToken(target, to: &out)
            }
        }
    }

    /// Appends the attributes in ``ordered(_:)``'s order, separated by spaces (and one before the
    /// first when `leadingSpace`), without building the reordered array.
    static func appendOrdered(_ attributes: [RenderedAttribute], to out: inout String, leadingSpace: Bool) {
        var first = !leadingSpace
        for actions in [false, true] {
            for a in attributes where (a.role == .action) == actions {
                if !first { out += " " }
                first = false
                a.append(to: &out)
            }
        }
    }

    /// Actions last (a target could not be told from the next attribute otherwise), the rest in order.
    static func ordered(_ attributes: [RenderedAttribute]) -> [RenderedAttribute] {
        attributes.contains(where: { $0.role == .action }) ? attributes.filter { $0.role != .action } + attributes.filter { $0.role == .action } : attributes
    }

    /// The attributes of a line's tokens (see ``text``).
    static func attributes(_ tokens: [String]) -> [RenderedAttribute] {
        var result: [RenderedAttribute] = []
        var n = 0
        while n < tokens.count {
            let token = tokens[n]
            n += 1
            if token == "→" {
                let kind = n < tokens.count ? tokens[n] : ""
                n += 1
                var target: String?
                if n < tokens.count, tokens[n] != "→" {
                    target = tokens[n].hasPrefix("\"") ? unquoted(tokens[n][...]) : tokens[n]
                    n += 1
                }
                result.append(.action(kind.hasPrefix("\"") ? unquoted(kind[...]) : kind, target))
                continue
            }
            var name: String?
            var value = Substring(token)
            if let eq = token.firstIndex(of: "="), eq != token.startIndex, token[..<eq].allSatisfy(isNameCharacter) {
                name = String(token[..<eq])
                value = token[token.index(after: eq)...]
            }
            if value.hasPrefix("\"") {
                result.append(.text(name, unquoted(value)))
            } else if value.hasPrefix("["), value.hasSuffix("]"), value.count >= 2 {
                let inner = value.dropFirst().dropLast()
                result.append(.style(name, inner.hasPrefix("\"") ? unquoted(inner) : String(inner)))
            } else {
                result.append(.value(name, String(value)))
            }
        }
        return result
    }

    static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-" || c == ".")
    }

    /// Splits on spaces, keeping JSON string literals (also after `name=` or `[`) whole.
    static func tokens(_ s: Substring) -> [String] {
        var result: [String] = []
        var rest = s
        while let c = rest.first {
            if c == " " { rest = rest.dropFirst(); continue }
            var i = rest.startIndex
            while i < rest.endIndex, rest[i] != " " {
                if rest[i] == "\"" {
                    i = endOfQuoted(rest[i...])
                } else {
                    i = rest.index(after: i)
                }
            }
            result.append(String(rest[..<i]))
            rest = rest[i...]
        }
        return result
    }

    /// The index just past a JSON string literal starting at `s.startIndex`.
    static func endOfQuoted(_ s: Substring) -> Substring.Index {
        var i = s.index(after: s.startIndex)
        var escaped = false
        while i < s.endIndex {
            let c = s[i]
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { return s.index(after: i) }
            i = s.index(after: i)
        }
        return s.endIndex
    }

    /// Bare when plain printable ASCII without spaces, quotes or brackets; a JSON string literal otherwise.
    public static func token(_ s: String) -> String {
        isPlain(s) ? s : quoted(s)
    }

    static func isPlain(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// Appends ``token(_:)`` of `s` to `out`.
    static func appendToken(_ s: String, to out: inout String) {
        if isPlain(s) { out += s } else { appendQuoted(s, to: &out) }
    }

    /// Appends ``quoted(_:)`` of `s` to `out`: as is between quotes when nothing in it needs an escape.
    static func appendQuoted(_ s: String, to out: inout String) {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += "\""
            out += s
            out += "\""
        } else {
            out += quoted(s)
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    public static func quoted(_ s: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(s.utf8.count + 2)
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(b)
            case 0x0a: out.append(contentsOf: "\\n".utf8)
            case 0x0d: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20, 0x7f:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 0xf)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// The string a JSON string literal stands for (lenient: an unterminated literal is read to its end).
    static func unquoted(_ literal: Substring) -> String {
        var scalars = String.UnicodeScalarView()
        var it = literal.unicodeScalars.dropFirst().makeIterator()
        var pendingHigh: UInt32?
        func hex4() -> UInt32? {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard let c = it.next(), let d = UInt32(String(c), radix: 16) else { return nil }
                v = v * 16 + d
            }
            return v
        }
        while let c = it.next() {
            if c == "\"" { break }
            guard c == "\\" else { scalars.append(c); continue }
            guard let e = it.next() else { break }
            switch e {
            case "n": scalars.append("\n")
            case "r": scalars.append("\r")
            case "t": scalars.append("\t")
            case "b": scalars.append("\u{08}")
            case "f": scalars.append("\u{0C}")
            case "u":
                guard let v = hex4() else { break }
                if (0xD800..<0xDC00).contains(v) { pendingHigh = v; continue }
                if (0xDC00..<0xE000).contains(v), let high = pendingHigh {
                    pendingHigh = nil
                    if let s = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00)) { scalars.append(s) }
                    continue
                }
                scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
            default: scalars.append(e)
            }
            pendingHigh = nil
        }
        return String(scalars)
    }
}

extension Substring {
    /// The last occurrence of `needle` (the standard library only searches forwards).
    func lastRange(of needle: String) -> Range<Index>? {
        var found: Range<Index>?
        var rest = self[...]
        while let r = rest.firstRange(of: needle) {
            found = r
            rest = self[index(after: r.lowerBound)...]
        }
        return found
    }
}
