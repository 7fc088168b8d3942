import Foundation
import SDUIFuzz

/// What a decoder's own code compares payloads against, mined so the fuzzer can produce values
/// that appear nowhere in the seeds: string literals (a magic version, a compared literal), enum
/// cases and raw values (a rare component type, `CodingKeys`), stored property names (keys, in
/// camelCase and snake_case), and integer constants in comparisons and arithmetic.
///
/// Two sources, used together: the decoder's Swift sources, and the fuzz binary itself, where
/// Swift keeps literals of up to 15 bytes as instruction immediates (not as bytes any `strings`
/// finds) and longer ones in read-only data next to an immediate holding their length. They are
/// mined offline, by the campaign runner (this module); a fuzz binary gets the result as its
/// `-dict` file, never this code.
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
    /// Kinds with the keys of the type the code builds for each (``KindSketch``).
    public var kindSketches: [KindSketch] = []
    /// Keys read from the object under another key: (parent, child) (``FuzzDictionary/nestedKeys``).
    public var nestedKeys: [KeyLiteral] = []

    /// A key and a literal (for ``typedKeys``, the JSON type): the fuzz dictionary's own type, so
    /// what is mined here goes into a fuzz binary's dictionary as it is.
    public typealias KeyLiteral = FuzzDictionary.KeyLiteral

    public init(strings: [String] = [], keys: [String] = [], numbers: [String] = [], pairs: [KeyLiteral] = [], typedKeys: [KeyLiteral] = [],
                kindSketches: [KindSketch] = [], nestedKeys: [KeyLiteral] = []) {
        self.kindSketches = kindSketches
        self.nestedKeys = nestedKeys
        self.strings = strings
        self.keys = keys
        self.numbers = numbers
        self.pairs = pairs
        self.typedKeys = typedKeys
    }

    public var isEmpty: Bool { strings.isEmpty && keys.isEmpty && numbers.isEmpty && pairs.isEmpty && kindSketches.isEmpty }

    public mutating func merge(_ other: DecoderLiterals) {
        strings = Array(Set(strings + other.strings)).sorted()
        keys = Array(Set(keys + other.keys)).sorted()
        numbers = Array(Set(numbers + other.numbers)).sorted()
        pairs = Array(Set(pairs + other.pairs)).sorted()
        typedKeys = Array(Set(typedKeys + other.typedKeys)).sorted()
        kindSketches = Array(Set(kindSketches + other.kindSketches)).sorted()
        nestedKeys = Array(Set(nestedKeys + other.nestedKeys)).sorted()
    }

    public static func snakeCase(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { if !out.isEmpty { out.append("_") }; out.append(contentsOf: c.lowercased()) } else { out.append(c) }
        }
        return out
    }
}

extension FuzzDictionary {
    /// Adds what was mined from the decoder: its keys join the corpus's keys, its strings become
    /// literals unless the corpus already has them.
    public mutating func add(_ mined: DecoderLiterals) {
        let known = Set(keys + kinds + enumValues)
        var pairs = mined.pairs
        // A camelCase property often reads a snake_case key (`convertFromSnakeCase`).
        for p in mined.pairs where p.key.contains(where: \.isUppercase) { pairs.append(.init(DecoderLiterals.snakeCase(p.key), p.value)) }
        keys = Array(Set(keys + mined.keys + mined.typedKeys.map(\.key))).sorted()
        literals = Array(Set(literals + mined.strings.filter { !known.contains($0) })).sorted()
        numbers = Array(Set(numbers + mined.numbers)).sorted()
        self.pairs = Array(Set(self.pairs + pairs)).sorted()
        typedKeys = Array(Set(typedKeys + mined.typedKeys)).sorted()
        kindSketches = Array(Set(kindSketches + mined.kindSketches)).sorted()
        nestedKeys = Array(Set(nestedKeys + mined.nestedKeys)).sorted()
        addDiscriminatorValues()
    }
}
