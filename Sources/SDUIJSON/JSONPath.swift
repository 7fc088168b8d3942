/// Renders coding paths as JSONPath strings: `$.components[2].data.children[0]`.
public enum JSONPath {
    public static let root = "$"

    /// Appends an object member to a path, quoting keys that are not plain identifiers.
    public static func appending(key: String, to path: String) -> String {
        if isIdentifier(key) { return path + "." + key }
        return path + "[" + quoted(key) + "]"
    }

    /// Appends an array index to a path.
    public static func appending(index: Int, to path: String) -> String {
        path + "[" + String(index) + "]"
    }

    /// The path of a Codable coding path.
    public static func string(_ codingPath: [any CodingKey]) -> String {
        var path = root
        for key in codingPath {
            if let index = key.intValue, key.stringValue.isEmpty || key.stringValue == "Index \(index)" {
                path = appending(index: index, to: path)
            } else {
                path = appending(key: key.stringValue, to: path)
            }
        }
        return path
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return key.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == 0x5f
        }
    }

    /// A JSON string literal for `s` (used for quoting keys and in renderings).
    public static func quoted(_ s: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(s.utf8.count + 2)
        JSONSerializer.writeString(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
