import Foundation
import SDUIJSON
import SDUIPayload

/// What the harness knows about a protocol, learnt from a corpus rather than written by hand:
/// object keys, discriminator keys (`type`, `viewType`, `view_type`, …) and their values (the
/// component kinds), and enum-like string values. Written out as a libFuzzer dictionary too.
public struct FuzzDictionary: Sendable, Hashable {
    public var keys: [String] = []
    public var discriminatorKeys: [String] = []
    public var kinds: [String] = []
    public var enumValues: [String] = []
    /// Strings the decoder's own code compares against (mined from its sources or binary, or read
    /// from a `-dict` file): values that appear nowhere in the seeds.
    public var literals: [String] = []
    /// Integer constants of the decoder's code, as JSON number text.
    public var numbers: [String] = []
    /// Keys and the literals the decoder compares them with (`layout.style == "grid_v2"`): the
    /// value belongs at that key.
    public var pairs: [KeyLiteral] = []
    /// Keys and the JSON type the decoder reads them as (number, string, bool, array, object).
    public var typedKeys: [KeyLiteral] = []
    /// Kinds only the decoder's source names, each with the keys its component needs (``KindSketch``).
    public var kindSketches: [KindSketch] = []
    /// Keys the decoder reads from the object under another key, as (parent, child): `props` holds
    /// `name` when the code reads `props["name"]` from `node["props"]`. Where a sketch puts them.
    public var nestedKeys: [KeyLiteral] = []

    /// A key and a literal (for ``typedKeys``, the JSON type: number, string, bool, array, object).
    public struct KeyLiteral: Sendable, Hashable, Comparable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) { self.key = key; self.value = value }
        public static func < (a: Self, b: Self) -> Bool { (a.key, a.value) < (b.key, b.value) }
    }

    /// Keys that name a component's kind in common SDUI designs; keys ending in `type`/`kind` count too.
    static let knownDiscriminators: Set<String> = ["type", "viewType", "view_type", "sectionComponentType",
                                                   "_beagleComponent_", "_beagleAction_", "kind", "component", "__typename"]

    public init() {}

    /// Learns from parsed corpus documents.
    public init(learningFrom documents: [JSONValue]) {
        var keys = Set<String>(), discriminators = Set<String>(), kinds = Set<String>(), enums = Set<String>()
        var stack = documents
        var visited = 0
        while let value = stack.popLast(), visited < 200_000 {
            visited += 1
            switch value {
            case .object(let members):
                for m in members {
                    keys.insert(m.key)
                    if case .string(let s) = m.value, Self.isDiscriminator(m.key) {
                        discriminators.insert(m.key)
                        kinds.insert(s)
                    }
                    stack.append(m.value)
                }
            case .array(let elements): stack.append(contentsOf: elements)
            case .string(let s) where Self.isEnumLike(s): enums.insert(s)
            default: break
            }
        }
        self.keys = keys.sorted()
        self.discriminatorKeys = discriminators.sorted()
        self.kinds = kinds.sorted()
        self.enumValues = enums.subtracting(kinds).sorted()
    }

    /// Values the decoder compares a discriminator with are kinds too (a rare component type that
    /// no seed has), so the discriminator swap reaches them. And the key is a discriminator key
    /// though no seed shows it: a decoder without samples (a registry read from `[String: Any]`,
    /// whose kinds are known from the source only) would otherwise have none, and every move that
    /// works on components (the kind swap, the splice pool's components, the self reference's
    /// referring component) would take a component's properties for the component.
    public mutating func addDiscriminatorValues() {
        let sourceDiscriminators = pairs.map(\.key).filter(Self.knownDiscriminators.contains) + kindSketches.map(\.discriminator)
        discriminatorKeys = Array(Set(discriminatorKeys + sourceDiscriminators)).sorted()
        let discriminators = Set(discriminatorKeys)
        let extra = pairs.filter { discriminators.contains($0.key) }.map(\.value)
        kinds = Array(Set(kinds + extra + kindSketches.map(\.kind))).sorted()
        literals = literals.filter { !kinds.contains($0) }
    }

    /// Merges another dictionary into this one.
    public mutating func formUnion(_ other: FuzzDictionary) {
        keys = Array(Set(keys + other.keys)).sorted()
        discriminatorKeys = Array(Set(discriminatorKeys + other.discriminatorKeys)).sorted()
        kinds = Array(Set(kinds + other.kinds)).sorted()
        enumValues = Array(Set(enumValues + other.enumValues)).sorted()
        literals = Array(Set(literals + other.literals).subtracting(kinds + enumValues)).sorted()
        numbers = Array(Set(numbers + other.numbers)).sorted()
        pairs = Array(Set(pairs + other.pairs)).sorted()
        typedKeys = Array(Set(typedKeys + other.typedKeys)).sorted()
        kindSketches = Array(Set(kindSketches + other.kindSketches)).sorted()
        nestedKeys = Array(Set(nestedKeys + other.nestedKeys)).sorted()
        addDiscriminatorValues()
    }

    /// Reads a libFuzzer `-dict` file (one written by ``libFuzzerFormat`` or by hand): `"key":`
    /// entries are keys, `"value"` entries string values, bare integers numbers; other tokens are
    /// left to libFuzzer.
    public init(libFuzzerDictionary text: String) {
        var keys = Set<String>(), literals = Set<String>(), numbers = Set<String>()
        var pairs = Set<KeyLiteral>(), typed = Set<KeyLiteral>(), sketches = Set<KindSketch>(), nested = Set<KeyLiteral>()
        let typeOfSample = ["0": "number", "\"\"": "string", "true": "bool", "[]": "array", "{}": "object"]
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let sketch = KindSketch(dictionaryLine: line[...]) { sketches.insert(sketch); continue }
            if let pair = Self.nestedKey(dictionaryLine: line[...]) { nested.insert(pair); continue }
            guard !line.hasPrefix("#"), let open = line.firstIndex(of: "\""), line.hasSuffix("\""), line.count >= 2 else { continue }
            guard let token = Self.unescape(line[line.index(after: open)..<line.index(before: line.endIndex)]) else { continue }
            // `"key":"value"` (a pair) and `"key":0` / `"key":""` / … (a typed key).
            // The key's closing quote comes after its opening one: a token such as `":"` (a literal
            // mined from a JSON writer) is no pair.
            if token.hasPrefix("\""), token.count >= 2,
               let colon = token.range(of: "\":", range: token.index(after: token.startIndex)..<token.endIndex), colon.upperBound < token.endIndex {
                let key = String(token[token.index(after: token.startIndex)..<colon.lowerBound])
                let rest = String(token[colon.upperBound...])
                if let type = typeOfSample[rest] { typed.insert(.init(key, type)) }
                else if rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\""), !rest.dropFirst().dropLast().contains("\"") {
                    pairs.insert(.init(key, String(rest.dropFirst().dropLast())))
                }
                continue
            }
            if token.hasPrefix("\""), token.hasSuffix("\":"), token.count >= 3 {
                keys.insert(String(token.dropFirst().dropLast(2)))
            } else if token.hasPrefix("\""), token.hasSuffix("\""), token.count >= 2 {
                let value = String(token.dropFirst().dropLast())
                if !value.isEmpty, !value.contains("\\") { literals.insert(value) }
            } else if token.first.map({ $0 == "-" || $0.isNumber }) == true, token.dropFirst().allSatisfy(\.isNumber), token != "-" {
                numbers.insert(token)
            }
        }
        self.keys = keys.sorted()
        self.literals = literals.sorted()
        self.numbers = numbers.sorted()
        self.pairs = pairs.sorted()
        self.typedKeys = typed.sorted()
        self.kindSketches = sketches.sorted()
        self.nestedKeys = nested.sorted()
    }

    /// The prefix of a nested key's line in a `-dict` file: a comment libFuzzer skips, followed by
    /// the parent and the child as a JSON array (`# sdui-nested ["props","name"]`).
    static let nestedLinePrefix = "# sdui-nested "

    static func nestedKey(dictionaryLine line: Substring) -> KeyLiteral? {
        guard line.hasPrefix(nestedLinePrefix),
              case .array(let parts)? = try? JSONParser().parse(Array(line.dropFirst(nestedLinePrefix.count).utf8)),
              parts.count == 2, case .string(let parent) = parts[0], case .string(let child) = parts[1] else { return nil }
        return KeyLiteral(parent, child)
    }

    static func unescape(_ s: Substring) -> String? {
        var out: [UInt8] = []
        var i = s.utf8.startIndex
        let u = s.utf8
        while i < u.endIndex {
            let b = u[i]
            if b == UInt8(ascii: "\\") {
                let n = u.index(after: i)
                guard n < u.endIndex else { return nil }
                if u[n] == UInt8(ascii: "x") {
                    let h = u.index(after: n)
                    guard u.distance(from: h, to: u.endIndex) >= 2, let v = UInt8(String(decoding: u[h..<u.index(h, offsetBy: 2)], as: UTF8.self), radix: 16) else { return nil }
                    out.append(v)
                    i = u.index(h, offsetBy: 2)
                } else {
                    out.append(u[n])
                    i = u.index(after: n)
                }
            } else {
                out.append(b)
                i = u.index(after: i)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func isDiscriminator(_ key: String) -> Bool {
        if knownDiscriminators.contains(key) { return true }
        let lower = key.lowercased()
        return lower.hasSuffix("type") || lower.hasSuffix("kind")
    }

    static func isEnumLike(_ s: String) -> Bool {
        guard !s.isEmpty, s.utf8.count <= 32 else { return false }
        let allowed = s.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == 0x5f || b == 0x2d || b == 0x3a || b == 0x2e
        }
        return allowed && !s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// JSON tokens and edge values every JSON dictionary should have.
    public static let jsonTokens: [String] = [
        "{", "}", "[", "]", ":", ",", "\"", "true", "false", "null", "\"\"", "{}", "[]",
        "\\u0000", "\\uD800", "\\uDFFF", "\\uD83D\\uDE00", "\\\"", "\\\\", "\\n",
        "-0", "0.0", "1e999", "-1e999", "1e-400", "9223372036854775808", "-9223372036854775809", "4294967296", "1.5",
        "\u{FEFF}", "\u{1F600}", "https://", "http://", "/",
    ]

    /// The dictionary in libFuzzer's `-dict` format: one quoted token per line, keys and kinds
    /// quoted as they appear in JSON text.
    public var libFuzzerFormat: String {
        var lines = ["# Generated by SDUIHarness: keys, discriminator values and enum strings of the corpus; literals, keys and numbers mined from the decoder; JSON tokens."]
        var seen = Set<String>()
        func add(_ token: String) {
            guard !token.isEmpty, seen.insert(token).inserted else { return }
            lines.append("\"" + Self.escape(token) + "\"")
        }
        for k in keys { add("\"\(k)\":") }
        for k in kinds { add("\"\(k)\"") }
        for v in enumValues { add("\"\(v)\"") }
        for v in literals { add("\"\(v)\"") }
        for v in literals where v.utf8.count >= 3 { add(v) }
        for n in numbers { add(n) }
        let samples = ["number": "0", "string": "\"\"", "bool": "true", "array": "[]", "object": "{}"]
        for p in pairs { add("\"\(p.key)\":\"\(p.value)\"") }
        for t in typedKeys { if let sample = samples[t.value] { add("\"\(t.key)\":\(sample)") } }
        for t in Self.jsonTokens { add(t) }
        lines += kindSketches.map(\.dictionaryLine)
        lines += nestedKeys.map { Self.nestedLinePrefix + String(decoding: JSONSerializer.serialize(.array([.string($0.key), .string($0.value)])), as: UTF8.self) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// libFuzzer dictionary escaping: `\\`, `\"` and `\xNN` for bytes outside printable ASCII.
    static func escape(_ token: String) -> String {
        var out = ""
        for b in token.utf8 {
            switch b {
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\""): out += "\\\""
            case 0x20..<0x7f: out.append(Character(Unicode.Scalar(b)))
            default: out += String(format: "\\x%02X", b)
            }
        }
        return out
    }
}
