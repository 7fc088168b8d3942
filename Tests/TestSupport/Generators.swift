import SDUIJSON

/// A small, seedable PRNG (SplitMix64), so generated cases are reproducible from their seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Generates protocol v1 screens as JSON values: mostly valid components, with a share of
/// unknown kinds, bad fields, bad actions, duplicate ids and odd strings, so that every path of
/// the decoder and renderer is exercised by property tests.
public struct ScreenGenerator {
    public var rng: SplitMix64
    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let strings = ["Hello", "", "메인 화면", "quote \" and \\ backslash", "line\nbreak", "emoji 😀", "\u{0}nul", "tab\there", "é"]
    static let urls = ["https://example.com/a.png", "http://x.y/z?q=1#f", "ftp://nope", "not a url", "HTTPS://EXAMPLE.COM"]
    static let numbers: [Double] = [0, 1, 1.5, -1, 8, 10000, 10001, 0.25, 1e300, .infinity, 12.75, 3]

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    public mutating func screen(maxDepth: Int = 4, maxChildren: Int = 6) -> JSONValue {
        var members: [JSONMember] = [JSONMember("screen", .string(pick(["home", "cart", "s"]))), JSONMember("version", 1)]
        if chance(0.7) { members.append(JSONMember("title", chance(0.9) ? .string(pick(Self.strings)) : 7)) }
        members.append(JSONMember("components", .array(components(depth: maxDepth, maxChildren: maxChildren))))
        if chance(0.3) { members.append(JSONMember("unknown_root_field", ["x": [1, 2]])) }
        return .object(members)
    }

    mutating func components(depth: Int, maxChildren: Int) -> [JSONValue] {
        (0..<Int.random(in: 0...maxChildren, using: &rng)).map { _ in component(depth: depth, maxChildren: maxChildren) }
    }

    mutating func text() -> JSONValue { chance(0.95) ? .string(pick(Self.strings)) : pick([1, .null, true, ["a"]]) }
    mutating func url() -> JSONValue { chance(0.9) ? .string(pick(Array(Self.urls.prefix(2)) + [Self.urls[4]])) : .string(pick(Self.urls)) }
    mutating func number() -> JSONValue { chance(0.95) ? .number(pick(Self.numbers)) : .string("1") }

    mutating func action() -> JSONValue {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: ["type": "navigate", "destination": .string(pick(["/details", "/a b", "relative"]))]
        case 1: ["type": "open_url", "url": url()]
        case 2: ["type": "dismiss"]
        case 3: ["type": "share"]
        case 4: "navigate"
        default: ["type": "navigate", "destination": "/home"]
        }
    }

    mutating func component(depth: Int, maxChildren: Int) -> JSONValue {
        let kinds = ["text", "two_line_text", "icon_title", "button", "image", "spacer", "stack", "carousel"]
        let kind = chance(0.97) ? pick(kinds) : "weird kind"
        var data: [JSONMember] = []
        func add(_ key: String, _ value: JSONValue, _ p: Double = 1) { if chance(p) { data.append(JSONMember(key, value)) } }
        switch kind {
        case "text": add("text", text(), 0.97); add("style", .string(pick(["title", "body", "caption", "huge"])), 0.5)
        case "two_line_text": add("title", text(), 0.97); add("subtitle", text(), 0.95)
        case "icon_title": add("title", text(), 0.97); add("icon_url", url(), 0.97)
        case "button": add("title", text(), 0.97); add("action", action(), 0.97); add("style", .string(pick(["primary", "secondary", "ghost"])), 0.5)
        case "image": add("url", url(), 0.97); add("aspect_ratio", number(), 0.5); add("alt", text(), 0.3)
        case "spacer": add("height", number(), 0.97)
        case "stack":
            add("axis", .string(pick(["vertical", "horizontal", "vertical", "diagonal"])), 0.97)
            add("spacing", number(), 0.5)
            let children: JSONValue = depth > 0 ? .array(components(depth: depth - 1, maxChildren: maxChildren)) : []
            add("children", children, 0.97)
        default: add("anything", ["goes": true])
        }
        var members: [JSONMember] = [JSONMember("type", .string(kind))]
        if chance(0.4) { members.append(JSONMember("id", chance(0.95) ? .string(pick(["a", "b", "c", "hero", "x y"])) : 5)) }
        members.append(JSONMember("data", chance(0.98) ? .object(data) : "oops"))
        if chance(0.1) { members.append(JSONMember("analytics", ["event": "tap"])) }
        return .object(members)
    }
}

/// Writes a JSON value with the same meaning in a different spelling: shuffled keys, random
/// whitespace and other spellings of the same numbers (`8` as `8.0`, `8e0`, `80e-1`, `0.8E1`).
public struct JSONRespeller {
    public var rng: SplitMix64
    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    public mutating func respell(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, &out)
        return out
    }

    mutating func space(_ out: inout [UInt8]) {
        for _ in 0..<Int.random(in: 0...2, using: &rng) { out.append([0x20, 0x0a, 0x09, 0x0d][Int.random(in: 0..<4, using: &rng)]) }
    }

    mutating func write(_ value: JSONValue, _ out: inout [UInt8]) {
        space(&out)
        switch value {
        case .number(let d) where d.isFinite && d == d.rounded() && abs(d) < 1e15 && d != 0:
            let n = String(Int64(d))
            let options = [n, n + ".0", n + "e0", n + "0e-1", n + ".000E+0"]
            out.append(contentsOf: options[Int.random(in: 0..<options.count, using: &rng)].utf8)
        case .number(let d) where d.isFinite && d != 0:
            let s = d.description
            out.append(contentsOf: (Bool.random(using: &rng) ? s : s.contains("e") ? s : s + "E0").utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, e) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                write(e, &out)
            }
            space(&out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let unique = Set(members.map(\.key)).count == members.count
            let ordered = unique ? members.shuffled(using: &rng) : members
            for (n, m) in ordered.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                space(&out)
                JSONSerializer.writeString(m.key, into: &out)
                space(&out)
                out.append(UInt8(ascii: ":"))
                write(m.value, &out)
            }
            space(&out)
            out.append(UInt8(ascii: "}"))
        default:
            out.append(contentsOf: JSONSerializer.serialize(value))
        }
        space(&out)
    }
}
