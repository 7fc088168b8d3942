/// Keeps pathological nesting away from swift-syntax's parser, which a garbage or generated
/// file must not be able to crash or stall:
/// - its lookahead for types (after a `[`, a `(` or a `<`) recurses once per level with no
///   depth limit, so a few thousand levels overflow the stack;
/// - nested `[` take it time exponential in their depth when what is between could be a type
///   (`[[[[`, `[(x, [(x, `: each `[` may open an array type or a literal): 16 take seconds in
///   a debug build, 24 minutes; a string literal between (`["a": ["b": …`) settles it at once.
/// Brackets past the limits are dropped with their matching closers, so what they held is
/// still parsed, flatter, and the rest of the file is untouched. Real code nests far less.
/// Dropped, not blanked: the parser re-lexes trivia on every lookahead, and thousands of
/// blanks before one token made a deep file take a minute.
enum NestingGuard {
    /// Nesting of `(`, `[`, `{` and generic `<` kept.
    static let depthLimit = 64
    /// `[` that may open a type (see ``mayOpenType(_:at:)``) open at once kept: the parser
    /// may try each as a type and as a literal, 2^6 tries at worst.
    static let bracketDepthLimit = 6

    static func defused(_ text: String) -> String {
        var utf8 = Array(text.utf8)
        guard defuse(&utf8) else { return text }
        return String(decoding: utf8.lazy.filter { $0 != dropped }, as: UTF8.self)
    }

    /// A byte that never occurs in UTF-8, marking what `defuse` dropped.
    static let dropped: UInt8 = 0xFF

    /// Marks what is past the limits as ``dropped``; whether anything was.
    static func defuse(_ bytes: inout [UInt8]) -> Bool {
        // Open brackets: the byte that closes each, whether it was dropped, whether it counts
        // toward `bracketDepthLimit`.
        var open: [(closer: UInt8, isDropped: Bool, ambiguous: Bool)] = []
        var openBrackets = 0   // kept `[` in `open` that may open a type
        var changed = false
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            switch c {
            case ascii("/") where i + 1 < n && bytes[i + 1] == ascii("/"):
                while i < n, bytes[i] != ascii("\n") { i += 1 }
                continue
            case ascii("/") where i + 1 < n && bytes[i + 1] == ascii("*"):
                i = skipBlockComment(bytes, from: i)
                continue
            case ascii("\""), ascii("#"):
                if let end = skipStringLiteral(bytes, from: i) { i = end; continue }
            case ascii("("), ascii("["), ascii("{"):
                let ambiguous = c == ascii("[") && mayOpenType(bytes, at: i)
                let drop = open.count >= depthLimit || (ambiguous && openBrackets >= bracketDepthLimit)
                if ambiguous, !drop { openBrackets += 1 }
                open.append((closer: c == ascii("(") ? ascii(")") : c == ascii("[") ? ascii("]") : ascii("}"), isDropped: drop, ambiguous: ambiguous))
                if drop { bytes[i] = dropped; changed = true }
                i += 1
                continue
            case ascii("<") where i > 0 && isIdentifierByte(bytes[i - 1]) && i + 1 < n && (isIdentifierByte(bytes[i + 1]) || bytes[i + 1] == ascii("[") || bytes[i + 1] == ascii("(")):
                // `Array<Int>`, not `a < b`: a generic argument list, closed by the next `>`.
                let drop = open.count >= depthLimit
                open.append((closer: ascii(">"), isDropped: drop, ambiguous: false))
                if drop { bytes[i] = dropped; changed = true }
            case ascii(")"), ascii("]"), ascii("}"), ascii(">"):
                // Only the closer the innermost bracket expects; a stray one is left as it is.
                // A comparison's `>` never matches an open generic `<` unless generics are open.
                var index = open.indices.last.flatMap { open[$0].closer == c ? $0 : nil }
                // Unclosed generics (`a<b` was a comparison after all) end at the bracket around
                // them; only the innermost few are looked through, so stray closers stay cheap.
                if index == nil, c != ascii(">"),
                   let found = open.indices.suffix(16).last(where: { open[$0].closer != ascii(">") }), open[found].closer == c {
                    index = found
                }
                if let index {
                    let closed = open[index]
                    // Generics closed unawares inside are never ambiguous; counting all is simplest.
                    openBrackets -= open[index...].filter { $0.ambiguous && !$0.isDropped }.count
                    open.removeSubrange(index...)
                    if closed.isDropped { bytes[i] = dropped; changed = true }
                }
            default:
                break
            }
            i += 1
        }
        return changed
    }

    /// Whether the `[` at `index` may open an array type, which the parser then tries first:
    /// not when a string, a number, an implicit member, a sign or `:`/`]` (`[:]`, `[]`) follows.
    static func mayOpenType(_ bytes: [UInt8], at index: Int) -> Bool {
        var i = index + 1
        while i < bytes.count, bytes[i] == ascii(" ") || bytes[i] == ascii("\t") || bytes[i] == ascii("\n") || bytes[i] == ascii("\r") { i += 1 }
        guard i < bytes.count else { return false }
        let c = bytes[i]
        return !(c == ascii("\"") || (c >= ascii("0") && c <= ascii("9")) || c == ascii(".") || c == ascii("-") || c == ascii(":") || c == ascii("]"))
    }

    /// `"…"`, `"""…"""` or `#"…"#` starting at `start`: the index after it, or nil when no
    /// string starts there (a `#if`, `#selector`).
    static func skipStringLiteral(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        var hashes = 0
        while i < bytes.count, bytes[i] == ascii("#") { hashes += 1; i += 1 }
        guard i < bytes.count, bytes[i] == ascii("\"") else { return nil }
        let multiline = i + 2 < bytes.count && bytes[i + 1] == ascii("\"") && bytes[i + 2] == ascii("\"")
        i += multiline ? 3 : 1
        while i < bytes.count {
            let c = bytes[i]
            if c == ascii("\\"), hashes == 0 { i += 2; continue }
            if c == ascii("\n"), !multiline { return i }   // unterminated: the line ends it
            if c == ascii("\"") {
                let quotes = multiline ? 3 : 1
                var j = i
                var count = 0
                while j < bytes.count, bytes[j] == ascii("\""), count < quotes { count += 1; j += 1 }
                var closingHashes = 0
                while j < bytes.count, bytes[j] == ascii("#"), closingHashes < hashes { closingHashes += 1; j += 1 }
                if count == quotes, closingHashes == hashes { return j }
                i += 1
                continue
            }
            i += 1
        }
        return bytes.count
    }

    static func skipBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == ascii("/"), bytes[i + 1] == ascii("*") { depth += 1; i += 2; continue }
            if bytes[i] == ascii("*"), bytes[i + 1] == ascii("/") {
                depth -= 1
                i += 2
                if depth == 0 { return i }
                continue
            }
            i += 1
        }
        return bytes.count
    }

    static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= ascii("a") && c <= ascii("z")) || (c >= ascii("A") && c <= ascii("Z")) || (c >= ascii("0") && c <= ascii("9")) || c == ascii("_") || c >= 0x80
    }

    @inline(__always) static func ascii(_ s: Unicode.Scalar) -> UInt8 { UInt8(ascii: s) }
}
