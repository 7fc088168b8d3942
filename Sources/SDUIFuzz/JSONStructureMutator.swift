import Foundation
import SDUIJSON

/// Structure-aware mutation with SDUI knowledge: parses the input as JSON, mutates the tree and
/// serializes it again. Falls back to libFuzzer's byte mutation for inputs that are not JSON, and
/// now and then applies it to the serialized result too, so syntax errors near valid structure are
/// explored as well.
struct JSONStructureMutator {
    var dictionary: FuzzDictionary
    var pool: SplicePool

    enum Step { case member(Int), element(Int) }

    /// Integers at the edges of fixed-width types and of `Double`'s exact range, as JSON text
    /// (a `Double` cannot hold `Int64.max` exactly, so they go in as raw text).
    static let boundaryIntegers: [String] = [
        "0", "-1", "1", "2", "-2", "7", "8", "10", "16", "100", "127", "128", "-128", "-129", "255", "256", "1000", "1024",
        "32767", "32768", "-32768", "-32769", "65535", "65536", "1000000", "2147483647", "2147483648", "-2147483648",
        "-2147483649", "4294967295", "4294967296", "9007199254740992", "9007199254740993", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "4611686018427387904", "4611686018427387903", "-9223372036854775807", "1000000000", "100000000000", "1e9", "1e18", "1e19", "-1e19", "0.5", "-0.5",
    ]

    /// Raw byte sequences that a JSONValue cannot hold (lone surrogate escapes, invalid UTF-8),
    /// put in as placeholder strings and substituted after serialization.
    static let rawInjections: [[UInt8]] = [
        Array(#"\uD800"#.utf8), Array(#"\uDFF3"#.utf8), Array(#"\uDBFF\u0041"#.utf8),
        [0xC3, 0x28], [0xFF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0x00], [0x0A],
    ]
    static let placeholderPrefix = "\u{E000}SDUIRAW"

    static let extremeNumbers: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, 1e308, .leastNonzeroMagnitude, 9_223_372_036_854_775_808,
                                           -9_223_372_036_854_775_808, 4_294_967_296, 10_000, 10_000.5, 0.5, 1e-7, 32, 33, 65_536]
    static let edgeStrings: [String] = ["", " ", "\u{0}", "\u{202E}rtl", "e\u{301}\u{301}\u{301}", "😀", "\u{FEFF}",
                                        "/", "//x", "https://", "http://a", "https://example.com/a.png", "javascript:alert(1)",
                                        "%00", "\\", "\"", "\n", String(repeating: "A", count: 300), "ǅ", "İ"]

    /// Where parsed documents are remembered between mutations (none: every input is parsed).
    var documents: MutatorDocuments?

    /// How deep the mutators materialize a document (deeper containers stay as their text).
    static let materializationDepth = 64

    /// `bytes` parsed as this mutator reads JSON: a byte-order mark set aside, 64 levels materialized.
    static func parse(_ bytes: [UInt8]) -> ParsedJSON {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let parser = JSONParser(materializationDepth: materializationDepth)
        return ParsedJSON(byteOrderMark: bom, value: try? parser.parse(bom ? Array(bytes.dropFirst(3)) : bytes))
    }

    func parsed(_ bytes: [UInt8]) -> ParsedJSON {
        documents?.json.opened(bytes) { Self.parse(bytes) } ?? Self.parse(bytes)
    }

    /// Mutates `bytes` in place, keeping the result within `maxSize`.
    func mutate(_ bytes: inout [UInt8], maxSize: Int, rng: inout FuzzRandom) {
        let document = parsed(bytes)
        guard var value = document.value else {
            ByteMutator.mutate(&bytes, maxSize: maxSize, rng: &rng)
            return
        }
        var injections: [[UInt8]] = []
        for _ in 0..<(1 + rng.below(3)) { mutateOnce(&value, rng: &rng, injections: &injections) }
        var out = JSONSerializer.serialize(value)
        if rng.chance(10), out.count < 16 << 10 {
            // Whitespace variety, unless indentation would dwarf the content (deep nesting).
            let pretty = JSONSerializer.serialize(value, options: .init(pretty: true))
            if pretty.count <= 4 * out.count { out = pretty }
        }
        for (n, raw) in injections.enumerated() {
            out = Self.replace(Array("\"\(Self.placeholderPrefix)\(n)\"".utf8), in: out) { raw }
        }
        let bom = document.byteOrderMark && rng.chance(50)
        if bom { out = [0xEF, 0xBB, 0xBF] + out }
        // Parsing the output gives `value` again unless raw bytes went in or byte noise follows.
        var parsesToValue = injections.isEmpty
        if rng.chance(8) {
            ByteMutator.mutate(&out, maxSize: maxSize, rng: &rng)
            parsesToValue = false
        }
        guard out.count <= maxSize else {
            ByteMutator.mutate(&bytes, maxSize: maxSize, rng: &rng)
            return
        }
        bytes = out
        if parsesToValue { remember(out, value, byteOrderMark: bom) }
    }

    /// Remembers that `text` parses to `value`, when it does: only a tree shaped as the parser
    /// leaves it (containers materialized to 64 levels, elided at the 65th) parses back equal.
    func remember(_ text: [UInt8], _ value: JSONValue, byteOrderMark: Bool = false) {
        guard let documents, Self.shapedAsParsed(value, depth: 1) else { return }
        documents.json.remember(text, ParsedJSON(byteOrderMark: byteOrderMark, value: value))
    }

    static func shapedAsParsed(_ value: JSONValue, depth: Int) -> Bool {
        let materialized = depth <= materializationDepth
        switch value {
        case .object(let members): return materialized && members.allSatisfy { shapedAsParsed($0.value, depth: depth + 1) }
        case .array(let elements): return materialized && elements.allSatisfy { shapedAsParsed($0, depth: depth + 1) }
        case .elided: return depth == materializationDepth + 1
        default: return true
        }
    }

    /// The structure moves as drawn: each entry one chance in `schedule.count`, so a move listed
    /// twice is drawn twice as often (numbers, which cross more type boundaries than any other
    /// value). `addKey` becomes `typedValue` half of the time when the decoder's typed keys are
    /// known, `decoderLiteral` becomes `keyLiteralPair` when a compared key is in the document.
    /// Their uses and the new coverage they lead to are counted (``MutationMove``) to tune this.
    static let schedule: [MutationMove] = [
        .swapKind, .dropMember, .duplicate, .changeType, .nest, .splice, .extremeNumber, .edgeString, .addKey,
        .enumValue, .leafBytes, .shuffle, .renameKey, .decoderLiteral, .documentString, .moveNumber, .moveNumber,
        .selfReference, .sourceKeyNumber, .kindSketch,
    ]

    func mutateOnce(_ root: inout JSONValue, rng: inout FuzzRandom, injections: inout [[UInt8]]) {
        let path = Self.randomPath(in: root, limit: 4_000, rng: &rng)
        let discriminators = Set(dictionary.discriminatorKeys)
        var move = Self.schedule[rng.below(Self.schedule.count)]
        if move == .addKey, !dictionary.typedKeys.isEmpty, rng.chance(50) { move = .typedValue }
        // A key the decoder compares with a literal gets that literal, wherever the key is.
        if move == .decoderLiteral, let pair = rng.pick(dictionary.pairs), rng.chance(60) {
            let holders = Self.objectPaths(in: root, withKey: pair.key, limit: 4_000)
            if let target = rng.pick(holders) {
                Self.modify(&root, at: target[...]) { node in
                    guard case .object(var members) = node else { return }
                    for i in members.indices where members[i].key == pair.key { members[i].value = .string(pair.value) }
                    node = .object(members)
                }
                AppliedMoves.note(.keyLiteralPair)
                return
            }
        }
        // A whole-document move; a document without a name referred to gets a string agreement instead.
        if move == .selfReference {
            if selfReference(&root, rng: &rng) { AppliedMoves.note(.selfReference); return }
            move = .documentString
        }
        if move == .kindSketch {
            if kindSketch(&root, rng: &rng, injections: &injections) { AppliedMoves.note(.kindSketch); return }
            move = .swapKind
        }
        if move == .sourceKeyNumber {
            if sourceKeyNumber(&root, rng: &rng) { AppliedMoves.note(.sourceKeyNumber); return }
            move = .moveNumber
        }
        // Values of this document, for moves that make two fields agree (an id and a reference to
        // it, a count and the array it counts): collected only when such a move is drawn.
        let documentStrings = move == .documentString ? Self.strings(in: root, limit: 256) : []
        AppliedMoves.note(move)
        Self.modify(&root, at: path[...]) { node in
            apply(move, to: &node, discriminators: discriminators, documentStrings: documentStrings, rng: &rng, injections: &injections)
        }
    }

    /// Number moves: a boundary of a fixed-width integer (as exact text), a constant of the
    /// decoder's code and its neighbours, negation, zero, or the value scaled by a power of ten.
    /// Applied to a number in `node`, or to one of an object's number members.
    func mutateNumber(_ node: JSONValue, rng: inout FuzzRandom, injections: inout [[UInt8]]) -> JSONValue {
        if case .object(var members) = node {
            let numeric = members.indices.filter { if case .number = members[$0].value { return true }; return false }
            if numeric.count >= 2, rng.chance(40) {
                // One value for all numeric siblings: sizes, ranges and pairs checked together
                // (width and height both 0, a gcd or an area as divisor, start == end) need two
                // fields to change at once; zero, the classic divisor, a third of the time.
                let value = rng.chance(33) ? .number(0) : mutateNumber(members[numeric[0]].value, rng: &rng, injections: &injections)
                for i in numeric { members[i].value = value }
                return .object(members)
            }
            if let i = numeric.randomElement(using: &rng) ?? (members.isEmpty ? nil : members.indices.randomElement(using: &rng)) {
                members[i].value = mutateNumber(members[i].value, rng: &rng, injections: &injections)
                return .object(members)
            }
        }
        if case .array(var elements) = node, !elements.isEmpty {
            let i = rng.below(elements.count)
            elements[i] = mutateNumber(elements[i], rng: &rng, injections: &injections)
            return .array(elements)
        }
        let current: Double? = { if case .number(let d) = node { return d }; return nil }()
        var text: String
        switch rng.below(6) {
        case 0, 1:
            text = rng.pick(Self.boundaryIntegers)!
        case 2 where !dictionary.numbers.isEmpty:
            let base = Int64(rng.pick(dictionary.numbers)!) ?? 0
            text = String(base &+ Int64(rng.below(3)) &- 1)
        case 3 where current != nil:
            return .number(current! == 0 ? -1 : -current!)
        case 4 where current != nil:
            let scaled = current! * pow(10, Double(1 + rng.below(rng.chance(50) ? 3 : 18)))
            if abs(scaled) < 9e15 { return .number(scaled.rounded()) }
            text = String(format: "%.0f", scaled)
        default:
            return .number(rng.chance(50) ? 0 : (current.map { $0 + Double(rng.below(3)) - 1 } ?? -1))
        }
        if let exact = Double(text), abs(exact) < 9e15, !text.contains("e"), !text.contains(".") { return .number(exact) }
        injections.append(Array(text.utf8))
        return .string(Self.placeholderPrefix + String(injections.count - 1))
    }

    /// A value of the JSON type the decoder reads a key as: numbers at the edges, literals paired
    /// with the key, empty or one-element containers.
    func valueOfType(_ type: String, key: String, rng: inout FuzzRandom, injections: inout [[UInt8]]) -> JSONValue {
        switch type {
        case "number": return mutateNumber(.number(Double(rng.below(4))), rng: &rng, injections: &injections)
        case "string":
            let paired = dictionary.pairs.filter { $0.key == key }.map(\.value)
            return .string(rng.pick(paired.isEmpty || rng.chance(20) ? (dictionary.literals.isEmpty ? Self.edgeStrings : dictionary.literals) : paired) ?? "")
        case "bool": return .bool(rng.chance(50))
        case "array": return .array(rng.chance(50) ? [] : [rng.pick(pool.components) ?? .object([])])
        default: return rng.pick(pool.values.filter { if case .object = $0 { return true }; return false }) ?? .object([])
        }
    }

    /// Paths of the objects (breadth-first, among the first `limit` nodes) that have `key`.
    static func objectPaths(in root: JSONValue, withKey key: String, limit: Int) -> [[Step]] {
        var found: [[Step]] = []
        forEachObject(in: root, limit: limit) { members, path in
            if members.contains(where: { $0.key == key }) { found.append(path) }
        }
        return found
    }

    /// Each object of the document with its path, breadth-first among the first `limit` nodes and
    /// ``maxPathDepth`` deep: what the moves that look for a kind of object walk.
    static func forEachObject(in root: JSONValue, limit: Int, _ body: ([JSONMember], [Step]) -> Void) {
        var queue: [(JSONValue, [Step])] = [(root, [])]
        var head = 0
        while head < queue.count, head < limit {
            let (value, path) = queue[head]
            head += 1
            guard path.count < maxPathDepth else { continue }
            switch value {
            case .object(let members):
                body(members, path)
                for (i, m) in members.enumerated() where queue.count < limit { queue.append((m.value, path + [.member(i)])) }
            case .array(let elements):
                for (i, e) in elements.enumerated() where queue.count < limit { queue.append((e, path + [.element(i)])) }
            default: break
            }
        }
    }

    /// Distinct short strings of a document (breadth-first, at most `limit`).
    static func strings(in root: JSONValue, limit: Int) -> [String] {
        var seen = Set<String>(), queue = [root], head = 0
        while head < queue.count, seen.count < limit, head < 4_000 {
            switch queue[head] {
            case .string(let s) where s.utf8.count <= 64: seen.insert(s)
            case .object(let members): queue.append(contentsOf: members.map(\.value))
            case .array(let elements): queue.append(contentsOf: elements)
            default: break
            }
            head += 1
        }
        return seen.sorted()
    }

    func randomLeaf(_ rng: inout FuzzRandom) -> JSONValue {
        switch rng.below(6) {
        case 0: .string(rng.pick(dictionary.enumValues) ?? "x")
        case 1: .number(rng.pick(Self.extremeNumbers)!)
        case 2: .bool(rng.chance(50))
        case 3: .null
        case 4: rng.pick(pool.values) ?? .object([])
        default: .string(rng.pick(Self.edgeStrings)!)
        }
    }

    func changeType(_ node: JSONValue, rng: inout FuzzRandom) -> JSONValue {
        switch node {
        case .string(let s): return rng.chance(50) ? .number(Double(s) ?? 1) : .array([node])
        case .number(let d): return rng.chance(50) ? .string(JSONSerializer.formatNumber(d)) : .bool(d != 0)
        case .bool, .null: return rng.chance(50) ? .string("true") : .number(0)
        case .array(let e): return rng.chance(50) ? (e.first ?? .null) : .object(e.enumerated().map { JSONMember(String($0.offset), $0.element) })
        case .object(let m): return rng.chance(50) ? .array(m.map(\.value)) : .string("{}")
        case .elided: return .null
        }
    }

    func nest(_ node: JSONValue, rng: inout FuzzRandom) -> JSONValue {
        let depth = rng.chance(5) ? 1_000 : [2, 8, 33, 100][rng.below(4)]
        var value = node
        let container = pool.container
        let useContainer = container != nil && rng.chance(50)
        let useArrays = rng.chance(50)  // one wrapper kind per move: `[[[[…` or `{"a":{"a":…`
        for _ in 0..<depth {
            if useContainer, case .object(var members)? = container,
               let dataIndex = members.firstIndex(where: { if case .object = $0.value { return true }; return false }),
               case .object(var data) = members[dataIndex].value,
               let arrayIndex = data.firstIndex(where: { if case .array = $0.value { return true }; return false }) {
                data[arrayIndex].value = .array([value])
                members[dataIndex].value = .object(data)
                value = .object(members)
            } else {
                value = useArrays ? .array([value]) : .object([JSONMember("a", value)])
            }
        }
        return value
    }

    /// The path to a random node among the first `limit` breadth-first: nodes are recorded with a
    /// link to their parent, and only the chosen path is built (deep trees make full paths costly).
    /// How deep a move reaches into a document. `modify` recurses once per step, and a `nest`
    /// move can make a chain of a thousand containers within one mutation: a move drawn inside it
    /// overflowed the stack of libFuzzer's crash minimizer (`sdui repro --minimize`). The parser
    /// materializes 64 levels; nothing deeper is worth a move of its own.
    static let maxPathDepth = 64

    static func randomPath(in root: JSONValue, limit: Int, rng: inout FuzzRandom) -> [Step] {
        var parents: [Int] = [-1]
        var steps: [Step] = [.member(0)]
        var values: [JSONValue] = [root]
        var depths: [Int] = [0]
        var head = 0
        while head < values.count, values.count < limit {
            guard depths[head] < maxPathDepth else { head += 1; continue }
            let depth = depths[head] + 1
            switch values[head] {
            case .object(let members):
                for (i, m) in members.enumerated() where values.count < limit {
                    parents.append(head); steps.append(.member(i)); values.append(m.value); depths.append(depth)
                }
            case .array(let elements):
                for (i, e) in elements.enumerated() where values.count < limit {
                    parents.append(head); steps.append(.element(i)); values.append(e); depths.append(depth)
                }
            default: break
            }
            head += 1
        }
        var node = rng.below(values.count)
        var path: [Step] = []
        while node > 0 {
            path.append(steps[node])
            node = parents[node]
        }
        return path.reversed()
    }

    static func modify(_ value: inout JSONValue, at path: ArraySlice<Step>, _ change: (inout JSONValue) -> Void) {
        guard let step = path.first else { change(&value); return }
        switch (step, value) {
        case (.member(let i), .object(var members)) where i < members.count:
            value = .null  // release the old tree so the members are uniquely referenced
            modify(&members[i].value, at: path.dropFirst(), change)
            value = .object(members)
        case (.element(let i), .array(var elements)) where i < elements.count:
            value = .null
            modify(&elements[i], at: path.dropFirst(), change)
            value = .array(elements)
        default:
            change(&value)
        }
    }

    /// Replaces every occurrence of `needle` (a placeholder may sit at several places, e.g. one
    /// boundary value given to all numeric siblings).
    static func replace(_ needle: [UInt8], in haystack: [UInt8], with replacement: () -> [UInt8]) -> [UInt8] {
        guard needle.count <= haystack.count, let first = needle.first else { return haystack }
        var out: [UInt8] = []
        var lazyReplacement: [UInt8]?
        var i = 0
        var copied = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) {
                if lazyReplacement == nil { lazyReplacement = replacement(); out.reserveCapacity(haystack.count) }
                out += haystack[copied..<i]
                out += lazyReplacement!
                i += needle.count
                copied = i
            } else {
                i += 1
            }
        }
        guard lazyReplacement != nil else { return haystack }
        out += haystack[copied...]
        return out
    }
}
