import SDUIJSON

/// Subtrees taken from the corpus, for splicing into mutated documents: whole components
/// (objects with a discriminator) and smaller values.
struct SplicePool {
    var components: [JSONValue] = []
    var values: [JSONValue] = []

    init() {}

    init(documents: [JSONValue], dictionary: FuzzDictionary, limit: Int = 4_000) {
        let discriminators = Set(dictionary.discriminatorKeys)
        var stack = documents
        while let value = stack.popLast(), components.count + values.count < limit {
            switch value {
            case .object(let members):
                if members.contains(where: { discriminators.contains($0.key) }) { components.append(value) }
                else if members.count <= 8 { values.append(value) }
                stack.append(contentsOf: members.map(\.value))
            case .array(let elements):
                if elements.count <= 4 { values.append(value) }
                stack.append(contentsOf: elements)
            case .elided: break
            default: values.append(value)
            }
        }
    }
}
