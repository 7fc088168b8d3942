/// A JSON text cut down to a size where a value ends, with what is open there closed: the document
/// keeps its first members and as much of its nesting as fits, and stays JSON wherever the text was
/// JSON up to the cut. The compressed mutator uses it on documents past its budget
/// (``MutationMove/shrink``): a payload that inflates to hundreds of kilobytes costs the decoder that
/// much at every execution of every mutant, and structure moves alone rarely make it smaller.
enum JSONTruncation {
    /// `text` when it fits in `limit` bytes; otherwise its longest prefix that ends where a value
    /// may end (after `[`, `{`, a closed container, or before a `,`), closed, within `limit`. A
    /// text with no such place (one long string, say) is cut at `limit`.
    static func cut(_ text: [UInt8], to limit: Int) -> [UInt8] {
        guard text.count > limit else { return text }
        let end = lastCut(in: text, within: limit)
        guard end > 0 else { return Array(text.prefix(limit)) }
        var closers: [UInt8] = []
        scan(text[..<end]) { byte, _ in
            if byte == UInt8(ascii: "[") { closers.append(UInt8(ascii: "]")) }
            if byte == UInt8(ascii: "{") { closers.append(UInt8(ascii: "}")) }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { _ = closers.popLast() }
            return true
        }
        return Array(text[..<end]) + closers.reversed()
    }

    /// Where the text can end, its closers included within `limit`; 0 when nowhere.
    private static func lastCut(in text: [UInt8], within limit: Int) -> Int {
        var depth = 0, best = 0
        scan(text[...]) { byte, index in
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if index + 1 + depth <= limit { best = index + 1 }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(depth - 1, 0)
                if index + 1 + depth <= limit { best = index + 1 }
            case UInt8(ascii: ","):
                if index + depth <= limit { best = index }
            default: break
            }
            return index < limit
        }
        return best
    }

    /// Calls `visit` with every byte outside strings and its index, while it returns true.
    private static func scan(_ text: ArraySlice<UInt8>, _ visit: (UInt8, Int) -> Bool) {
        var inString = false, escaped = false
        for index in text.indices {
            let byte = text[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true; continue }
            if !visit(byte, index) { return }
        }
    }
}
