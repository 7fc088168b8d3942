import Foundation
import SDUIJSON

/// An app version's requirements as a JSON Schema (draft 2020-12) a backend validates its responses
/// against, in any language: per component kind (an `if` on the discriminator's value), the
/// required keys, the JSON types each accepts, `null` where accepted, bounds where a number past 32
/// or 64 bits breaks the app, `minItems` where an empty array does, the known values of a string
/// whose unknown value loses the item or the screen.
///
/// What it cannot say is said in the report, not here: a number that overflows in the app's own
/// arithmetic with a value in range, a `1.0` the decoder refuses for an integer (JSON Schema's
/// `integer` accepts it), a kind the app knows that neither a response nor the decoder's own
/// strings name.
// Its tree is built once, in an initializer, and only read afterwards: safe to share.
public struct RequirementsSchema: @unchecked Sendable {
    final class Node {
        var types: [String] = []
        var properties: [(String, Node)] = []
        var required: [String] = []
        var items: Node?
        /// (discriminator key, value, the component's own schema)
        var branches: [(String, String, Node)] = []
        var enumValues: [String]?
        var minimum: Int64?
        var maximum: Int64?
        var minItems: Int?

        func property(_ key: String) -> Node {
            if let existing = properties.first(where: { $0.0 == key }) { return existing.1 }
            let node = Node()
            properties.append((key, node))
            return node
        }

        func branch(_ key: String, _ value: String) -> Node {
            if let existing = branches.first(where: { $0.0 == key && $0.1 == value }) { return existing.2 }
            let node = Node()
            branches.append((key, value, node))
            return node
        }

        func child(_ step: Step) -> Node {
            switch step {
            case .key(let k): return property(k)
            case .items:
                if items == nil { items = Node() }
                return items!
            }
        }
    }

    enum Step: Hashable { case key(String), items }

    let root = Node()
    public let client: String

    public init(_ requirements: ClientRequirements) {
        client = requirements.client
        for field in requirements.fields {
            let steps = Self.steps(field.path)
            guard !steps.isEmpty else { continue }
            var node = root
            var rest = steps[...]
            if let kind = field.kind, let componentPath = field.componentPath, let disc = field.discriminator {
                let componentSteps = Self.steps(componentPath)
                for step in componentSteps { node = node.child(step) }
                rest = steps.dropFirst(componentSteps.count)
                // The discriminator itself is the `if`; its own requirement is stated once, outside.
                if rest.count == 1, rest.first == .key(disc) {
                    apply(field, key: disc, in: node)
                    continue
                }
                node = node.branch(disc, kind)
            }
            if rest.last == .items {
                // An array's elements (`$.items[*]`): their types, `null` only where accepted.
                for step in rest { node = node.child(step) }
                applyTypes(field, to: node)
                continue
            }
            guard case .key(let last)? = rest.last else { continue }
            for step in rest.dropLast() { node = node.child(step) }
            apply(field, key: last, in: node)
        }
        // A discriminator whose unknown value loses the item (or more): its values are the kinds
        // the app knows and those it already showed nothing for; any other is a component the app
        // would drop, which the gate calls breaking.
        for d in requirements.discriminators {
            guard let cost = d.unknownValueCost, cost >= .placeholder else { continue }
            var node = root
            for step in Self.steps(d.componentPath) { node = node.child(step) }
            let property = node.property(d.key)
            if property.types.isEmpty { property.types = ["string"] }
            property.enumValues = Array(Set(d.knownValues + d.ignoredValues)).sorted()
        }
    }

    func apply(_ field: ClientRequirements.Field, key: String, in parent: Node) {
        if field.required, !parent.required.contains(key) { parent.required.append(key) }
        let node = parent.property(key)
        applyTypes(field, to: node)
        applyEnum(field, to: node)
    }

    /// The JSON types the client accepts there, `null` where accepted, and the bounds of its edges.
    func applyTypes(_ field: ClientRequirements.Field, to node: Node) {
        var types = Set(node.types).union(field.acceptedTypes)
        if field.nullable == true { types.insert("null") }
        if types.contains("number") { types.remove("integer") }
        node.types = types.sorted()
        let broken = { (edge: ProbeObservation.Variant) in field.edges[edge.rawValue].map { !$0.isTolerated } ?? false }
        if broken(.past32Bits) { node.maximum = Int64(Int32.max); node.minimum = Int64(Int32.min) }
        else if broken(.past64Bits) { node.maximum = Int64.max; node.minimum = Int64.min }
        if broken(.emptied) { node.minItems = 1 }
    }

    func applyEnum(_ field: ClientRequirements.Field, to node: Node) {
        let discriminatorItself = field.discriminator.map { field.path.hasSuffix("." + $0) || field.path.hasSuffix("[\"\($0)\"]") } ?? false
        if let known = field.knownValues, let cost = field.unknownValueCost, cost >= .placeholder, !discriminatorItself {
            node.enumValues = Array(Set((node.enumValues ?? []) + known)).sorted()
        }
    }

    /// `$.a.b[*]["c d"]` → key a, key b, items, key "c d".
    static func steps(_ path: String) -> [Step] {
        var out: [Step] = []
        var i = path.startIndex
        guard path.hasPrefix("$") else { return [] }
        i = path.index(after: i)
        while i < path.endIndex {
            if path[i] == "." {
                var j = path.index(after: i)
                while j < path.endIndex, path[j] != ".", path[j] != "[" { j = path.index(after: j) }
                out.append(.key(String(path[path.index(after: i)..<j])))
                i = j
            } else if path[path.index(i, offsetBy: 0)...].hasPrefix("[*]") {
                out.append(.items)
                i = path.index(i, offsetBy: 3)
            } else if path[i...].hasPrefix("[\"") {
                // A quoted key: JSON string escapes inside.
                var j = path.index(i, offsetBy: 2)
                var key = ""
                while j < path.endIndex, path[j] != "\"" {
                    if path[j] == "\\", path.index(after: j) < path.endIndex { j = path.index(after: j) }
                    key.append(path[j])
                    j = path.index(after: j)
                }
                out.append(.key(key))
                i = min(path.endIndex, path.index(j, offsetBy: 2, limitedBy: path.endIndex) ?? path.endIndex)
            } else {
                return out
            }
        }
        return out
    }

    /// Reads a schema this type wrote (`sdui contract requirements`), to check responses against
    /// it: the keywords it writes are read back, anything else is left out.
    public init(json: [UInt8], client: String) throws(RequirementsSchemaError) {
        self.client = client
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any] else {
            throw RequirementsSchemaError(message: "not a JSON object")
        }
        Self.read(object, into: root)
    }

    static func read(_ object: [String: Any], into node: Node) {
        if let t = object["type"] as? String { node.types = [t] } else if let t = object["type"] as? [String] { node.types = t }
        if let properties = object["properties"] as? [String: Any] {
            for key in properties.keys.sorted() {
                if let child = properties[key] as? [String: Any] { read(child, into: node.property(key)) }
            }
        }
        node.required = (object["required"] as? [String]) ?? []
        if let items = object["items"] as? [String: Any] { read(items, into: node.child(.items)) }
        for branch in (object["allOf"] as? [[String: Any]]) ?? [] {
            guard let condition = (branch["if"] as? [String: Any])?["properties"] as? [String: Any], condition.count == 1,
                  let (key, value) = condition.first.map({ ($0.key, ($0.value as? [String: Any])?["const"] as? String) }), let value,
                  let then = branch["then"] as? [String: Any] else { continue }
            read(then, into: node.branch(key, value))
        }
        if let e = object["enum"] as? [Any] { node.enumValues = e.compactMap { $0 as? String } }
        node.minimum = (object["minimum"] as? NSNumber)?.int64Value
        node.maximum = (object["maximum"] as? NSNumber)?.int64Value
        node.minItems = (object["minItems"] as? NSNumber)?.intValue
    }

    // MARK: - Writing

    /// The schema as JSON text (keys sorted, so the file does not churn).
    public var json: String {
        var object = dictionary(root)
        object["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        object["title"] = "What \(client) requires of a response"
        object["description"] = "Derived by sdui contract requirements from probing the app's own decoder; a response that fails it breaks \(client)."
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    func dictionary(_ node: Node) -> [String: Any] {
        var out: [String: Any] = [:]
        var types = node.types
        if !node.properties.isEmpty || !node.branches.isEmpty, types.isEmpty { types = ["object"] }
        if node.items != nil, types.isEmpty { types = ["array"] }
        if types.count == 1 { out["type"] = types[0] } else if !types.isEmpty { out["type"] = types }
        if !node.properties.isEmpty {
            var properties: [String: Any] = [:]
            for (key, child) in node.properties { properties[key] = dictionary(child) }
            out["properties"] = properties
        }
        if !node.required.isEmpty { out["required"] = node.required.sorted() }
        if let items = node.items { out["items"] = dictionary(items) }
        if !node.branches.isEmpty {
            out["allOf"] = node.branches.map { key, value, branch -> [String: Any] in
                ["if": ["properties": [key: ["const": value]], "required": [key]], "then": dictionary(branch)]
            }
        }
        if let e = node.enumValues { out["enum"] = node.types.contains("null") ? e.map { $0 as Any } + [NSNull()] : e }
        if let m = node.minimum { out["minimum"] = NSNumber(value: m) }
        if let m = node.maximum { out["maximum"] = NSNumber(value: m) }
        if let m = node.minItems { out["minItems"] = m }
        return out
    }

    // MARK: - Checking a response (the keywords this schema uses, with JSON Schema's meaning)

    /// Where `value` breaks the schema: one line per violation, with its JSON path. Empty: it validates.
    public func violations(of value: JSONValue) -> [String] {
        var out: [String] = []
        check(value, root, "$", &out)
        return out
    }

    func check(_ value: JSONValue, _ node: Node, _ path: String, _ out: inout [String]) {
        if !node.types.isEmpty, !Self.matches(value, node.types) {
            out.append("\(path): \(Self.typeName(value)), expected \(node.types.joined(separator: " or "))")
            return
        }
        switch value {
        case .object(let members):
            for key in node.required where !members.contains(where: { $0.key == key }) { out.append("\(path): missing \"\(key)\"") }
            for m in members {
                if let child = node.properties.first(where: { $0.0 == m.key })?.1 { check(m.value, child, JSONPath.appending(key: m.key, to: path), &out) }
            }
            for (key, kind, branch) in node.branches {
                if let m = members.first(where: { $0.key == key }), m.value == .string(kind) { check(value, branch, path, &out) }
            }
        case .array(let elements):
            if let min = node.minItems, elements.count < min { out.append("\(path): empty, expected at least \(min) item(s)") }
            if let items = node.items {
                for (i, e) in elements.enumerated() { check(e, items, JSONPath.appending(index: i, to: path), &out) }
            }
        case .string(let s):
            if let e = node.enumValues, !e.contains(s) { out.append("\(path): \"\(s)\" is none of \(e.map { "\"\($0)\"" }.joined(separator: ", "))") }
        case .number(let d):
            if let max = node.maximum, d > Double(max) { out.append("\(path): \(d) is above \(max)") }
            if let min = node.minimum, d < Double(min) { out.append("\(path): \(d) is below \(min)") }
        default: break
        }
    }

    static func matches(_ value: JSONValue, _ types: [String]) -> Bool {
        let type = typeName(value)
        return types.contains(type) || (type == "integer" && types.contains("number"))
    }

    static func typeName(_ value: JSONValue) -> String { RequirementProbe.typeName(value) }
}

/// A requirements schema that cannot be read.
public struct RequirementsSchemaError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
