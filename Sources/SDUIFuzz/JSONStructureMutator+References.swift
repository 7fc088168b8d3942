import SDUIJSON

/// References that lead back to themselves. Reusable pieces of a screen (a footer, a header
/// fragment, a block definition) are sent once, under a name, and referred to by that name; a
/// decoder that resolves them without a depth bound recurses forever on a piece that refers to
/// itself. No single-value move makes one: the name must appear in two places that agree, and the
/// referring component must sit where the piece was. This move does both at once.
extension JSONStructureMutator {
    /// A string value and where it is.
    struct NamedString { var path: [Step]; var value: String }

    /// Finds a string `v` at path P and a member whose key is `v` elsewhere (a definition named by
    /// the reference), and puts the component that holds P (its nearest object with a
    /// discriminator, else the object holding the string) in place of that member's value: the
    /// definition now refers to itself. False when the document has no such pair.
    func selfReference(_ root: inout JSONValue, rng: inout FuzzRandom) -> Bool {
        var strings: [NamedString] = []
        var keyed: [String: [[Step]]] = [:]
        Self.collectNames(root, path: [], strings: &strings, keyed: &keyed, limit: 512)
        let candidates = strings.filter { keyed[$0.value] != nil }
        guard let reference = rng.pick(candidates), let definitions = keyed[reference.value],
              let definition = rng.pick(definitions.filter { !Self.isPrefix($0, of: reference.path) }),
              let holder = referringComponent(in: root, at: reference.path),
              let component = Self.value(in: root, at: holder[...]) else { return false }
        Self.modify(&root, at: definition[...]) { $0 = component }
        return true
    }

    /// The path of the component that holds the string at `path`: its nearest enclosing object
    /// with a discriminator key, else the object the string is a member of.
    func referringComponent(in root: JSONValue, at path: [Step]) -> [Step]? {
        let discriminators = Set(dictionary.discriminatorKeys)
        var prefix = path
        var nearestObject: [Step]?
        while !prefix.isEmpty {
            prefix.removeLast()
            guard case .object(let members)? = Self.value(in: root, at: prefix[...]) else { continue }
            if nearestObject == nil { nearestObject = prefix }
            if members.contains(where: { discriminators.contains($0.key) }) { return prefix }
        }
        return nearestObject
    }

    /// String leaves with their paths, and the paths of members by key, breadth of the whole tree
    /// up to `limit` nodes (and ``maxPathDepth`` deep).
    static func collectNames(_ value: JSONValue, path: [Step], strings: inout [NamedString], keyed: inout [String: [[Step]]], limit: Int) {
        guard strings.count + keyed.count < limit, path.count < maxPathDepth else { return }
        switch value {
        case .string(let s) where !s.isEmpty && s.utf8.count <= 128:
            strings.append(NamedString(path: path, value: s))
        case .object(let members):
            for (i, m) in members.enumerated() {
                keyed[m.key, default: []].append(path + [.member(i)])
                collectNames(m.value, path: path + [.member(i)], strings: &strings, keyed: &keyed, limit: limit)
            }
        case .array(let elements):
            for (i, e) in elements.enumerated() { collectNames(e, path: path + [.element(i)], strings: &strings, keyed: &keyed, limit: limit) }
        default:
            break
        }
    }

    static func value(in root: JSONValue, at path: ArraySlice<Step>) -> JSONValue? {
        guard let step = path.first else { return root }
        switch (step, root) {
        case (.member(let i), .object(let members)) where i < members.count: return value(in: members[i].value, at: path.dropFirst())
        case (.element(let i), .array(let elements)) where i < elements.count: return value(in: elements[i], at: path.dropFirst())
        default: return nil
        }
    }

    static func isPrefix(_ a: [Step], of b: [Step]) -> Bool {
        guard a.count <= b.count else { return false }
        return zip(a, b).allSatisfy { pair in
            switch pair {
            case (.member(let x), .member(let y)), (.element(let x), .element(let y)): x == y
            default: false
            }
        }
    }
}
