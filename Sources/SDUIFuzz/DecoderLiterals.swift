import Foundation

/// What a decoder's own code compares payloads against, mined so the fuzzer can produce values
/// that appear nowhere in the seeds: string literals (a magic version, a compared literal), enum
/// cases and raw values (a rare component type, `CodingKeys`), stored property names (keys, in
/// camelCase and snake_case), and integer constants in comparisons and arithmetic.
///
/// Two sources, used together: the decoder's Swift sources, and the fuzz binary itself, where
/// Swift keeps literals of up to 15 bytes as instruction immediates (not as bytes any `strings`
/// finds) and longer ones in read-only data next to an immediate holding their length. They are
/// mined offline, by the campaign runner (`SDUILiteralMining`); a fuzz binary gets the result as
/// its `-dict` file and only holds this type.
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

    public static func snakeCase(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { if !out.isEmpty { out.append("_") }; out.append(contentsOf: c.lowercased()) } else { out.append(c) }
        }
        return out
    }
}
