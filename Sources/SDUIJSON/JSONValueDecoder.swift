/// A Codable `Decoder` over a parsed ``JSONValue``: lets app-style `Decodable` types (with
/// discriminator dispatch in `init(from:)`) decode from this project's parser, keeping its byte
/// offsets, its nesting safety and its error paths.
public struct JSONValueDecoder {
    public var userInfo: [CodingUserInfoKey: Any]

    public init(userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.userInfo = userInfo
    }

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value: value, parent: nil, key: nil, userInfo: userInfo))
    }
}

/// Implemented by decoders that can hand out the raw ``JSONValue`` they decode (used to keep a
/// component's original JSON, for example).
public protocol JSONValueDecoding: Decoder {
    var jsonValue: JSONValue { get }
    /// The last key of `codingPath`, without building the whole path.
    var lastCodingKey: (any CodingKey)? { get }
}

/// A coding key for array positions and arbitrary strings.
public struct AnyCodingKey: CodingKey, Sendable, Hashable {
    public var stringValue: String
    public var intValue: Int?
    public init(stringValue: String) { self.stringValue = stringValue; self.intValue = nil }
    public init(intValue: Int) { self.stringValue = ""; self.intValue = intValue }
}

final class ValueDecoder: JSONValueDecoding {
    let value: JSONValue
    /// The coding path is kept as a parent chain and built only when asked for (errors, paths),
    /// so decoding a field costs no array copy.
    let parent: ValueDecoder?
    let key: (any CodingKey)?
    let userInfo: [CodingUserInfoKey: Any]

    init(value: JSONValue, parent: ValueDecoder?, key: (any CodingKey)?, userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.parent = parent
        self.key = key
        self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: ValueDecoder? = self
        while let current = node, let key = current.key {
            keys.append(key)
            node = current.parent
        }
        return keys.reversed()
    }

    var jsonValue: JSONValue { value }
    var lastCodingKey: (any CodingKey)? { key }

    func child(_ value: JSONValue, _ key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, parent: self, key: key, userInfo: userInfo)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch([String: JSONValue].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch([JSONValue].self, value, codingPath)
        }
        return UnkeyedContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(value: value, decoder: self)
    }
}

func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    let expected: String = switch type {
    case is String.Type: "string"
    case is Bool.Type: "boolean"
    case is [String: JSONValue].Type: "object"
    case is [JSONValue].Type: "array"
    default: "number"
    }
    if case .null = value {
        return .valueNotFound(type, .init(codingPath: path, debugDescription: "expected \(expected), found null"))
    }
    return .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(expected), found \(value.typeName)"))
}

/// Decodes the scalar types directly; everything else through `T(from:)`. `owner` and `key`
/// locate the value; its coding path is built only for an error.
func decodeValue<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ owner: ValueDecoder, _ key: (any CodingKey)?) throws -> T {
    func path() -> [any CodingKey] { owner.codingPath + (key.map { [$0] } ?? []) }
    switch type {
    case is String.Type:
        guard case .string(let s) = value else { throw mismatch(String.self, value, path()) }
        return s as! T
    case is Double.Type:
        guard case .number(let d) = value else { throw mismatch(Double.self, value, path()) }
        return d as! T
    case is Bool.Type:
        guard case .bool(let b) = value else { throw mismatch(Bool.self, value, path()) }
        return b as! T
    case is Int.Type:
        guard case .number(let d) = value else { throw mismatch(Int.self, value, path()) }
        guard let i = Int(exactly: d) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "\(JSONSerializer.formatNumber(d)) is not an integer in range"))
        }
        return i as! T
    case is JSONValue.Type:
        return value as! T
    default:
        return try T(from: key.map { owner.child(value, $0) } ?? owner)
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONMember]
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func lookup(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        var k = members.count - 1
        while k >= 0 {
            if members[k].key == name { return members[k].value }
            k -= 1
        }
        return nil
    }

    func require(_ key: Key) throws -> JSONValue {
        guard let v = lookup(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing \"\(key.stringValue)\""))
        }
        return v
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try require(key) { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeValue(type, try require(key), decoder, key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try require(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try require(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(lookup(key) ?? .null, key)
    }
}

struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: ValueDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], decoder: ValueDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    mutating func next() throws -> (JSONValue, AnyCodingKey) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath, debugDescription: "unkeyed container is at end"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], AnyCodingKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = elements[currentIndex] { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, key) = try next()
        return try decodeValue(type, value, decoder, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, key) = try next()
        return try decoder.child(value, key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, key) = try next()
        return try decoder.child(value, key).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, key) = try next()
        return decoder.child(value, key)
    }
}

struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type, value, decoder, nil)
    }
}
