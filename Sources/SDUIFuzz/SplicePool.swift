import SDUIJSON

/// Subtrees taken from the corpus, for splicing into mutated documents: whole components
/// (objects with a discriminator) and smaller values.
struct SplicePool {
    var components: [JSONValue] = []
    var values: [JSONValue] = []
    /// A container component seen in the corpus (one whose data object holds an array), used to
    /// nest components deeply the way the protocol nests them.
    var container: JSONValue?

    init() {}

    /// Subtrees a pool holds at most.
    static let limit = 4_000

    init(documents: [JSONValue], dictionary: FuzzDictionary, limit: Int = SplicePool.limit) {
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
        container = components.first { component in
            guard case .object(let members) = component else { return false }
            return members.contains { member in
                guard case .object(let data) = member.value else { return false }
                return data.contains { if case .array = $0.value { return true }; return false }
            }
        }
    }
}
