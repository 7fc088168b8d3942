import Dispatch
import Foundation
import SDUIFuzz

/// What a decoder's own Swift sources compare payloads against (see ``DecoderLiterals``), read
/// from the syntax tree rather than line by line: a declaration may span lines or share one
/// (`case leading, center, trailing`), a type may be Optional or an array (`let align: Align?`),
/// and an enum may be declared in one file and used in another.
public enum SourceLiteralMiner {
    /// Mines every `.swift` file under `paths` (build folders, tests, manifests, checkouts and
    /// benchmarks skipped).
    public static func mine(sources paths: [String], limit: Int = 2_000) -> DecoderLiterals {
        var files: [(name: String, text: String)] = []
        for path in paths {
            for file in swiftFiles(under: path) {
                // A generated file of megabytes is data, not a decoder, and would dominate the time.
                guard let data = FileManager.default.contents(atPath: file), data.count < 2 << 20 else { continue }
                files.append((file, String(decoding: data, as: UTF8.self)))
            }
        }
        return mine(files: files, limit: limit)
    }

    /// The same for source texts (file name → text).
    public static func mine(texts: [String: String], limit: Int = 2_000) -> DecoderLiterals {
        mine(files: texts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, limit: limit)
    }

    static func mine(files: [(name: String, text: String)], limit: Int) -> DecoderLiterals {
        let facts = collect(files.map(\.text))
        return SourceFactResolver(facts).literals(limit: limit)
    }

    /// The first pass, files shared among a thread per core: parsing dominates the time and
    /// files are independent. Threads of our own, for their stack size (see ``parserStackSize``).
    static func collect(_ texts: [String]) -> [SourceFacts] {
        let work = FactSlots(count: texts.count)
        let threads = min(texts.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            let thread = Thread {
                while let i = work.claim() { work.store(SourceFactCollector.collect(texts[i]), at: i) }
                finished.signal()
            }
            thread.stackSize = parserStackSize
            thread.start()
        }
        for _ in 0..<threads { finished.wait() }
        return work.facts
    }

    /// swift-syntax's parser and the visitors recurse once per nesting level, several frames
    /// each, and far deeper frames in a debug build; a pool thread's stack (512 KiB on Darwin)
    /// overflows well within the nesting ``NestingGuard`` lets through. Only touched pages of
    /// it are ever committed.
    static let parserStackSize = 64 << 20

    static func swiftFiles(under path: String) -> [String] {
        let skipped = ["/.build", "/Tests/", "/.git/", "/Package.swift", "/checkouts/", "/Benchmarks/"]
        return CorpusReader.files(under: path).filter { file in
            file.hasSuffix(".swift") && !skipped.contains { file.dropFirst(path.count).contains($0) }
        }
    }
}

/// Files handed out to the threads of ``SourceLiteralMiner/collect(_:)`` and their facts.
private final class FactSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [SourceFacts]

    init(count: Int) { slots = Array(repeating: SourceFacts(), count: count) }

    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ facts: SourceFacts, at index: Int) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = facts
    }

    var facts: [SourceFacts] {
        lock.lock(); defer { lock.unlock() }
        return slots
    }
}

/// The second pass: every file's declarations together, so a property's enum type, a
/// `typealias` or a `CodingKeys` rename is found wherever it was declared.
struct SourceFactResolver {
    private let facts: [SourceFacts]
    /// Enums by dotted path (`Feed.Kind`), and by their own name for types written unqualified
    /// outside their scope; an `#if` may declare one twice, so each holds a list.
    private var enums: [String: [EnumFact]] = [:]
    private var enumsByName: [String: [EnumFact]] = [:]
    private var typealiases: [String: TypeRef] = [:]
    /// Owner type path → coding key case → JSON key, from every `CodingKey` enum nested in it.
    private var codingKeys: [String: [String: String]] = [:]
    /// The same from `CodingKeys` alone: the one synthesized `Codable` maps properties with.
    private var propertyCodingKeys: [String: [String: String]] = [:]
    /// Coding key case → its JSON keys in any owner, for `forKey:` outside the owner's scope.
    private var codingKeysByCase: [String: Set<String>] = [:]
    /// Type path → the strings its JSON value may be: what its `init(from:)` compares a
    /// single-value string with, or the raw values of its static instances.
    private var singleValueLiterals: [String: Set<String>] = [:]
    private var singleValueTypesByName: [String: [String]] = [:]
    /// The paths of the types that declare stored properties or read typed keys in their own code.
    private var typesWithFields = Set<String>()

    init(_ facts: [SourceFacts]) {
        self.facts = facts
        for file in facts {
            for e in file.enums {
                enums[e.path.joined(separator: "."), default: []].append(e)
                enumsByName[e.path.last ?? "", default: []].append(e)
                if e.isCodingKey {
                    let owner = e.path.dropLast().joined(separator: ".")
                    for c in e.cases where !c.hasAssociatedValues {
                        // Without a `String` raw type, a coding key's string value is its name.
                        let json = e.rawType == "String" ? (c.rawString ?? c.name) : c.name
                        codingKeys[owner, default: [:]][c.name] = json
                        if e.path.last == "CodingKeys" { propertyCodingKeys[owner, default: [:]][c.name] = json }
                        codingKeysByCase[c.name, default: []].insert(json)
                    }
                }
            }
            for alias in file.typealiases { typealiases[alias.path.joined(separator: ".")] = alias.type }
            for property in file.properties { typesWithFields.insert(property.scope.joined(separator: ".")) }
            for fact in file.keyTypes where !fact.scope.isEmpty { typesWithFields.insert(fact.scope.joined(separator: ".")) }
            for pair in file.pairs {
                if case .singleValue(let scope) = pair.key, case .literal(let literal) = pair.value {
                    let path = scope.joined(separator: ".")
                    if singleValueLiterals[path] == nil { singleValueTypesByName[scope.last ?? "", default: []].append(path) }
                    singleValueLiterals[path, default: []].insert(literal)
                }
            }
        }
    }

    func literals(limit: Int) -> DecoderLiterals {
        var strings = Set<String>(), keys = Set<String>(), numbers = Set<String>()
        var pairs = Set<DecoderLiterals.KeyLiteral>(), typed = Set<DecoderLiterals.KeyLiteral>()

        func relate(_ names: [String], _ written: TypeRef, scope writtenScope: [String], viaRawValue: Bool) {
            let (type, scope) = dealias(written, scope: writtenScope)
            let found = lookUpEnum(type.name, scope: scope)
            let values = found.isEmpty ? lookUpSingleValues(type.name, scope: scope) : found.flatMap(stringValues)
            for name in names {
                for value in values { pairs.insert(.init(name, value)) }
                let json = found.isEmpty && !values.isEmpty && type.shape == .scalar
                    ? "string" : jsonType(type, enums: found, viaRawValue: viaRawValue)
                if let json { typed.insert(.init(name, json)) }
            }
        }

        for file in facts {
            strings.formUnion(file.strings)
            keys.formUnion(file.keys)
            numbers.formUnion(file.numbers)
            for key in file.keyReads { keys.formUnion(resolve(key)) }
            for property in file.properties {
                relate(propertyKeys(property.name, owner: property.scope), property.type, scope: property.scope, viaRawValue: false)
            }
            for fact in file.keyTypes { relate(resolve(fact.key), fact.type, scope: fact.scope, viaRawValue: fact.viaRawValue) }
            for fact in file.keyJSONTypes { for name in resolve(fact.key) { typed.insert(.init(name, fact.jsonType)) } }
            for pair in file.pairs {
                let values = resolve(pair.value)
                for name in resolve(pair.key) { for value in values { pairs.insert(.init(name, value)) } }
            }
        }
        for codingKey in codingKeys.values { keys.formUnion(codingKey.values) }
        // A registry's names are values of the discriminator the decoder looks them up by.
        let discriminators = Set(facts.flatMap { $0.keyReads.flatMap(resolve) }.filter(FuzzDictionary.isDiscriminator))
        for name in facts.flatMap(\.registeredNames) { for key in discriminators { pairs.insert(.init(key, name)) } }

        var nested = Set<DecoderLiterals.KeyLiteral>()
        for fact in facts.flatMap(\.nestedKeys) { for parent in resolve(fact.parent) where parent != fact.child { nested.insert(.init(parent, fact.child)) } }
        let sketches = kindSketches(discriminators: discriminators)
        for sketch in sketches { pairs.insert(.init(sketch.discriminator, sketch.kind)) }
        pairs = pairs.filter { !$0.key.isEmpty && !$0.value.isEmpty && $0.value.utf8.count <= 64 }
        typed = typed.filter { !$0.key.isEmpty }
        return DecoderLiterals(strings: Array(strings.filter { !$0.isEmpty }).sorted().prefix(limit).map { $0 },
                               keys: Array(keys.filter { !$0.isEmpty }).sorted().prefix(limit).map { $0 },
                               numbers: Array(numbers).sorted().prefix(200).map { $0 },
                               pairs: Array(pairs.sorted().prefix(limit)),
                               typedKeys: Array(typed.sorted().prefix(limit)),
                               kindSketches: Array(sketches.prefix(Self.maxKindSketches)),
                               nestedKeys: Array(nested.sorted().prefix(limit)))
    }

    // MARK: Kinds

    /// More kinds than an app has components would be models that merely look like ones.
    static let maxKindSketches = 256

    /// Each kind the code builds a type for, with that type's keys (``KindSketch``); kinds whose
    /// types have no known keys are left out (the discriminator swap reaches them already).
    func kindSketches(discriminators: Set<String>) -> [KindSketch] {
        var fieldsByType: [String: [FuzzDictionary.KeyLiteral]] = [:]
        var sketches = Set<KindSketch>()
        for file in facts {
            for fact in file.kindTypes {
                let kinds = kindValues(fact)
                guard !kinds.isEmpty else { continue }
                var keys: [FuzzDictionary.KeyLiteral] = []
                for type in fact.types {
                    for path in lookUpType(type, scope: fact.scope) {
                        if fieldsByType[path] == nil { fieldsByType[path] = fields(ofType: path) }
                        keys += fieldsByType[path] ?? []
                    }
                }
                var seen = Set<String>()
                keys = keys.filter { seen.insert($0.key).inserted }
                guard !keys.isEmpty else { continue }
                let named = fact.discriminator.map(resolve) ?? []
                let discriminator = named.first(where: FuzzDictionary.isDiscriminator) ?? named.first ?? discriminators.sorted().first ?? "type"
                for kind in kinds where !kind.isEmpty && kind.utf8.count <= 64 {
                    sketches.insert(KindSketch(discriminator: discriminator, kind: kind, keys: keys.filter { $0.key != discriminator }))
                }
            }
        }
        return sketches.sorted()
    }

    /// The strings a kind fact stands for: a `case .tabs:` label is the raw value of the case
    /// `tabs` of the discriminator's enum when the code says which enum that is, else of every
    /// string enum with such a case.
    func kindValues(_ fact: KindTypeFact) -> [String] {
        switch fact.kind {
        case .value(let value):
            return resolve(value)
        case .caseName(let name):
            var candidates = enumsByName.values.flatMap { $0 }.filter { e in
                !e.isCodingKey && !stringValues(e).isEmpty && e.cases.contains { $0.name == name && !$0.hasAssociatedValues }
            }
            if let key = fact.discriminator {
                let keyNames = Set(resolve(key))
                let typed = Set(facts.flatMap(\.keyTypes).filter { !keyNames.isDisjoint(with: resolve($0.key)) }
                    .flatMap { lookUpEnum(dealias($0.type, scope: $0.scope).0.name, scope: $0.scope).map { $0.path.joined(separator: ".") } })
                let narrowed = candidates.filter { typed.contains($0.path.joined(separator: ".")) }
                if !narrowed.isEmpty { candidates = narrowed }
            }
            return Array(Set(candidates.flatMap { e in e.cases.filter { $0.name == name }.map { $0.rawString ?? $0.name } })).sorted()
        }
    }

    /// The paths of the types a name written inside `scope` may mean, among the types whose
    /// fields the sources declare (innermost enclosing scope first, then any of that name).
    func lookUpType(_ name: String, scope: [String]) -> [String] {
        var end = scope.count
        while end >= 0 {
            let path = (scope[0..<end] + [name]).joined(separator: ".")
            if typesWithFields.contains(path) { return [path] }
            end -= 1
        }
        let written = name.split(separator: ".").map(String.init)
        return typesWithFields.filter { $0.split(separator: ".").map(String.init).suffix(written.count).elementsEqual(written) }.sorted()
    }

    /// The JSON keys a type reads with their JSON types: its stored properties (through its
    /// `CodingKeys` when it declares them: a property not among them is not decoded) and the keys
    /// its own code reads as a type (`json["title"] as? String`, `decode(Int.self, forKey: .rows)`).
    func fields(ofType path: String) -> [FuzzDictionary.KeyLiteral] {
        var out: [FuzzDictionary.KeyLiteral] = []
        let declared = propertyCodingKeys[path]
        for file in facts {
            for property in file.properties where property.scope.joined(separator: ".") == path {
                let key: String
                if let declared { guard let json = declared[property.name] else { continue }; key = json } else { key = property.name }
                let (type, scope) = dealias(property.type, scope: property.scope)
                let found = lookUpEnum(type.name, scope: scope)
                let values = found.isEmpty ? lookUpSingleValues(type.name, scope: scope) : found.flatMap(stringValues)
                let json = found.isEmpty && !values.isEmpty && type.shape == .scalar ? "string" : jsonType(type, enums: found, viaRawValue: false)
                if let json { out.append(.init(key, json)) }
            }
            for fact in file.keyTypes where fact.scope.joined(separator: ".") == path {
                let (type, scope) = dealias(fact.type, scope: fact.scope)
                guard let json = jsonType(type, enums: lookUpEnum(type.name, scope: scope), viaRawValue: fact.viaRawValue) else { continue }
                for key in resolve(fact.key) { out.append(.init(key, json)) }
            }
        }
        return out
    }

    // MARK: Keys

    /// JSON keys a key reference stands for.
    func resolve(_ key: KeyRef) -> [String] {
        switch key {
        case .json(let name):
            return [name]
        case .codingKey(let name, let scope, let declared):
            if let json = ownerCodingKey(name, scope: scope) { return [json] }
            // Code outside the owner (a free function taking the container): any owner's rename.
            let anywhere = codingKeysByCase[name] ?? []
            if anywhere.isEmpty { return declared ? [] : [name] }
            return anywhere.sorted()
        case .name(let name, let scope):
            return propertyKeys(name, owner: scope)
        case .singleValue:
            return []
        }
    }

    /// The strings a value stands for: a `Kind.text.rawValue` is the case's raw value.
    func resolve(_ value: ValueRef) -> [String] {
        switch value {
        case .literal(let literal):
            return [literal]
        case .enumCase(let type, let name, let scope):
            let (type, scope) = dealias(TypeRef(name: type, shape: .scalar), scope: scope)
            return lookUpEnum(type.name, scope: scope).flatMap { e in
                stringValues(e).isEmpty ? [] : e.cases.filter { $0.name == name && !$0.hasAssociatedValues }.map { $0.rawString ?? $0.name }
            }
        }
    }

    /// A property's name and, when its type's `CodingKeys` renames it, the JSON key. The name is
    /// kept too: the line-based miner gave it, and `FuzzDictionary` derives snake_case from it.
    func propertyKeys(_ name: String, owner scope: [String]) -> [String] {
        guard let json = propertyCodingKeys[scope.joined(separator: ".")]?[name], json != name else { return [name] }
        return [name, json]
    }

    /// The JSON key of coding key `name` in the innermost type around `scope` that declares it
    /// (a type nested in the owner sees its `CodingKeys` too).
    private func ownerCodingKey(_ name: String, scope: [String]) -> String? {
        var end = scope.count
        while end > 0 {
            if let json = codingKeys[scope[0..<end].joined(separator: ".")]?[name] { return json }
            end -= 1
        }
        return nil
    }

    // MARK: Types

    /// What a `typealias` stands for (`typealias ID = String`, `typealias Rows = [Row]`), and
    /// the scope to look its target up in; an array of an alias stays an array.
    func dealias(_ type: TypeRef, scope: [String]) -> (TypeRef, [String]) {
        var type = type, scope = scope
        resolving: for _ in 0..<8 {
            var end = scope.count
            while end >= 0 {
                let qualified = (scope[0..<end] + [type.name]).joined(separator: ".")
                if enums[qualified] != nil { break resolving }
                if let alias = typealiases[qualified] {
                    type = TypeRef(name: alias.name, shape: type.shape == .scalar ? alias.shape : type.shape)
                    scope = Array(scope[0..<end])
                    continue resolving
                }
                end -= 1
            }
            break
        }
        return (type, scope)
    }

    /// The enums a type name written inside `scope` may mean: Swift's own lookup (innermost
    /// enclosing type first), then any enum of that name, because the miner sees no imports
    /// and a nested type may be written unqualified by an extension.
    func lookUpEnum(_ name: String, scope: [String]) -> [EnumFact] {
        var end = scope.count
        while end >= 0 {
            if let found = enums[(scope[0..<end] + [name]).joined(separator: ".")] { return found }
            end -= 1
        }
        let path = name.split(separator: ".").map(String.init)
        guard let last = path.last else { return [] }
        return (enumsByName[last] ?? []).filter { $0.path.suffix(path.count).elementsEqual(path) }
    }

    /// The strings a type that is no enum may be (see ``singleValueLiterals``), looked up as
    /// ``lookUpEnum(_:scope:)`` does.
    func lookUpSingleValues(_ name: String, scope: [String]) -> [String] {
        var end = scope.count
        while end >= 0 {
            if let found = singleValueLiterals[(scope[0..<end] + [name]).joined(separator: ".")] { return found.sorted() }
            end -= 1
        }
        let path = name.split(separator: ".").map(String.init)
        guard let last = path.last else { return [] }
        return (singleValueTypesByName[last] ?? [])
            .filter { $0.split(separator: ".").map(String.init).suffix(path.count).elementsEqual(path) }
            .flatMap { singleValueLiterals[$0].map { $0.sorted() } ?? [] }
    }

    /// The string values an enum's JSON may hold.
    func stringValues(_ e: EnumFact) -> [String] {
        if e.rawType == "String" || e.rawType == "Substring" || e.rawType == "Character" {
            // A case with associated values has no raw value (the compiler rejects it), so it
            // can only be a half-typed declaration.
            return e.cases.filter { !$0.hasAssociatedValues }.map { $0.rawString ?? $0.name }
        }
        if e.rawType == nil { return singleValueLiterals[e.path.joined(separator: ".")].map { $0.sorted() } ?? [] }
        return []
    }

    /// Types that hold whatever JSON is there: reading a key as one says nothing of its type.
    static let anyJSONTypes: Set<String> = ["Any", "AnyObject", "AnyHashable", "JSONValue", "JSON", "AnyCodable", "AnyDecodable", "JSONAny", "AnyJSON"]

    func jsonType(_ type: TypeRef, enums found: [EnumFact], viaRawValue: Bool) -> String? {
        switch type.shape {
        case .array: return "array"
        case .dictionary: return "object"
        case .scalar: break
        }
        if let e = found.first {
            switch e.rawType {
            case "String", "Substring", "Character": return "string"
            case nil: return stringValues(e).isEmpty ? (viaRawValue ? nil : "object") : "string"
            default: return "number"
            }
        }
        if viaRawValue || Self.anyJSONTypes.contains(type.name) { return nil }
        switch type.name {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
             "Double", "Float", "CGFloat", "Decimal", "NSNumber":
            return "number"
        case "String", "Substring", "Character", "URL", "Date", "UUID", "Data": return "string"
        case "Bool": return "bool"
        default: return type.name.first?.isUppercase == true ? "object" : nil
        }
    }
}
