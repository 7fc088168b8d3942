/// What one file says, before the declarations of the other files are known: a property's type or
/// a `forKey: .kind` can only be turned into JSON keys and values once every enum and every
/// `CodingKeys` of the sources has been read.
struct SourceFacts: Sendable {
    var strings = Set<String>()
    var keys = Set<String>()
    var numbers = Set<String>()
    var enums: [EnumFact] = []
    var typealiases: [TypealiasFact] = []
    var properties: [PropertyFact] = []
    /// Keys read from a payload (`forKey: .kind`, `d["kind"]`), to be named once `CodingKeys` are known.
    var keyReads = Set<KeyRef>()
    /// A key whose value the code reads as a type (`decode(T.self, forKey:)`, `as? T`, `T(rawValue:)`).
    var keyTypes: [KeyTypeFact] = []
    /// A key and a JSON type fixed by the call itself (`nestedUnkeyedContainer(forKey:)`).
    var keyJSONTypes: [KeyJSONTypeFact] = []
    /// A key and a value the code compares it with or writes to it.
    var pairs: [PairFact] = []
    /// Names a registry dispatches on (`registry.register("label") { … }`,
    /// `register(Banner.self, for: "banner")`): values of whichever discriminator key the
    /// decoder reads, paired once every file's key reads are known.
    var registeredNames = Set<String>()
    /// Kinds and the types the code builds for each (a `switch` case's body, a registry entry, a
    /// type's `static let viewType = "…"`), to be sketched whole once every type's keys are known.
    var kindTypes: [KindTypeFact] = []
    /// A key read from the object under another key (`props["name"]` where `props` was read from
    /// `node["props"]`): where the key lives, for documents sketched from the keys alone.
    var nestedKeys: [NestedKeyFact] = []
}

struct NestedKeyFact: Hashable, Sendable {
    var parent: KeyRef
    var child: String
}

/// `case "flash_sale": self = .flashSale(try FlashSale(from: decoder))`: the kind, the key it was
/// read from when the code says, and the types built for it, as written inside `scope`.
struct KindTypeFact: Sendable {
    enum Kind: Sendable {
        /// A string the kind is: a literal, or `Kind.x.rawValue`.
        case value(ValueRef)
        /// `case .tabs:` on a value of some enum: the raw value of whichever enum of the
        /// discriminator's type has that case.
        case caseName(String)
    }
    var kind: Kind
    var discriminator: KeyRef?
    var types: [String]
    var scope: [String]
}

/// A key as the code names it. Names in `CodingKeys` and properties may be renamed by a
/// `CodingKeys` raw value declared in another file, so they stay symbolic until then.
enum KeyRef: Hashable, Sendable {
    /// `d["kind"]`: the JSON key itself.
    case json(String)
    /// `forKey: .kind` in code inside `scope` (the enclosing type's path). `declared`: only a
    /// key if some `CodingKey` enum has that case (`.style` passed to a helper of the project's).
    case codingKey(String, scope: [String], declared: Bool = false)
    /// A property, parameter or variable named like the key it holds (`layout.style`, `version`).
    case name(String, scope: [String])
    /// `singleValueContainer().decode(String.self)` inside the type at `scope`: that type's own
    /// JSON value, so the literals it is compared with are the values of the type, not of a key.
    case singleValue(scope: [String])
}

/// A type as written, reduced to what JSON sees: the element or value type of collections, and
/// whether the value is a scalar, an array or an object.
struct TypeRef: Hashable, Sendable {
    enum Shape: Sendable { case scalar, array, dictionary }
    /// Dotted as written (`Feed.Kind`), the `Swift.` module prefix dropped.
    var name: String
    var shape: Shape
}

struct EnumFact: Sendable {
    struct Case: Sendable {
        var name: String
        var rawString: String?
        var hasAssociatedValues: Bool
    }
    /// The enclosing types' names and its own.
    var path: [String]
    /// `String`, `Int`, … when the first inherited type is one of the raw types, else nil.
    var rawType: String?
    var isCodingKey: Bool
    var cases: [Case] = []
}

struct TypealiasFact: Sendable {
    var path: [String]
    var type: TypeRef
}

/// A stored property of a type (at `scope`).
struct PropertyFact: Sendable {
    var name: String
    var type: TypeRef
    var scope: [String]
}

struct KeyTypeFact: Sendable {
    var key: KeyRef
    var type: TypeRef
    /// Where the type name was written, for nested type lookup.
    var scope: [String]
    /// `T(rawValue: key)`: the JSON value is T's raw value, and a T that is no known enum says
    /// nothing about the key's type.
    var viaRawValue: Bool
}

struct KeyJSONTypeFact: Sendable {
    var key: KeyRef
    var jsonType: String
}

struct PairFact: Sendable {
    var key: KeyRef
    var value: ValueRef
}

/// A string value as the code writes it.
enum ValueRef: Hashable, Sendable {
    case literal(String)
    /// `Kind.text.rawValue`: known once every enum has been read.
    case enumCase(type: String, name: String, scope: [String])
}
