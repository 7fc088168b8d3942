import Foundation

/// What a decoder's own code compares payloads against, mined so the fuzzer can produce values
/// that appear nowhere in the seeds: string literals (a magic version, a compared literal), enum
/// cases and raw values (a rare component type, `CodingKeys`), stored property names (keys, in
/// camelCase and snake_case), and integer constants in comparisons and arithmetic.
///
/// Two sources, used together: the decoder's Swift sources, and the fuzz binary itself, where
/// Swift keeps literals of up to 15 bytes as instruction immediates (not as bytes any `strings`
/// finds) and longer ones in read-only data next to an immediate holding their length.
public struct DecoderLiterals: Sendable, Hashable {
    /// Literal strings and enum raw values, each at most 64 bytes.
    public var strings: [String] = []
    /// Property and coding-key names, as keys.
    public var keys: [String] = []
    /// Integer constants (as JSON number text).
    public var numbers: [String] = []
    /// A key and a literal the code compares it with (`layout.style == "grid_v2"`,
    /// `case "CViewType":` under `switch viewType`, an enum's raw values for a property of that
    /// enum type): the value belongs at that key.
    public var pairs: [KeyLiteral] = []
    /// Keys with the JSON type the code reads them as (`let rows: Int?`, `dict["rows"] as? Int`).
    public var typedKeys: [KeyLiteral] = []

    /// A key and a literal (for ``typedKeys``, the JSON type: number, string, bool, array, object).
    public struct KeyLiteral: Sendable, Hashable, Comparable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) { self.key = key; self.value = value }
        public static func < (a: Self, b: Self) -> Bool { (a.key, a.value) < (b.key, b.value) }
    }

    public init(strings: [String] = [], keys: [String] = [], numbers: [String] = [], pairs: [KeyLiteral] = [], typedKeys: [KeyLiteral] = []) {
        self.strings = strings
        self.keys = keys
        self.numbers = numbers
        self.pairs = pairs
        self.typedKeys = typedKeys
    }

    public var isEmpty: Bool { strings.isEmpty && keys.isEmpty && numbers.isEmpty && pairs.isEmpty }

    public mutating func merge(_ other: DecoderLiterals) {
        strings = Array(Set(strings + other.strings)).sorted()
        keys = Array(Set(keys + other.keys)).sorted()
        numbers = Array(Set(numbers + other.numbers)).sorted()
        pairs = Array(Set(pairs + other.pairs)).sorted()
        typedKeys = Array(Set(typedKeys + other.typedKeys)).sorted()
    }

    /// Mines every `.swift` file under `paths` (build folders, tests and manifests skipped).
    public static func mine(sources paths: [String], limit: Int = 2_000) -> DecoderLiterals {
        var strings = Set<String>(), keys = Set<String>(), numbers = Set<String>()
        var relations = Relations()
        for path in paths {
            for file in swiftFiles(under: path) {
                guard let data = FileManager.default.contents(atPath: file), data.count < 2 << 20 else { continue }
                let text = String(decoding: data, as: UTF8.self)
                mineSwift(text, strings: &strings, keys: &keys, numbers: &numbers)
                relations.mine(text)
            }
        }
        let (pairs, typed) = relations.resolve()
        return DecoderLiterals(strings: Array(strings).sorted().prefix(limit).map { $0 },
                               keys: Array(keys).sorted().prefix(limit).map { $0 },
                               numbers: Array(numbers).sorted().prefix(200).map { $0 },
                               pairs: Array(pairs.sorted().prefix(limit)), typedKeys: Array(typed.sorted().prefix(limit)))
    }

    static func swiftFiles(under path: String) -> [String] {
        let skipped = ["/.build", "/Tests/", "/.git/", "/Package.swift", "/checkouts/", "/Benchmarks/"]
        return CorpusReader.files(under: path).filter { file in
            file.hasSuffix(".swift") && !skipped.contains { file.dropFirst(path.count).contains($0) }
        }
    }

    static func mineSwift(_ text: String, strings: inout Set<String>, keys: inout Set<String>, numbers: inout Set<String>) {
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("//") || line.hasPrefix("///") || line.hasPrefix("import ") { continue }
            // String literals without interpolation; not messages (long texts with spaces).
            for literal in stringLiterals(in: line) where isToken(literal) { strings.insert(literal) }
            // `case a, b = "x"` declares enum cases (switch cases start with `.`, `let` or a
            // literal, and end with `:`): names are raw values of `String` enums and coding keys.
            if line.hasPrefix("case "), !line.hasSuffix(":"), !line.contains(":") || line.contains("(") {
                for item in line.dropFirst(5).split(separator: ",") {
                    let name = item.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !name.isEmpty, name.first!.isLetter || name.first == "_" { keys.insert(String(name)); strings.insert(String(name)) }
                }
            }
            // Stored properties (`let title: String?`, `var columns: Int`): JSON keys of Codable types.
            for prefix in ["let ", "var ", "public let ", "public var ", "private(set) var "] where line.hasPrefix(prefix) {
                let name = line.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let rest = line.dropFirst(prefix.count + name.count).drop { $0 == " " }
                if !name.isEmpty, rest.hasPrefix(":") {
                    keys.insert(String(name))
                    let snake = snakeCase(String(name))
                    if snake != name { keys.insert(snake) }
                }
            }
            for number in integerConstants(in: line) { numbers.insert(number) }
        }
    }

    /// `"…"` literals on one line (escapes kept simple: `\"` and `\\`); interpolated ones skipped.
    static func stringLiterals(in line: Substring) -> [String] {
        var result: [String] = []
        var i = line.startIndex
        while let open = line[i...].firstIndex(of: "\"") {
            if line[open...].hasPrefix("\"\"\"") { break }
            var j = line.index(after: open)
            var literal = ""
            var interpolated = false
            var closed = false
            while j < line.endIndex {
                let c = line[j]
                if c == "\\" {
                    let next = line.index(after: j)
                    guard next < line.endIndex else { break }
                    switch line[next] {
                    case "(": interpolated = true
                    case "n": literal.append("\n")
                    case "t": literal.append("\t")
                    default: literal.append(line[next])
                    }
                    j = line.index(after: next)
                    continue
                }
                if c == "\"" { closed = true; break }
                literal.append(c)
                j = line.index(after: j)
            }
            guard closed else { break }
            if !interpolated { result.append(literal) }
            i = line.index(after: j)
        }
        return result
    }

    /// A literal worth a dictionary entry: short, printable, not a sentence.
    static func isToken(_ s: String) -> Bool {
        guard !s.isEmpty, s.utf8.count <= 64 else { return false }
        if s.unicodeScalars.contains(where: { $0.value < 0x20 }) { return false }
        let words = s.split(separator: " ").count
        return words <= 2 || s.utf8.count <= 20
    }

    /// Integer constants a decoder compares or computes with (`count > 12`, `% 7`, `case 3:`).
    static func integerConstants(in line: Substring) -> [String] {
        var result: [String] = []
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            guard chars[i].isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "_" || chars[i - 1] == ".") else {
                i += 1; continue
            }
            var j = i
            while j < chars.count, chars[j].isNumber || chars[j] == "_" { j += 1 }
            if j < chars.count, chars[j] == "." || chars[j].isLetter { i = j; continue }
            var before = i - 1
            while before >= 0, chars[before] == " " { before -= 1 }
            let negative = before >= 0 && chars[before] == "-" && (before == 0 || " (=<>,[".contains(chars[before - 1]))
            var opIndex = negative ? before - 1 : before
            while negative, opIndex >= 0, chars[opIndex] == " " { opIndex -= 1 }
            let op = opIndex >= 0 ? chars[opIndex] : " "
            if "<>=!%*/+-([,".contains(op) || String(chars[max(0, i - 5)..<i]).hasSuffix("case ") {
                let digits = String(chars[i..<j]).replacingOccurrences(of: "_", with: "")
                if digits.count <= 19, digits != "0", digits != "1" { result.append((negative ? "-" : "") + digits) }
            }
            i = j
        }
        return result
    }

    static func snakeCase(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { if !out.isEmpty { out.append("_") }; out.append(contentsOf: c.lowercased()) } else { out.append(c) }
        }
        return out
    }
}

/// Which keys a decoder compares with which literals, and reads as which JSON type — found line
/// by line in its Swift sources, without a parser: comparisons (`x.key == "lit"`,
/// `d["key"] as? String == "lit"`), `switch x.key { case "lit": … }`, `String` enums and the
/// properties and `init(rawValue:)` calls that use them, typed properties and typed subscripts.
struct Relations {
    var pairs = Set<DecoderLiterals.KeyLiteral>()
    var typed = Set<DecoderLiterals.KeyLiteral>()
    /// enum name → raw values; property or subscript key → enum type name.
    var enumValues: [String: [String]] = [:]
    var keysOfType: [(key: String, type: String)] = []
    /// Local variables read from a payload key (`let raw = d["kind"] as? String`), by name.
    var variableKeys: [String: String] = [:]

    mutating func mine(_ text: String) {
        variableKeys = [:]  // a local variable's name means nothing in another file
        var currentEnum: String?
        var switchKey: String?
        var switchDepth = 0
        for rawLine in text.split(separator: "\n") {
            let line = String(rawLine.drop { $0 == " " || $0 == "\t" })
            if line.hasPrefix("//") { continue }
            // enum Kind: String { case a = "A", b }
            if let name = Self.capture(#"\benum\s+(\w+)\s*:\s*String\b"#, line) {
                currentEnum = name
                enumValues[name, default: []] += []
            } else if line.hasPrefix("struct ") || line.hasPrefix("class ") || line.hasPrefix("final class ") || line.contains(" enum ") || line.hasPrefix("enum ") {
                currentEnum = nil
            }
            // Cases on the declaration's own line too: `enum K: String { case a = "A", b }`.
            var caseLine = line
            if currentEnum != nil, let brace = line.firstIndex(of: "{") {
                caseLine = String(line[line.index(after: brace)...].prefix { $0 != "}" }).trimmingCharacters(in: .whitespaces)
            }
            if let name = currentEnum, caseLine.hasPrefix("case "), !caseLine.hasSuffix(":") {
                for item in caseLine.dropFirst(5).split(separator: ",") {
                    let parts = item.split(separator: "=", maxSplits: 1)
                    let caseName = parts[0].trimmingCharacters(in: .whitespaces)
                    if parts.count == 2, let raw = DecoderLiterals.stringLiterals(in: parts[1][...]).first { enumValues[name, default: []].append(raw) }
                    else if !caseName.isEmpty, caseName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { enumValues[name, default: []].append(caseName) }
                }
            }
            // Typed properties: `let rows: Int?`, `var kind: SectionKind`.
            if let m = Self.captures(#"^(?:public |private |internal |fileprivate )*(?:let|var)\s+(\w+)\s*:\s*\[?(\w+)"#, line), m.count == 2 {
                add(key: m[0], type: m[1], array: line.contains(": ["))
            }
            // Typed subscripts: `d["rows"] as? Int`, `d["items"] as? [[String: Any]]`.
            for m in Self.allCaptures(#"\["([^"\\]+)"\]\s*as[?!]\s*(\[?)(\w+)"#, line) where m.count == 3 {
                add(key: m[0], type: m[2], array: m[1] == "[")
            }
            // `Kind(rawValue: d["kind"] as? String ?? "")`: the key holds the enum's raw values.
            if let m = Self.captures(#"(\w+)\(rawValue:[^\]]*\["([^"]+)"\]"#, line), m.count == 2 { keysOfType.append((m[1], m[0])) }
            // The same through a variable: `let raw = d["kind"] as? String ?? ""` (or
            // `try c.decode(String.self, forKey: .kind)`), then `Kind(rawValue: raw)`.
            if let m = Self.captures(#"(?:let|var)\s+(\w+)\s*(?::[^=]*)?=[^\n]*?(?:\["([^"\\]+)"\]|forKey:\s*\.(\w+))"#, line), m.count == 3 {
                variableKeys[m[0]] = m[1].isEmpty ? m[2] : m[1]
            }
            for m in Self.allCaptures(#"(\w+)\(rawValue:\s*(\w+)\s*\)"#, line) where m.count == 2 {
                if let key = variableKeys[m[1]] { keysOfType.append((key, m[0])) }
            }
            // Comparisons with a literal.
            for m in Self.allCaptures(#"(?:\.|\b)(\w+)\??\s*[!=]=\s*"([^"\\]*)""#, line) where m.count == 2 {
                pairs.insert(.init(m[0], m[1]))
            }
            for m in Self.allCaptures(#"\["([^"\\]+)"\]\s*as[?!]\s*String\)?\s*[!=]=\s*"([^"\\]*)""#, line) where m.count == 2 {
                pairs.insert(.init(m[0], m[1]))
            }
            // switch x.key { case "a": … }
            if line.hasPrefix("switch ") {
                let subject = line.dropFirst(7).prefix { $0 != "{" }.trimmingCharacters(in: .whitespaces)
                let key = subject.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last.map(String.init)
                    ?? ""
                if let quoted = Self.captures(#"\["([^"]+)"\]"#, subject)?.first { switchKey = quoted } else { switchKey = key.isEmpty ? nil : key }
                switchDepth = 0
            }
            if let key = switchKey {
                if line.hasPrefix("case ") || line.contains(" case ") {
                    for literal in DecoderLiterals.stringLiterals(in: line[...]) where line.contains("case \"") || line.contains(", \"") {
                        pairs.insert(.init(key, literal))
                    }
                }
                switchDepth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                if switchDepth < 0 { switchKey = nil }
            }
        }
    }

    mutating func add(key: String, type: String, array: Bool) {
        if array { typed.insert(.init(key, "array")); return }
        switch type {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "Decimal", "NSNumber":
            typed.insert(.init(key, "number"))
        case "String", "Substring", "URL", "Date": typed.insert(.init(key, "string"))
        case "Bool": typed.insert(.init(key, "bool"))
        default:
            if type.first?.isUppercase == true { keysOfType.append((key, type)); typed.insert(.init(key, "object")) }
        }
    }

    func resolve() -> (Set<DecoderLiterals.KeyLiteral>, Set<DecoderLiterals.KeyLiteral>) {
        var pairs = self.pairs
        var typed = self.typed
        for (key, type) in keysOfType {
            guard let values = enumValues[type], !values.isEmpty else { continue }
            typed.remove(.init(key, "object"))
            typed.insert(.init(key, "string"))
            for v in values { pairs.insert(.init(key, v)) }
        }
        return (pairs.filter { !$0.value.isEmpty && $0.value.utf8.count <= 64 }, typed)
    }

    static func captures(_ pattern: String, _ line: String) -> [String]? {
        allCaptures(pattern, line).first
    }

    static func capture(_ pattern: String, _ line: String) -> String? { captures(pattern, line)?.first }

    static func allCaptures(_ pattern: String, _ line: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = line as NSString
        return regex.matches(in: line, range: NSRange(location: 0, length: ns.length)).map { m in
            (1..<m.numberOfRanges).map { m.range(at: $0).location == NSNotFound ? "" : ns.substring(with: m.range(at: $0)) }
        }
    }
}
