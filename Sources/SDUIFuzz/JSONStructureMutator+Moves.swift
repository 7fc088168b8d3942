import SDUIJSON

/// The structure-aware moves, one function each: what each ``MutationMove`` of the schedule does
/// to the node it was drawn for.
extension JSONStructureMutator {
    func apply(_ move: MutationMove, to node: inout JSONValue, discriminators: Set<String>, documentStrings: [String],
               rng: inout FuzzRandom, injections: inout [[UInt8]]) {
        switch move {
        case .swapKind: swapKind(&node, discriminators: discriminators, rng: &rng)
        case .dropMember: dropMember(&node, rng: &rng)
        case .duplicate: duplicate(&node, rng: &rng)
        case .changeType: node = changeType(node, rng: &rng)
        case .nest: node = nest(node, rng: &rng)
        case .splice: splice(&node, rng: &rng)
        case .extremeNumber: node = .number(rng.pick(Self.extremeNumbers)!)
        case .edgeString: edgeString(&node, rng: &rng, injections: &injections)
        case .typedValue: typedValue(&node, rng: &rng, injections: &injections)
        case .addKey: addKey(&node, rng: &rng)
        case .enumValue: node = .string(rng.pick(rng.chance(70) ? dictionary.enumValues : dictionary.kinds) ?? "")
        case .decoderLiteral: decoderLiteral(&node, rng: &rng)
        case .documentString: documentString(&node, from: documentStrings, rng: &rng)
        case .moveNumber: node = mutateNumber(node, rng: &rng, injections: &injections)
        case .leafBytes: leafBytes(&node, rng: &rng)
        case .shuffle: shuffle(&node, rng: &rng)
        case .renameKey: renameKey(&node, rng: &rng)
        case .libFuzzerBytes, .bytes, .seedRestart, .crossover, .keyLiteralPair, .selfReference, .sourceKeyNumber, .kindSketch, .recompress, .streamSurgery, .shrink: break  // not structure moves of a node
        }
    }

    /// A discriminator value swapped among the known kinds (or for an unknown one).
    func swapKind(_ node: inout JSONValue, discriminators: Set<String>, rng: inout FuzzRandom) {
        if case .object(var members) = node, let i = members.firstIndex(where: { discriminators.contains($0.key) }) {
            members[i].value = .string(rng.chance(90) ? (rng.pick(dictionary.kinds) ?? "x") : "unknown_kind")
            node = .object(members)
        } else if let kind = rng.pick(dictionary.kinds) {
            node = .string(kind)
        }
    }

    /// A member or element dropped (a required field, say).
    func dropMember(_ node: inout JSONValue, rng: inout FuzzRandom) {
        if case .object(var members) = node, !members.isEmpty { members.remove(at: rng.below(members.count)); node = .object(members) }
        else if case .array(var elements) = node, !elements.isEmpty { elements.remove(at: rng.below(elements.count)); node = .array(elements) }
    }

    /// A member (the same key twice) or an element duplicated.
    func duplicate(_ node: inout JSONValue, rng: inout FuzzRandom) {
        if case .object(var members) = node, let m = rng.pick(members) { members.insert(m, at: rng.below(members.count + 1)); node = .object(members) }
        else if case .array(var elements) = node, let e = rng.pick(elements) { elements.insert(e, at: rng.below(elements.count + 1)); node = .array(elements) }
    }

    /// A subtree of the corpus spliced in (a component more often than any value).
    func splice(_ node: inout JSONValue, rng: inout FuzzRandom) {
        guard let c = rng.pick(rng.chance(60) ? pool.components : pool.values) else { return }
        if case .array(var elements) = node, rng.chance(50) { elements.insert(c, at: rng.below(elements.count + 1)); node = .array(elements) }
        else { node = c }
    }

    /// An edge-case string, or raw bytes a JSONValue cannot hold (put in after serialization).
    func edgeString(_ node: inout JSONValue, rng: inout FuzzRandom, injections: inout [[UInt8]]) {
        if rng.chance(40) {
            injections.append(Array("\"".utf8) + rng.pick(Self.rawInjections)! + Array("\"".utf8))
            node = .string(Self.placeholderPrefix + String(injections.count - 1))
        } else {
            node = .string(rng.pick(Self.edgeStrings)!)
        }
    }

    /// A key the decoder reads, with a value of its type.
    func typedValue(_ node: inout JSONValue, rng: inout FuzzRandom, injections: inout [[UInt8]]) {
        guard let typed = rng.pick(dictionary.typedKeys) else { return }
        let value = valueOfType(typed.value, key: typed.key, rng: &rng, injections: &injections)
        if case .object(var members) = node {
            if let i = members.firstIndex(where: { $0.key == typed.key }) { members[i].value = value }
            else { members.append(JSONMember(typed.key, value)) }
            node = .object(members)
        } else {
            node = .object([JSONMember(typed.key, value)])
        }
    }

    /// A known key added, with a random leaf.
    func addKey(_ node: inout JSONValue, rng: inout FuzzRandom) {
        if case .object(var members) = node, let key = rng.pick(dictionary.keys) {
            members.append(JSONMember(key, randomLeaf(&rng)))
            node = .object(members)
        } else {
            node = randomLeaf(&rng)
        }
    }

    /// A literal of the decoder's own code (mined): as a key, or as a value.
    func decoderLiteral(_ node: inout JSONValue, rng: inout FuzzRandom) {
        guard let literal = rng.pick(dictionary.literals.isEmpty ? dictionary.enumValues : dictionary.literals) else { return }
        if case .object(var members) = node, rng.chance(30) {
            if !members.isEmpty, rng.chance(50) { members[rng.below(members.count)].key = literal }
            else { members.append(JSONMember(literal, randomLeaf(&rng))) }
            node = .object(members)
        } else if case .object(var members) = node, let i = Self.stringMembers(members).randomElement(using: &rng) {
            members[i].value = .string(literal)
            node = .object(members)
        } else {
            node = .string(literal)
        }
    }

    /// A string seen elsewhere in this document (ids and references that must agree).
    func documentString(_ node: inout JSONValue, from strings: [String], rng: inout FuzzRandom) {
        guard let s = rng.pick(strings) else { return }
        if case .object(var members) = node, let i = Self.stringMembers(members).randomElement(using: &rng) {
            members[i].value = .string(s)
            node = .object(members)
        } else {
            node = .string(s)
        }
    }

    /// The bytes of a leaf string changed, or a number nudged or scaled.
    func leafBytes(_ node: inout JSONValue, rng: inout FuzzRandom) {
        if case .string(let s) = node {
            var b = Array(s.utf8)
            ByteMutator.mutate(&b, maxSize: b.count + 8, rng: &rng)
            node = .string(String(decoding: b, as: UTF8.self))
        } else if case .number(let d) = node {
            node = .number(rng.chance(50) ? d + Double(rng.below(3)) - 1 : d * Double(rng.below(20) + 1) / 4)
        }
    }

    /// Members or elements shuffled.
    func shuffle(_ node: inout JSONValue, rng: inout FuzzRandom) {
        if case .object(let members) = node { node = .object(members.shuffled(using: &rng)) }
        else if case .array(let elements) = node { node = .array(elements.shuffled(using: &rng)) }
    }

    /// A key renamed to another known key.
    func renameKey(_ node: inout JSONValue, rng: inout FuzzRandom) {
        if case .object(var members) = node, !members.isEmpty, let key = rng.pick(dictionary.keys) {
            members[rng.below(members.count)].key = key
            node = .object(members)
        }
    }

    /// The indexes of an object's members whose value is a string.
    static func stringMembers(_ members: [JSONMember]) -> [Int] {
        members.indices.filter { if case .string = members[$0].value { return true }; return false }
    }
}
