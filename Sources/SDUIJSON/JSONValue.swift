/// A parsed JSON value.
///
/// Containers nested deeper than the parser's materialization depth are kept as
/// ``JSONValue/elided(_:)``: syntax-checked, with their kind and raw bytes, but no tree, so a
/// payload of a million nested arrays costs a byte per level and nothing recurses over it.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// Every JSON number, as the nearest `Double` (`1e999` is `+infinity`).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order; duplicate keys are kept (lookups take the last one).
    case object([JSONMember])
    case elided(ElidedJSON)

    /// The JSON type name used in messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .elided(let e): e.isObject ? "object" : "array"
        }
    }

    /// The value of the last member named `key`, if this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A container that was syntax-checked but not materialized (see ``JSONValue/elided(_:)``).
public struct ElidedJSON: Sendable, Hashable {
    /// `true` for an object, `false` for an array.
    public var isObject: Bool
    /// The container's exact source bytes (shares storage with the parsed input).
    public var raw: ArraySlice<UInt8>
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONMember($0.0, $0.1) })
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: Decodable {
    /// Decodes any JSON value from any `Decoder` (this module's decoder hands its value over directly).
    public init(from decoder: any Decoder) throws {
        if let direct = decoder as? any JSONValueDecoding {
            self = direct.jsonValue
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            self = .object(try keyed.allKeys.map { JSONMember($0.stringValue, try keyed.decode(JSONValue.self, forKey: $0)) })
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let b = try? single.decode(Bool.self) { self = .bool(b) }
        else if let d = try? single.decode(Double.self) { self = .number(d) }
        else { self = .string(try single.decode(String.self)) }
    }
}
