import SDUIJSON

/// Typed access to a JSON object from a contract file, with errors naming the file and JSON path.
struct JSONFields {
    let members: [JSONMember]
    let path: String
    let file: String

    init(_ value: JSONValue, path: String = "$", file: String) throws(ContractFileError) {
        guard case .object(let members) = value else {
            throw ContractFileError(file: file, path: path, "expected an object, found \(value.typeName)")
        }
        self.members = members
        self.path = path
        self.file = file
    }

    static func parse(_ bytes: [UInt8], file: String) throws(ContractFileError) -> JSONFields {
        let value: JSONValue
        do {
            value = try JSONParser().parse(bytes)
        } catch {
            throw ContractFileError(file: file, path: error.path, "invalid JSON at byte \(error.offset): \(error.message)")
        }
        return try JSONFields(value, file: file)
    }

    func at(_ key: String) -> String { JSONPath.appending(key: key, to: path) }

    /// Fails on keys this file format does not know, so a typo never silently does nothing.
    func rejectUnknownKeys(_ known: Set<String>) throws(ContractFileError) {
        for member in members where !known.contains(member.key) {
            throw ContractFileError(file: file, path: at(member.key),
                                    "unknown key \(JSONPath.quoted(member.key)) (expected one of: \(known.sorted().joined(separator: ", ")))")
        }
    }

    func value(_ key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    func string(_ key: String) throws(ContractFileError) -> String? {
        guard let v = value(key), v != .null else { return nil }
        guard case .string(let s) = v else { throw wrongType(key, "a string", v) }
        return s
    }

    func requiredString(_ key: String) throws(ContractFileError) -> String {
        guard let s = try string(key) else { throw ContractFileError(file: file, path: at(key), "missing required field") }
        return s
    }

    func number(_ key: String) throws(ContractFileError) -> Double? {
        guard let v = value(key), v != .null else { return nil }
        guard case .number(let d) = v, d.isFinite else { throw wrongType(key, "a number", v) }
        return d
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ContractFileError) -> Int? {
        guard let d = try number(key) else { return nil }
        guard d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
            throw ContractFileError(file: file, path: at(key), "expected an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(d)
    }

    func bool(_ key: String) throws(ContractFileError) -> Bool? {
        guard let v = value(key), v != .null else { return nil }
        guard case .bool(let b) = v else { throw wrongType(key, "true or false", v) }
        return b
    }

    func object(_ key: String) throws(ContractFileError) -> JSONFields? {
        guard let v = value(key), v != .null else { return nil }
        return try JSONFields(v, path: at(key), file: file)
    }

    func array(_ key: String) throws(ContractFileError) -> [(JSONValue, String)] {
        guard let v = value(key), v != .null else { return [] }
        guard case .array(let items) = v else { throw wrongType(key, "an array", v) }
        return items.enumerated().map { ($1, JSONPath.appending(index: $0, to: at(key))) }
    }

    func stringArray(_ key: String) throws(ContractFileError) -> [String] {
        var result: [String] = []
        for (item, itemPath) in try array(key) {
            guard case .string(let s) = item else {
                throw ContractFileError(file: file, path: itemPath, "expected a string, found \(item.typeName)")
            }
            result.append(s)
        }
        return result
    }

    /// An object whose values are all strings, in document order.
    func stringMap(_ key: String) throws(ContractFileError) -> [(String, String)] {
        guard let fields = try object(key) else { return [] }
        var result: [(String, String)] = []
        for member in fields.members {
            guard case .string(let s) = member.value else {
                throw ContractFileError(file: file, path: fields.at(member.key), "expected a string, found \(member.value.typeName)")
            }
            result.append((member.key, s))
        }
        return result
    }

    private func wrongType(_ key: String, _ expected: String, _ found: JSONValue) -> ContractFileError {
        ContractFileError(file: file, path: at(key), "expected \(expected), found \(found.typeName)")
    }
}
