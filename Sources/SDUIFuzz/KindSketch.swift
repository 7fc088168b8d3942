import SDUIJSON

/// A component kind and the keys its component needs, read from the decoder's source: the kind a
/// `switch` on the discriminator (or a registry) sends to a type, and that type's coding keys with
/// the JSON type of each. A rare kind that no seed has (`flash_sale` only in `case "flash_sale":`)
/// reaches its decoder only when the discriminator says so *and* every required key is there with
/// a value of its type; single-key moves reach the first and then lose it to the second, one key
/// at a time. ``JSONStructureMutator/kindSketch(_:rng:injections:)`` writes the whole component at once.
public struct KindSketch: Sendable, Hashable, Comparable {
    /// The key the decoder reads the kind from, as far as the source tells (the key a `switch`
    /// subject was read from; else the first discriminator key the decoder reads anywhere). A
    /// document's own discriminator key is preferred where it has one.
    public var discriminator: String
    public var kind: String
    /// The component's keys and the JSON type each is read as (number, string, bool, array, object).
    public var keys: [FuzzDictionary.KeyLiteral]

    public init(discriminator: String, kind: String, keys: [FuzzDictionary.KeyLiteral]) {
        self.discriminator = discriminator
        self.kind = kind
        self.keys = keys
    }

    public static func < (a: Self, b: Self) -> Bool { (a.kind, a.discriminator) < (b.kind, b.discriminator) }

    /// At most this many keys per sketch: a type of more fields is a model, not a component.
    static let maxKeys = 32

    /// The sketch as one JSON object: the discriminator first, then each key with a sample of its
    /// type (`0`, `""`, `true`, `[]`, `{}`).
    public var json: JSONValue {
        var members = [JSONMember(discriminator, .string(kind))]
        for key in keys.prefix(Self.maxKeys) where key.key != discriminator {
            members.append(JSONMember(key.key, Self.sample(ofType: key.value)))
        }
        return .object(members)
    }

    /// Read back from ``json``: nil unless the first member holds a string (the kind).
    public init?(json: JSONValue) {
        guard case .object(let members) = json, let first = members.first, case .string(let kind) = first.value, !kind.isEmpty else { return nil }
        discriminator = first.key
        self.kind = kind
        keys = members.dropFirst().prefix(Self.maxKeys).compactMap { m in Self.type(ofSample: m.value).map { .init(m.key, $0) } }
    }

    static func sample(ofType type: String) -> JSONValue {
        switch type {
        case "number": .number(0)
        case "bool": .bool(true)
        case "array": .array([])
        case "object": .object([])
        default: .string("")
        }
    }

    static func type(ofSample value: JSONValue) -> String? {
        switch value {
        case .number: "number"
        case .bool: "bool"
        case .array: "array"
        case .object: "object"
        case .string: "string"
        case .null, .elided: nil
        }
    }

    /// The prefix of a sketch's line in a libFuzzer `-dict` file. A comment, so libFuzzer skips it
    /// (its parser drops lines starting with `#`) and only the harness reads it: a token of a
    /// whole component would be longer than libFuzzer keeps of a dictionary word anyway.
    static let dictionaryLinePrefix = "# sdui-kind "

    var dictionaryLine: String {
        Self.dictionaryLinePrefix + String(decoding: JSONSerializer.serialize(json), as: UTF8.self)
    }

    /// A line ``dictionaryLine`` wrote; nil for any other line.
    init?(dictionaryLine line: Substring) {
        guard line.hasPrefix(Self.dictionaryLinePrefix),
              let value = try? JSONParser().parse(Array(line.dropFirst(Self.dictionaryLinePrefix.count).utf8)) else { return nil }
        self.init(json: value)
    }
}
