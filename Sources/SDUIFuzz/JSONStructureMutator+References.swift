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
        if candidates.isEmpty || rng.chance(25) { return namedPiece(&root, strings: strings, rng: &rng) }
        guard let reference = rng.pick(candidates), let definitions = keyed[reference.value],
              let definition = rng.pick(definitions.filter { !Self.isPrefix($0, of: reference.path) }),
              let holder = referringComponent(in: root, at: reference.path),
              let component = Self.value(in: root, at: holder[...]) else { return false }
        Self.modify(&root, at: definition[...]) { $0 = component }
        return true
    }

    /// No piece is named yet (a document sketched from the source has `"fragments": {}`, empty):
    /// a string of a component becomes the name of a new member of a map (an object that is
    /// empty or holds only objects, outside the component; or a new one at the root, under a key
    /// the decoder reads as an object), whose value is that component, so the piece the component
    /// refers to by the name is itself. False when there is no such pair.
    func namedPiece(_ root: inout JSONValue, strings: [NamedString], rng: inout FuzzRandom) -> Bool {
        // A reference sits in a component's properties (`props.name`, `attributes.ref`), rarely
        // beside its discriminator: strings of objects without one are drawn most of the time.
        let discriminators = Set(dictionary.discriminatorKeys)
        let inProperties = strings.filter { string in
            guard case .object(let members)? = Self.value(in: root, at: string.path.dropLast()) else { return false }
            return !members.contains { discriminators.contains($0.key) }
        }
        guard let reference = rng.pick(!inProperties.isEmpty && rng.chance(70) ? inProperties : strings),
              let holder = referringComponent(in: root, at: reference.path),
              let component = Self.value(in: root, at: holder[...]) else { return false }
        var maps: [[Step]] = []
        Self.collectMaps(root, into: &maps, limit: 2_000)
        maps = maps.filter { !Self.isPrefix($0, of: holder) && !Self.isPrefix(holder, of: $0) }
        // No map outside the component (a sketch `{"layout": {…}}`): a new one at the root, under
        // a key the decoder reads as an object and the root does not have (`fragments`).
        if maps.isEmpty || rng.chance(30), case .object(var members) = root,
           let key = rng.pick(dictionary.typedKeys.filter { $0.value == "object" && !members.map(\.key).contains($0.key) }.map(\.key)) {
            root = .null
            members.append(JSONMember(key, .object([JSONMember(reference.value, component)])))
            root = .object(members)
            return true
        }
        guard let map = rng.pick(maps) else { return false }
        Self.modify(&root, at: map[...]) { node in
            guard case .object(var members) = node else { return }
            node = .null
            if let i = members.firstIndex(where: { $0.key == reference.value }) { members[i].value = component }
            else { members.append(JSONMember(reference.value, component)) }
            node = .object(members)
        }
        return true
    }

    /// The paths of objects that may be maps of named pieces: empty, or holding only objects.
    static func collectMaps(_ root: JSONValue, into maps: inout [[Step]], limit: Int) {
        forEachObject(in: root, limit: limit) { members, path in
            if !path.isEmpty, members.allSatisfy({ if case .object = $0.value { return true }; return false }) { maps.append(path) }
        }
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
        // The empty string too: `fragments[""]` is a name like any other.
        case .string(let s) where s.utf8.count <= 128:
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

/// Keys the decoder's source names, with numbers at a type's edge. A gate such as
/// `min_schema` or `min_app_version` is read from wherever the decoder looks (a block's attributes,
/// the screen's root) and converted with `Int(_:)` or an integer initializer; the seeds never carry
/// it, and adding the key at one random place with a random value rarely hits the place and the value
/// together. This move adds one such key to about half of the objects of the document, each drawn
/// on its own, with one number past a common integer type's range (or at its edge). Not to all: an
/// object that is a map of typed values (`definitions`, `fragments`, `styles`) rejects a member that
/// is a number, and with it the whole document.
extension JSONStructureMutator {
    static let edgeNumbers: [Double] = [9_300_000_000_000_000_000, -9_300_000_000_000_000_000, 1e19, 1e300, -1e300,
                                        4_294_967_296, 2_147_483_648, -2_147_483_649, 32_768, 65_536, -1, 0]

    /// False when the decoder's literals hold nothing that reads as a key.
    func sourceKeyNumber(_ root: inout JSONValue, rng: inout FuzzRandom) -> Bool {
        guard let key = sourceOnlyKey(rng: &rng), let number = rng.pick(Self.edgeNumbers) else { return false }
        var added = 0
        Self.addToHalf(&root, key: key, value: .number(number), depth: 0, added: &added, rng: &rng)
        return added > 0
    }

    /// A literal of the decoder's source that reads as a key (a few draws; the list is not indexed,
    /// and this runs once per mutation that draws the move). Not filtered by the dictionary's keys:
    /// those hold the keys mined from the source too (`attributes["min_schema"]`), the very ones
    /// wanted here; a key the document already has just gets the number.
    func sourceOnlyKey(rng: inout FuzzRandom) -> String? {
        for _ in 0..<8 {
            guard let literal = rng.pick(dictionary.literals) else { return nil }
            if Self.isKeyLike(literal) { return literal }
        }
        return nil
    }

    /// A JSON key as servers write them: camelCase or snake_case, starting with a lower-case letter
    /// (a capitalised identifier is more often a type name or a constant value in the source).
    static func isKeyLike(_ s: String) -> Bool {
        let bytes = s.utf8
        guard (2...40).contains(bytes.count), let first = bytes.first, first >= 0x61 && first <= 0x7A else { return false }
        return bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D }
    }

    /// Sets `key` to `value` in each object with one chance in two (up to 256 of them,
    /// ``maxPathDepth`` deep).
    static func addToHalf(_ node: inout JSONValue, key: String, value: JSONValue, depth: Int, added: inout Int, rng: inout FuzzRandom) {
        guard depth < maxPathDepth, added < 256 else { return }
        switch node {
        case .object(var members):
            node = .null  // release the old tree so the members are uniquely referenced
            for i in members.indices { addToHalf(&members[i].value, key: key, value: value, depth: depth + 1, added: &added, rng: &rng) }
            if rng.chance(50) {
                if let i = members.firstIndex(where: { $0.key == key }) { members[i].value = value } else { members.append(JSONMember(key, value)) }
                added += 1
            }
            node = .object(members)
        case .array(var elements):
            node = .null
            for i in elements.indices { addToHalf(&elements[i], key: key, value: value, depth: depth + 1, added: &added, rng: &rng) }
            node = .array(elements)
        default:
            break
        }
    }
}
