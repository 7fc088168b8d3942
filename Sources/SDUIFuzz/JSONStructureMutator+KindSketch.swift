import SDUIJSON

/// A rare kind written whole (see ``KindSketch``). The component's fields are read either from the
/// component object itself (`{"type": "flash_sale", "products": …}`) or from one object member of
/// it (`{"viewType": …, "content": {…}}`, `{"sectionComponentType": …, "section": {…}}`), and the
/// source does not say which (`superDecoder(forKey:)`, a nested `decode(T.self, forKey:)`): the keys
/// go to both. A key a type does not read is ignored by its decoder, so the extra copies cost little.
extension JSONStructureMutator {
    /// Picks a sketch and a component of the document (an object with a discriminator key, else
    /// any object), sets its discriminator to the sketch's kind and gives it and its object members
    /// every key of the sketch (all but one, a third of the time), each with a value of its type.
    /// False when the dictionary has no sketches or the document no object.
    func kindSketch(_ root: inout JSONValue, rng: inout FuzzRandom, injections: inout [[UInt8]]) -> Bool {
        guard let sketch = rng.pick(dictionary.kindSketches) else { return false }
        let discriminators = Set(dictionary.discriminatorKeys + [sketch.discriminator])
        var components: [[Step]] = [], objects: [[Step]] = []
        Self.collectObjects(root, discriminators: discriminators, components: &components, objects: &objects, limit: 2_000)
        guard let target = rng.pick(components.isEmpty ? objects : components) else { return false }
        // A key the type reads as optional but given a value of the wrong kind (a date the decoder
        // parses from a string, a URL) throws for the whole component, which then never reaches the
        // line the kind exists for (shop-03: `endsAt`, a `Date?`, next to the `products` it indexes);
        // left out, an optional key costs nothing. The sketch does not say which keys are optional:
        // a third of the time one key, drawn, is left out, and the sketch stays whole otherwise.
        var keys = sketch.keys
        if keys.count > 1, rng.chance(33) { keys.remove(at: rng.below(keys.count)) }
        let values = keys.map { ($0.key, valueOfType($0.value, key: $0.key, rng: &rng, injections: &injections)) }
        Self.modify(&root, at: target[...]) { node in
            guard case .object(var members) = node else { return }
            node = .null  // release the old tree so the members are uniquely referenced
            if let i = members.firstIndex(where: { discriminators.contains($0.key) }) { members[i].value = .string(sketch.kind) }
            else { members.insert(JSONMember(sketch.discriminator, .string(sketch.kind)), at: 0) }
            for i in members.indices {
                guard case .object(var inner) = members[i].value else { continue }
                Self.set(values, in: &inner)
                members[i].value = .object(inner)
            }
            Self.set(values, in: &members)
            node = .object(members)
        }
        return true
    }

    /// Each key set to its value: replaced where the object has it, else appended.
    static func set(_ values: [(String, JSONValue)], in members: inout [JSONMember]) {
        for (key, value) in values {
            if let i = members.firstIndex(where: { $0.key == key }) { members[i].value = value } else { members.append(JSONMember(key, value)) }
        }
    }

    /// The paths of objects with a discriminator key (`components`) and of all objects.
    static func collectObjects(_ root: JSONValue, discriminators: Set<String>, components: inout [[Step]], objects: inout [[Step]], limit: Int) {
        forEachObject(in: root, limit: limit) { members, path in
            objects.append(path)
            if members.contains(where: { discriminators.contains($0.key) }) { components.append(path) }
        }
    }
}
