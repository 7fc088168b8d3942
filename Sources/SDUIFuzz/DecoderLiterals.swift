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

    public init(strings: [String] = [], keys: [String] = [], numbers: [String] = []) {
        self.strings = strings
        self.keys = keys
        self.numbers = numbers
    }

    public var isEmpty: Bool { strings.isEmpty && keys.isEmpty && numbers.isEmpty }

    public mutating func merge(_ other: DecoderLiterals) {
        strings = Array(Set(strings + other.strings)).sorted()
        keys = Array(Set(keys + other.keys)).sorted()
        numbers = Array(Set(numbers + other.numbers)).sorted()
    }

    /// Mines every `.swift` file under `paths` (build folders, tests and manifests skipped).
    public static func mine(sources paths: [String], limit: Int = 2_000) -> DecoderLiterals {
        var strings = Set<String>(), keys = Set<String>(), numbers = Set<String>()
        for path in paths {
            for file in swiftFiles(under: path) {
                guard let data = FileManager.default.contents(atPath: file), data.count < 2 << 20 else { continue }
                mineSwift(String(decoding: data, as: UTF8.self), strings: &strings, keys: &keys, numbers: &numbers)
            }
        }
        return DecoderLiterals(strings: Array(strings).sorted().prefix(limit).map { $0 },
                               keys: Array(keys).sorted().prefix(limit).map { $0 },
                               numbers: Array(numbers).sorted().prefix(200).map { $0 })
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
