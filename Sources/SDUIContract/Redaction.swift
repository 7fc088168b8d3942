import SDUIJSON
import SDUIPlugIn

/// Replaces a volatile value (date, id, token) with a stable numbered placeholder `<name-N>`
/// in what the rendering shows, so it never causes a diff. Selects by JSON path, by pattern, or both.
///
/// - `path` only: every string (or number) at a matching path of the payload, wherever the rendering shows it.
/// - `pattern` only: every match of the regular expression in any string the rendering shows.
/// - both: matches of the pattern inside strings at matching paths, wherever the rendering shows them.
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

/// Applies redaction rules to one rendering, numbering placeholders by first appearance.
///
/// Redaction runs after decoding, on what the rendering shows (screen name, ids, attributes,
/// placeholders, warning messages), so a redacted destination or URL never turns a valid response
/// into an invalid one, whatever decoder rendered it. A path selects values in the payload: the
/// strings found there (or the pattern's matches inside them) are replaced wherever the rendering
/// shows them, because a decoder's rendering does not say which JSON path a value came from.
public struct Redactor {
    let rules: [RedactionRule]
    /// Per rule (by index): the payload values its path selects, longest first.
    private var selected: [[String]]
    private var numbers: [String: [String: Int]] = [:]
    /// How many values each rule replaced.
    public private(set) var counts: [String: Int] = [:]

    /// Values shorter than this are replaced only where they are a whole string: a short id
    /// (`"7"`) would otherwise be replaced inside every number and word.
    static let minimumSubstring = 4

    public init(rules: [RedactionRule], payload: JSONValue?) {
        self.rules = rules
        selected = rules.map { rule in
            guard let pattern = rule.pathPattern, let payload else { return [] }
            var values = Set<String>()
            Self.collect(payload, segments: [], pattern: pattern, into: &values)
            if let box = rule.regex {
                values = Set(values.flatMap { v in v.matches(of: box.regex).filter { !$0.range.isEmpty }.map { String(v[$0.range]) } })
            }
            return values.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        }
    }

    private static func collect(_ value: JSONValue, segments: [PathPattern.Segment], pattern: PathPattern, into values: inout Set<String>) {
        // An explicit stack: payloads nest as deep as the decoder's limits allow.
        var stack: [(JSONValue, [PathPattern.Segment])] = [(value, segments)]
        while let (v, path) = stack.popLast() {
            switch v {
            case .string(let s) where pattern.matches(path): values.insert(s)
            case .number(let d) where pattern.matches(path): values.insert(JSONSerializer.formatNumber(d))
            case .object(let members): for m in members { stack.append((m.value, path + [.key(m.key)])) }
            case .array(let elements): for (i, e) in elements.enumerated() { stack.append((e, path + [.index(i)])) }
            default: break
            }
        }
    }

    public mutating func redact(_ rendering: Rendering) -> Rendering {
        guard !rules.isEmpty, !rendering.isRejected else { return rendering }
        var r = rendering
        r.screen = redact(r.screen)
        r.attributes = r.attributes.map { redact($0) }
        r.components = r.components.map { redact($0) }
        r.warnings = r.warnings.map { w in
            var w = w
            w.message = redact(w.message)
            return w
        }
        return r
    }

    // Recursion depth is bounded by the decoder's own nesting.
    private mutating func redact(_ component: RenderedComponent) -> RenderedComponent {
        var c = component
        c.id = c.id.map { redact($0) }
        c.attributes = c.attributes.map { redact($0) }
        if let detail = c.placeholder?.detail { c.placeholder?.detail = redact(detail) }
        c.children = c.children.map { redact($0) }
        return c
    }

    private mutating func redact(_ attribute: RenderedAttribute) -> RenderedAttribute {
        var a = attribute
        a.value = redact(a.value)
        a.target = a.target.map { redact($0) }
        return a
    }

    private mutating func redact(_ value: String) -> String {
        var s = value
        for (n, rule) in rules.enumerated() {
            if rule.pathPattern != nil {
                for v in selected[n] where !v.isEmpty {
                    if s == v {
                        s = placeholder(rule.name, v)
                    } else if v.count >= Self.minimumSubstring, s.contains(v) {
                        s = s.replacing(v, with: placeholder(rule.name, v))
                    }
                }
            } else if let box = rule.regex {
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
