import SDUIJSON
import SDUIScreen

/// Replaces a volatile value (date, id, token) with a stable numbered placeholder `<name-N>`
/// in what the rendering shows, so it never causes a diff. Selects by JSON path, by pattern, or both.
///
/// - `path` only: every string at a matching path is replaced whole.
/// - `pattern` only: every match of the regular expression in any string is replaced.
/// - both: matches of the pattern inside strings at matching paths.
///
/// Paths use `$`, `.key`, `[n]` and the wildcards `[*]` and `.*`; `..` matches any depth
/// (`$..id` is every `id`). The same value gets the same number everywhere in one response.
public struct RedactionRule: Sendable {
    public var name: String
    public var path: String?
    public var pattern: String?
    let pathPattern: PathPattern?
    let regex: RegexBox?

    public init(name: String, path: String? = nil, pattern: String? = nil) throws(RedactionRuleError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            throw .init(field: "name", message: "use letters, digits, '_' and '-'")
        }
        guard path != nil || pattern != nil else { throw .init(field: "path", message: "give a \"path\", a \"pattern\" or both") }
        self.name = name
        self.path = path
        self.pattern = pattern
        if let path {
            guard let compiled = PathPattern(path) else {
                throw .init(field: "path", message: "not a JSON path pattern (expected e.g. $.components[*].data.text or $..id)")
            }
            pathPattern = compiled
        } else {
            pathPattern = nil
        }
        if let pattern {
            do { regex = RegexBox(try Regex(pattern)) } catch {
                throw .init(field: "pattern", message: "not a regular expression: \(error)")
            }
        } else {
            regex = nil
        }
    }

    static func parse(_ fields: JSONFields) throws(ContractFileError) -> RedactionRule {
        try fields.rejectUnknownKeys(["name", "path", "pattern", "description"])
        do {
            return try RedactionRule(name: try fields.requiredString("name"), path: try fields.string("path"),
                                     pattern: try fields.string("pattern"))
        } catch let error as RedactionRuleError {
            throw ContractFileError(file: fields.file, path: fields.at(error.field), error.message)
        } catch let error as ContractFileError {
            throw error
        } catch {
            throw ContractFileError(file: fields.file, path: fields.path, "\(error)")
        }
    }
}

public struct RedactionRuleError: Error, Sendable {
    public var field: String
    public var message: String
}

/// `Regex` is not Sendable; a compiled pattern is only ever read, so sharing it is safe.
struct RegexBox: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>
    init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
}

/// Applies redaction rules to one decoded screen, numbering placeholders by first appearance.
///
/// Redaction runs after decoding, on the values the rendering shows (names, titles, texts, ids,
/// URLs, destinations, warning messages), each with its JSON path. Decoding sees the real values,
/// so a redacted destination or URL never turns a valid response into an invalid one.
public struct Redactor {
    let rules: [RedactionRule]
    private var numbers: [String: [String: Int]] = [:]
    /// How many values each rule replaced.
    public private(set) var counts: [String: Int] = [:]

    public init(rules: [RedactionRule]) { self.rules = rules }

    public mutating func redact(_ screen: Screen) -> Screen {
        guard !rules.isEmpty else { return screen }
        var screen = screen
        screen.name = redact(screen.name, at: "$.screen")
        screen.title = screen.title.map { redact($0, at: "$.title") }
        screen.components = screen.components.map { redact($0) }
        screen.warnings = screen.warnings.map { w in
            var w = w
            w.message = redact(w.message, at: w.path, patternsOnly: true)
            return w
        }
        return screen
    }

    // Recursion depth is bounded by the decoder's stack depth limit.
    private mutating func redact(_ component: Component) -> Component {
        var c = component
        let data = c.path + ".data"
        c.id = c.id.map { redact($0, at: c.path + ".id") }
        switch c.content {
        case .text(var t):
            t.text = redact(t.text, at: data + ".text")
            c.content = .text(t)
        case .twoLineText(var t):
            t.title = redact(t.title, at: data + ".title")
            t.subtitle = redact(t.subtitle, at: data + ".subtitle")
            c.content = .twoLineText(t)
        case .iconTitle(var t):
            t.title = redact(t.title, at: data + ".title")
            t.iconURL = redact(t.iconURL, at: data + ".icon_url")
            c.content = .iconTitle(t)
        case .button(var b):
            b.title = redact(b.title, at: data + ".title")
            switch b.action {
            case .navigate(let d)?: b.action = .navigate(destination: redact(d, at: data + ".action.destination"))
            case .openURL(let u)?: b.action = .openURL(redact(u, at: data + ".action.url"))
            case .dismiss?, nil: break
            }
            c.content = .button(b)
        case .image(var i):
            i.url = redact(i.url, at: data + ".url")
            i.alt = i.alt.map { redact($0, at: data + ".alt") }
            c.content = .image(i)
        case .spacer:
            break
        case .stack(var s):
            s.children = s.children.map { redact($0) }
            c.content = .stack(s)
        case .unsupported(let type):
            c.content = .unsupported(type: redact(type, at: c.path + ".type"))
        case .invalid(let kind, let reason):
            c.content = .invalid(kind: kind, reason: redact(reason, at: c.path, patternsOnly: true))
        }
        return c
    }

    /// - Parameter patternsOnly: for messages, which are not the value at `path`: only rules
    ///   with a pattern apply (a path-only rule would replace the whole message).
    private mutating func redact(_ value: String, at path: String, patternsOnly: Bool = false) -> String {
        var s = value
        var segments: [PathPattern.Segment]?
        for rule in rules {
            if patternsOnly, rule.regex == nil { continue }
            if let pattern = rule.pathPattern {
                if segments == nil { segments = PathPattern.segments(of: path) ?? [] }
                if !pattern.matches(segments!) { continue }
            }
            if let box = rule.regex {
                var output = ""
                var last = s.startIndex
                var replaced = false
                for match in s.matches(of: box.regex) where !match.range.isEmpty {
                    output += s[last..<match.range.lowerBound]
                    output += placeholder(rule.name, String(s[match.range]))
                    last = match.range.upperBound
                    replaced = true
                }
                if replaced { s = output + s[last...] }
            } else {
                s = placeholder(rule.name, s)
            }
        }
        return s
    }

    private mutating func placeholder(_ name: String, _ value: String) -> String {
        counts[name, default: 0] += 1
        if let n = numbers[name]?[value] { return "<\(name)-\(n)>" }
        let n = (numbers[name]?.count ?? 0) + 1
        numbers[name, default: [:]][value] = n
        return "<\(name)-\(n)>"
    }
}

/// A compiled JSON path pattern: `$.a[*].b`, `$..id`, `$.a.*`.
struct PathPattern: Sendable {
    enum Segment: Sendable, Hashable {
        case key(String)
        case index(Int)
    }
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
        case anyChild
        case anyDepth
    }
    let steps: [Step]

    init?(_ text: String) {
        var chars = Substring(text)
        guard chars.first == "$" else { return nil }
        chars = chars.dropFirst()
        var steps: [Step] = []
        while let c = chars.first {
            if chars.hasPrefix("..") {
                steps.append(.anyDepth)
                chars = chars.dropFirst(2)
                guard let name = Self.readName(&chars) else { return nil }
                steps.append(name)
            } else if c == "." {
                chars = chars.dropFirst()
                guard let name = Self.readName(&chars) else { return nil }
                steps.append(name)
            } else if c == "[" {
                guard let close = chars.firstIndex(of: "]") else { return nil }
                let inner = chars[chars.index(after: chars.startIndex)..<close]
                if inner == "*" { steps.append(.anyChild) }
                else if let n = Int(inner), n >= 0 { steps.append(.index(n)) }
                else if inner.count >= 2, inner.first == "\"", inner.last == "\"" { steps.append(.key(String(inner.dropFirst().dropLast()))) }
                else { return nil }
                chars = chars[chars.index(after: close)...]
            } else {
                return nil
            }
        }
        self.steps = steps
    }

    private static func readName(_ chars: inout Substring) -> Step? {
        if chars.first == "*" { chars = chars.dropFirst(); return .anyChild }
        let end = chars.firstIndex(where: { $0 == "." || $0 == "[" }) ?? chars.endIndex
        let name = chars[..<end]
        guard !name.isEmpty else { return nil }
        chars = chars[end...]
        return .key(String(name))
    }

    /// The segments of a concrete path (`$.a[0]["b c"]`), or nil when it has wildcards.
    static func segments(of path: String) -> [Segment]? {
        guard let pattern = PathPattern(path) else { return nil }
        var result: [Segment] = []
        for step in pattern.steps {
            switch step {
            case .key(let k): result.append(.key(k))
            case .index(let i): result.append(.index(i))
            case .anyChild, .anyDepth: return nil
            }
        }
        return result
    }

    func matches(_ segments: [Segment]) -> Bool {
        matches(steps[...], segments[...])
    }

    private func matches(_ steps: ArraySlice<Step>, _ segments: ArraySlice<Segment>) -> Bool {
        guard let step = steps.first else { return segments.isEmpty }
        switch step {
        case .anyDepth:
            var rest = segments
            while true {
                if matches(steps.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case .anyChild:
            return !segments.isEmpty && matches(steps.dropFirst(), segments.dropFirst())
        case .key(let k):
            guard case .key(let s)? = segments.first, s == k else { return false }
            return matches(steps.dropFirst(), segments.dropFirst())
        case .index(let i):
            guard case .index(let n)? = segments.first, n == i else { return false }
            return matches(steps.dropFirst(), segments.dropFirst())
        }
    }
}
