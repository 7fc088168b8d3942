import Foundation
import SDUIPayload
import SDUIFuzz

/// The document a fuzz input stands for, as the decoder reads it: its size as written, its size
/// inflated (gzip, zlib and raw deflate opened as the harness opens them) and its nesting depth.
public struct DocumentShape: Sendable, Hashable {
    public var inputBytes: Int
    /// The decoder's bytes: inflated when the input is compressed, else the input.
    public var text: [UInt8]
    /// The compression, nil for a plain document (or a stream that does not inflate).
    public var encoding: ContentEncoding?
    public var depth: Int

    public init(input: [UInt8]) {
        inputBytes = input.count
        // The generated targets read a payload through `FuzzPayload.text(of:)`: the same sniffing here.
        let declared = PayloadSniffer.declaredForFuzzing(input)
        if let decoded = try? PayloadDecoder().decode(input, declared: declared), decoded.encoding != .identity {
            text = decoded.text
            encoding = decoded.encoding
        } else {
            text = input
            encoding = nil
        }
        depth = Self.nestingDepth(text)
    }

    /// The deepest nesting of `{` and `[` outside strings. Lexical, so a document the decoder
    /// rejects halfway (as fuzz inputs often are) is measured too.
    public static func nestingDepth(_ text: [UInt8]) -> Int {
        var depth = 0, deepest = 0
        forEachBracket(in: text[...]) { c in
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else {
                depth = max(0, depth - 1)
            }
        }
        return deepest
    }

    /// Calls `body` with each `{`, `[`, `}` and `]` of `text` outside strings (escapes honoured).
    static func forEachBracket(in text: ArraySlice<UInt8>, _ body: (UInt8) -> Void) {
        var inString = false, escaped = false
        for c in text {
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch c {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"): body(c)
            default: break
            }
        }
    }
}

/// A smaller version of a JSON document with its shape: the text up to the last complete value
/// before a cut, and the closers of what is open there (`{"a":[1,2,3` + `]}`). The same nesting,
/// the same kinds of elements, fewer of them: a quarter of a deep chain is a quarter as deep, a
/// quarter of a long array a quarter as long. Used to see how a decoder's cost grows with the input
/// (``TimeoutVerdict``).
public enum ScaledDocument {
    /// The document cut to about `fraction` of its bytes and closed; nil when nothing of it is a
    /// complete JSON value to close (the text is not JSON).
    public static func prefix(of text: [UInt8], fraction: Double) -> [UInt8]? {
        // A document of containers only: a bare scalar has no smaller version of the same shape.
        let first = text.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        let target = Int(Double(text.count) * min(1, max(0, fraction)))
        guard let end = lastCut(in: text, atMost: target) else { return nil }
        let open = openContainers(in: text[..<end])
        return Array(text[..<end]) + open.reversed().map { $0 == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]") }
    }

    /// The last position at most `limit` where the text so far, closed, is a JSON value: right
    /// after an opening bracket, or after a complete value that is not an object's key.
    static func lastCut(in text: [UInt8], atMost limit: Int) -> Int? {
        var stack: [UInt8] = []
        var expectKey = false, inString = false, isKey = false, escaped = false
        var cut: Int?
        var i = 0
        while i < text.count && i < limit {
            let c = text[i]
            i += 1
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if !isKey { cut = i }
                }
                continue
            }
            switch c {
            case UInt8(ascii: "\""):
                inString = true
                isKey = stack.last == UInt8(ascii: "{") && expectKey
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(c)
                expectKey = c == UInt8(ascii: "{")
                cut = i
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return cut }
                stack.removeLast()
                cut = i
            case UInt8(ascii: ":"): expectKey = false
            case UInt8(ascii: ","): expectKey = stack.last == UInt8(ascii: "{")
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): break
            default:
                // A number or literal ends where the next byte is not part of it.
                if i == text.count || !isScalarByte(text[i]) { cut = i }
            }
        }
        return cut
    }

    /// The brackets open at the end of `text`, outermost first.
    static func openContainers(in text: ArraySlice<UInt8>) -> [UInt8] {
        var stack: [UInt8] = []
        DocumentShape.forEachBracket(in: text) { c in
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { stack.append(c) } else if !stack.isEmpty { stack.removeLast() }
        }
        return stack
    }

    static func isScalarByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
            || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
    }
}
