import SDUIJSON
import SDUIPlugIn

// Kinds no recorded response holds. A newer app version knows a kind (its code names it, and it
// renders otherwise than an unknown one) that no sample carries yet: without a component of that
// kind to probe, its schema would list the kind with no requirements at all, and a response that
// sends it without its content would validate. So a component of the kind is sketched from what
// the decoder itself reads: in the place of the component the kind was tried in, an object with
// the discriminator alone, set to the kind, filled in key by key as the decoder's own errors ask (`keyNotFound … no value for key
// "code"` adds `code`; `typeMismatch … expected Int` gives it a number), until the client shows
// it. The sketch is then probed like a recorded component.

extension RequirementProbe {
    /// How many of the decoder's errors one sketch follows before giving up.
    static let sketchSteps = 24
    /// Kinds sketched per response, at most.
    static let sketchedKinds = 8

    /// The response with the component at `site` turned into one of kind `kind` that the client
    /// shows, and its rendering; nil when the decoder's errors do not lead there within the budget.
    func sketch(kind: String, at site: Site, root: JSONValue, run: ProbeRun, result: inout ProbeResult) async -> (JSONValue, Rendering)? {
        // Only what the decoder asks for: the component the kind was tried in, emptied but for its discriminator.
        guard let discriminator = site.discriminator else { return nil }
        var document = Self.replace(root, site.concrete.dropLast(), with: .object([JSONMember(discriminator, .string(kind))]))
        var steps: Set<String> = []
        for _ in 0..<Self.sketchSteps {
            guard result.decodes < budget else { return nil }
            result.decodes += 1
            let response = run.variant(JSONSerializer.string(document))
            guard case .success(let rendered) = await renderer.render(response, client: run.client, secrets: run.secrets) else { return nil }
            guard let rejection = rendered.rendering.rejection else {
                // Decoded: shown when the gate accounts for it (not a fallback, not dropped).
                let shown = !rendered.rendering.notShown.contains { $0.value == kind }
                return shown ? (document, rendered.rendering) : nil
            }
            // The same error twice: the fill did not help (a value of a type it cannot guess).
            guard steps.insert(rejection).inserted, let fill = SketchFill(rejection) else { return nil }
            document = fill.apply(to: document)
        }
        return nil
    }
}

/// One step of a sketch, read from the decoder's rejection: a key to add or a value to retype, at a
/// JSON path.
struct SketchFill {
    var steps: [RequirementProbe.PathStep]
    var value: JSONValue

    /// `keyNotFound at $.a[0].content: no value for key "code"`, `typeMismatch at $.a[0].n: expected Int: …`,
    /// `valueNotFound at $.x: expected String, found null: …`; nil for anything else.
    init?(_ rejection: String) {
        let words = rejection.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.count == 3, words[1] == "at" else { return nil }
        let rest = words[2]
        guard let colon = rest.range(of: ": ") else { return nil }
        guard let path = Self.steps(String(rest[..<colon.lowerBound])) else { return nil }
        let detail = String(rest[colon.upperBound...])
        switch words[0] {
        case "keyNotFound":
            let prefix = "no value for key "
            guard detail.hasPrefix(prefix), let key = try? JSONParser().parse(Array(detail.dropFirst(prefix.count).utf8)),
                  case .string(let name) = key else { return nil }
            steps = path + [.key(name)]
            value = .string("sdui-probe")
        case "typeMismatch", "valueNotFound":
            guard detail.hasPrefix("expected "), let value = Self.value(ofType: String(detail.dropFirst(9))) else { return nil }
            steps = path
            self.value = value
        default:
            return nil
        }
    }

    /// The document with the value set (a missing key added to its object).
    func apply(to document: JSONValue) -> JSONValue { Self.set(document, steps[...], value) }

    static func set(_ value: JSONValue, _ steps: ArraySlice<RequirementProbe.PathStep>, _ new: JSONValue) -> JSONValue {
        guard let step = steps.first else { return new }
        switch (value, step) {
        case (.object(var members), .key(let key)):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = set(members[i].value, steps.dropFirst(), new)
            } else if steps.count == 1 {
                members.append(JSONMember(key, new))
            }
            return .object(members)
        case (.array(var elements), .index(let i)) where i < elements.count:
            elements[i] = set(elements[i], steps.dropFirst(), new)
            return .array(elements)
        default:
            return value
        }
    }

    /// A value of the Swift type a `DecodingError` names (`Int`, `Swift.Double`, `Array<Any>`, …).
    static func value(ofType description: String) -> JSONValue? {
        let type = description.prefix { $0 != ":" && $0 != "," }.replacingOccurrences(of: "Swift.", with: "")
        if type.hasPrefix("Dictionary") { return .object([]) }
        if type.hasPrefix("Array") { return .array([]) }
        if type.hasPrefix("Bool") { return .bool(true) }
        if type.hasPrefix("Int") || type.hasPrefix("UInt") { return .number(7) }
        if type.hasPrefix("Double") || type.hasPrefix("Float") || type.hasPrefix("CGFloat") || type.hasPrefix("Decimal") { return .number(7.5) }
        if type.hasPrefix("String") { return .string("sdui-probe") }
        return nil
    }

    /// `$.a[0].content["b c"]` as steps; nil when it does not read as a JSON path.
    static func steps(_ path: String) -> [RequirementProbe.PathStep]? {
        guard path.hasPrefix("$") else { return nil }
        var out: [RequirementProbe.PathStep] = []
        var rest = Substring(path.dropFirst())
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                out.append(.key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                if let index = Int(rest.dropFirst().prefix { $0 != "]" }) {
                    out.append(.index(index))
                    rest = rest.dropFirst().drop { $0 != "]" }.dropFirst()
                } else {
                    // A quoted key: `["b c"]`, its JSON string read back.
                    let body = rest.dropFirst()
                    guard let end = Self.endOfString(body), case .string(let key)? = try? JSONParser().parse(Array(body[..<end].utf8)) else { return nil }
                    out.append(.key(key))
                    rest = body[end...].dropFirst()
                }
            } else {
                return nil
            }
        }
        return out
    }

    /// The index just past a JSON string literal starting at `text`'s first character.
    static func endOfString(_ text: Substring) -> Substring.Index? {
        guard text.first == "\"" else { return nil }
        var i = text.index(after: text.startIndex)
        var escaped = false
        while i < text.endIndex {
            let c = text[i]
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { return text.index(after: i) }
            i = text.index(after: i)
        }
        return nil
    }
}
