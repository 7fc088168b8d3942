import SDUIJSON

/// Starting documents sketched from what the decoder reads, for a target with no seeds: many apps
/// carry no sample responses (every screen comes from the server). From an empty input the
/// structure-aware moves have nothing to work on until byte mutations happen to produce JSON, and
/// then each key the decoder wants (`layout`, in it `component` with a kind the registry knows,
/// in it `props` …) must be found one move at a time. A sketch is one object holding every typed
/// key the decoder's code reads (``FuzzDictionary/typedKeys``) with a value of its type (a string
/// key the literal it is compared with), its object and array keys empty; and that object again
/// under each object or array key, so a read one level down (`json["layout"]["component"]`) is
/// met at once and the moves go on from there.
///
/// Sketches are kept small (every structured mutation parses and serializes its input, so a
/// large starting document slows every execution after it) and are only mutation material:
/// restart points and splice sources, never inputs anyone reproduces. A target with seeds never
/// uses them.
public enum SeedSketch {
    /// Keys per sketch: beyond these a sketch is a dump of every property of the app.
    static let maxScalarKeys = 48
    static let maxContainerKeys = 24

    /// The flat sketch once per variant (each variant giving compared keys their next literal,
    /// so different kinds are sketched), then one sketch per container key, the variants taken
    /// in turn, then one per rare kind. Empty when the dictionary knows no typed keys.
    public static func documents(from dictionary: FuzzDictionary, variants: Int = 4) -> [JSONValue] {
        let keys = TypedKeys(dictionary)
        guard !keys.isEmpty else { return [] }
        let count = max(1, min(variants, keys.mostLiterals))
        let flat = (0..<count).map { keys.flat(variant: $0) }
        var sketches = flat
        for (i, container) in keys.containers.enumerated() {
            let inner = flat[i % count]
            sketches.append(.object([JSONMember(container.key, container.type == "array" ? .array([inner]) : inner)]))
        }
        // Each rare kind whole (``KindSketch``), in the first array the decoder reads: a screen's
        // list of components, as far as the keys tell.
        let list = keys.containers.first { $0.type == "array" }?.key
        for kind in dictionary.kindSketches.prefix(maxKindSketches) {
            sketches.append(list.map { .object([JSONMember($0, .array([kind.json]))]) } ?? kind.json)
        }
        return sketches
    }

    /// Rare kinds sketched at most: each is one more starting document.
    static let maxKindSketches = 16

    /// The decoder's typed keys split into scalars and containers, each with one JSON type.
    struct TypedKeys {
        var scalars: [(key: String, type: String)] = []
        var containers: [(key: String, type: String)] = []
        var literals: [String: [String]] = [:]
        /// Keys read from the object under another key (``FuzzDictionary/nestedKeys``).
        var children: [String: [String]] = [:]
        /// Each typed key's one JSON type.
        var typeOf: [String: String] = [:]

        init(_ dictionary: FuzzDictionary) {
            var types: [String: Set<String>] = [:]
            for typed in dictionary.typedKeys { types[typed.key, default: []].insert(typed.value) }
            for nested in dictionary.nestedKeys { children[nested.key, default: []].append(nested.value) }
            let discriminators = Set(dictionary.discriminatorKeys)
            for pair in dictionary.pairs { literals[pair.key, default: []].append(pair.value) }
            for key in types.keys where literals[key] == nil && (discriminators.contains(key) || FuzzDictionary.isDiscriminator(key)) && !dictionary.kinds.isEmpty {
                literals[key] = dictionary.kinds
            }
            // A key read as several types (a property's type and a cast elsewhere) gets the one
            // that carries most: a compared literal, then a container, then a scalar.
            let preference = ["object", "array", "string", "number", "bool"]
            var scalars: [(String, String)] = [], containers: [(String, String)] = []
            for (key, set) in types {
                let type = literals[key] != nil && set.contains("string") ? "string" : preference.first(where: set.contains) ?? "string"
                if type == "object" || type == "array" { containers.append((key, type)) } else { scalars.append((key, type)) }
            }
            // Compared keys first (they choose the branch), then by name: deterministic.
            func order(_ a: (String, String), _ b: (String, String)) -> Bool {
                let (la, lb) = (literals[a.0] != nil, literals[b.0] != nil)
                return la != lb ? la : a.0 < b.0
            }
            for (key, type) in scalars + containers { typeOf[key] = type }
            self.scalars = scalars.sorted(by: order).prefix(SeedSketch.maxScalarKeys).map { (key: $0.0, type: $0.1) }
            self.containers = containers.sorted(by: order).prefix(SeedSketch.maxContainerKeys).map { (key: $0.0, type: $0.1) }
        }

        var isEmpty: Bool { scalars.isEmpty && containers.isEmpty }
        /// The most literals any sketched key is compared with: how many variants differ.
        var mostLiterals: Int { scalars.map { literals[$0.key]?.count ?? 0 }.max() ?? 0 }

        /// Every scalar key with a value, every container key empty.
        func flat(variant: Int) -> JSONValue {
            var members: [JSONMember] = []
            for (key, type) in scalars { members.append(JSONMember(key, scalar(key, type: type, variant: variant))) }
            for (key, type) in containers { members.append(JSONMember(key, container(key, type: type, variant: variant, depth: 0))) }
            return .object(members)
        }

        func scalar(_ key: String, type: String, variant: Int) -> JSONValue {
            switch type {
            case "number": return .number(1)
            case "bool": return .bool(true)
            default:
                let values = literals[key] ?? []
                return .string(values.isEmpty ? "" : values[variant % values.count])
            }
        }

        /// Empty, unless the code reads keys from inside it (`props["name"]`): then those keys
        /// with values of their types, two levels down at most.
        func container(_ key: String, type: String, variant: Int, depth: Int) -> JSONValue {
            guard depth < 2, let inner = children[key], !inner.isEmpty else { return type == "array" ? .array([]) : .object([]) }
            let members = inner.sorted().prefix(SeedSketch.maxScalarKeys).map { child in
                let childType = typeOf[child] ?? "string"
                let value = childType == "object" || childType == "array"
                    ? container(child, type: childType, variant: variant, depth: depth + 1) : scalar(child, type: childType, variant: variant)
                return JSONMember(child, value)
            }
            return type == "array" ? .array([.object(members)]) : .object(members)
        }
    }
}
