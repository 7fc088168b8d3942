import Foundation

/// The catalog's JSON as a tree the app can walk and patch: built once from JSONSerialization's
/// output, children linked to their parent so a cell can find its section's settings.
final class JSONNode {
    enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([String: JSONNode])
    }

    let value: Value
    weak var parent: JSONNode?

    init(_ value: Value) {
        self.value = value
    }

    convenience init(any: Any) {
        switch any {
        case let dictionary as [String: Any]:
            var children: [String: JSONNode] = [:]
            children.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                children[key] = JSONNode(any: element)
            }
            self.init(.object(children))
            children.values.forEach { $0.parent = self }
        case let array as [Any]:
            let children = array.map(JSONNode.init(any:))
            self.init(.array(children))
            children.forEach { $0.parent = self }
        case let string as String:
            self.init(.string(string))
        case let bool as Bool:
            self.init(.bool(bool))
        case let number as NSNumber:
            self.init(.number(number.doubleValue))
        default:
            self.init(.null)
        }
    }

    subscript(key: String) -> JSONNode? {
        guard case .object(let children) = value else { return nil }
        return children[key]
    }

    var string: String? {
        guard case .string(let string) = value else { return nil }
        return string
    }

    var int: Int? {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    var array: [JSONNode] {
        guard case .array(let children) = value else { return [] }
        return children
    }
}
