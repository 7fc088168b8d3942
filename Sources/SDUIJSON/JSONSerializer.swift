/// Writes ``JSONValue``s as JSON text.
public enum JSONSerializer {
    public struct Options: Sendable, Hashable {
        /// Sort object members by key (byte order) for a canonical output.
        public var sortedKeys = false
        /// Two-space indentation and newlines.
        public var pretty = false
        public init(sortedKeys: Bool = false, pretty: Bool = false) {
            self.sortedKeys = sortedKeys
            self.pretty = pretty
        }
    }

    /// Serializes `value`. Elided containers are written back as their original bytes.
    public static func serialize(_ value: JSONValue, options: Options = .init()) -> [UInt8] {
        var out = [UInt8]()
        write(value, into: &out, options: options, indent: 0)
        return out
    }

    /// Serializes `value` as a `String`.
    public static func string(_ value: JSONValue, options: Options = .init()) -> String {
        String(decoding: serialize(value, options: options), as: UTF8.self)
    }

    static func write(_ value: JSONValue, into out: inout [UInt8], options: Options, indent: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d): out.append(contentsOf: formatNumber(d).utf8)
        case .string(let s): writeString(s, into: &out)
        case .elided(let e): out.append(contentsOf: e.raw)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, options, indent + 1)
                write(element, into: &out, options: options, indent: indent + 1)
            }
            if !elements.isEmpty { newline(&out, options, indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let ordered = options.sortedKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            for (n, member) in ordered.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, options, indent + 1)
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if options.pretty { out.append(UInt8(ascii: " ")) }
                write(member.value, into: &out, options: options, indent: indent + 1)
            }
            if !members.isEmpty { newline(&out, options, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ options: Options, _ indent: Int) {
        guard options.pretty else { return }
        out.append(0x0a)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// The shortest JSON spelling of `d` that parses back to the same value; infinities (from
    /// inputs such as `1e999`) are written as `±1e999` so they survive a round trip.
    public static func formatNumber(_ d: Double) -> String {
        if d.isInfinite { return d < 0 ? "-1e999" : "1e999" }
        if d.isNaN { return "null" }
        if d == d.rounded(.towardZero), abs(d) < 1e15 {
            if d == 0 { return d.sign == .minus ? "-0" : "0" }
            return String(Int64(d))
        }
        return d.description
    }

    /// Appends `s` as a JSON string literal, escaping `"`, `\` and control characters.
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(b)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(b)
            case 0x0a: out.append(contentsOf: "\\n".utf8)
            case 0x0d: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20, 0x7f:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigit(b >> 4)); out.append(hexDigit(b & 0xf))
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 87 + v }
}
