import Foundation

/// A type-erased JSON value, as the well-known AnyCodable packages write it: each widget's `props`
/// are whatever the server sends, read by key where the widget needs them.
struct AnyCodable: Codable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = NSNull()
        } else if let bool = try? container.decode(Bool.self) {
            value = bool
        } else if let int = try? container.decode(Int.self) {
            value = int
        } else if let double = try? container.decode(Double.self) {
            value = double
        } else if let string = try? container.decode(String.self) {
            value = string
        } else if let array = try? container.decode([AnyCodable].self) {
            value = array.map(\.value)
        } else if let dictionary = try? container.decode([String: AnyCodable].self) {
            value = dictionary.mapValues(\.value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "AnyCodable value cannot be decoded")
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case is NSNull: try container.encodeNil()
        case let bool as Bool: try container.encode(bool)
        case let int as Int: try container.encode(int)
        case let double as Double: try container.encode(double)
        case let string as String: try container.encode(string)
        case let array as [Any]: try container.encode(array.map(AnyCodable.init))
        case let dictionary as [String: Any]: try container.encode(dictionary.mapValues(AnyCodable.init))
        default: throw EncodingError.invalidValue(value, .init(codingPath: container.codingPath, debugDescription: "not JSON"))
        }
    }
}

extension Dictionary where Key == String, Value == AnyCodable {
    func double(_ key: String) -> Double? {
        switch self[key]?.value {
        case let int as Int: return Double(int)
        case let double as Double: return double
        case let string as String: return Double(string)
        default: return nil
        }
    }

    func string(_ key: String) -> String? { self[key]?.value as? String }
}
