/// A strict RFC 8259 JSON parser that never recurses: nesting is tracked on an explicit stack, so
/// no input can exhaust the thread's stack, and containers deeper than ``materializationDepth``
/// are validated but kept as ``JSONValue/elided(_:)`` (one byte of bookkeeping per level).
///
/// Strings must be valid UTF-8; `\u` escapes must pair surrogates; numbers follow the JSON
/// grammar exactly. Errors carry the byte offset and the JSON path being read.
public struct JSONParser: Sendable {
    /// Containers deeper than this (the root is depth 1) are elided.
    public var materializationDepth: Int

    public init(materializationDepth: Int = 512) {
        self.materializationDepth = max(1, materializationDepth)
    }

    /// Parses one JSON text (surrounding whitespace allowed, nothing else).
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var state = ParseState(source: bytes, p: buffer, maxDepth: materializationDepth)
            do throws(JSONSyntaxError) {
                return .success(try state.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

private let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
private let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
private let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
private let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

private struct Frame {
    var isObject: Bool
    var elements: [JSONValue] = []
    var members: [JSONMember] = []
    var key = ""
}

private enum Expect { case value, arrayNext, objectKey, objectNext }

private struct ParseState {
    let source: [UInt8]
    let p: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var i = 0
    var frames: [Frame] = []
    /// Kinds (object = true) of the open containers beyond `maxDepth`.
    var elided: [Bool] = []
    var elidedStart = 0

    init(source: [UInt8], p: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.source = source
        self.p = p
        self.maxDepth = maxDepth
    }

    func error(_ reason: JSONSyntaxError.Reason, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(reason, offset: offset, path: currentPath())
    }

    func currentPath() -> String {
        var path = JSONPath.root
        for frame in frames {
            if frame.isObject {
                path = JSONPath.appending(key: frame.key, to: path)
            } else {
                path = JSONPath.appending(index: frame.elements.count, to: path)
            }
        }
        if !elided.isEmpty { path += "…" }
        return path
    }

    @inline(__always) mutating func skipWhitespace() {
        while i < p.count {
            let b = p[i]
            guard b == 0x20 || b == 0x0a || b == 0x0d || b == 0x09 else { return }
            i += 1
        }
    }

// Long on purpose: the non-recursive parser's loop, one explicit stack of open containers that
// every token kind reads and changes; the decode benchmark's throughput is this loop's, and a call
// per token kind would pass the stack around on every byte of structure.
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        if i == p.count { throw error(.emptyInput, at: i) }
        var expect = Expect.value
        while true {
            var value: JSONValue
            switch expect {
            case .value:
                skipWhitespace()
                guard i < p.count else { throw error(.unexpectedEnd, at: i) }
                let b = p[i]
                switch b {
                case openBrace, openBracket:
                    let isObject = b == openBrace
                    openContainer(isObject: isObject)
                    skipWhitespace()
                    if i < p.count, p[i] == (isObject ? closeBrace : closeBracket) {
                        i += 1
                        value = closeContainer()
                    } else {
                        expect = isObject ? .objectKey : .value
                        continue
                    }
                case quote:
                    value = .string(try parseString(materialize: elided.isEmpty))
                case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
                case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
                case UInt8(ascii: "n"): try literal("null"); value = .null
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    value = .number(try parseNumber())
                default:
                    throw error(.unexpectedByte(b, expected: "a JSON value"), at: i)
                }
            case .arrayNext:
                skipWhitespace()
                guard i < p.count else { throw error(.unexpectedEnd, at: i) }
                if p[i] == comma { i += 1; expect = .value; continue }
                guard p[i] == closeBracket else { throw error(.unexpectedByte(p[i], expected: "\",\" or \"]\""), at: i) }
                i += 1
                value = closeContainer()
            case .objectKey:
                skipWhitespace()
                guard i < p.count else { throw error(.unexpectedEnd, at: i) }
                guard p[i] == quote else { throw error(.unexpectedByte(p[i], expected: "a string key"), at: i) }
                let key = try parseString(materialize: elided.isEmpty)
                if elided.isEmpty { frames[frames.count - 1].key = key }
                skipWhitespace()
                guard i < p.count else { throw error(.unexpectedEnd, at: i) }
                guard p[i] == colon else { throw error(.unexpectedByte(p[i], expected: "\":\""), at: i) }
                i += 1
                expect = .value
                continue
            case .objectNext:
                skipWhitespace()
                guard i < p.count else { throw error(.unexpectedEnd, at: i) }
                if p[i] == comma { i += 1; expect = .objectKey; continue }
                guard p[i] == closeBrace else { throw error(.unexpectedByte(p[i], expected: "\",\" or \"}\""), at: i) }
                i += 1
                value = closeContainer()
            }
            // A value is complete: attach it to its container, or finish.
            if let isObject = elided.last {
                expect = isObject ? .objectNext : .arrayNext
            } else if frames.isEmpty {
                skipWhitespace()
                if i != p.count { throw error(.trailingData, at: i) }
                return value
            } else if frames[frames.count - 1].isObject {
                let last = frames.count - 1
                frames[last].members.append(JSONMember(frames[last].key, value))
                expect = .objectNext
            } else {
                frames[frames.count - 1].elements.append(value)
                expect = .arrayNext
            }
        }
    }

    mutating func openContainer(isObject: Bool) {
        if !elided.isEmpty || frames.count >= maxDepth {
            if elided.isEmpty { elidedStart = i }
            elided.append(isObject)
        } else {
            frames.append(Frame(isObject: isObject))
        }
        i += 1
    }

    /// Called with `i` just past the closing bracket.
    mutating func closeContainer() -> JSONValue {
        if let isObject = elided.popLast() {
            return elided.isEmpty ? .elided(ElidedJSON(isObject: isObject, raw: source[elidedStart..<i])) : .null
        }
        let frame = frames.removeLast()
        return frame.isObject ? .object(frame.members) : .array(frame.elements)
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard i + count <= p.count else {
            // Distinguish a cut-off literal from a wrong one.
            for k in 0..<(p.count - i) where p[i + k] != word.utf8Start[k] {
                throw error(.invalidLiteral, at: i + k)
            }
            throw error(.unexpectedEnd, at: p.count)
        }
        for k in 0..<count where p[i + k] != word.utf8Start[k] {
            throw error(.invalidLiteral, at: i + k)
        }
        i += count
    }

    mutating func parseString(materialize: Bool) throws(JSONSyntaxError) -> String {
        i += 1  // opening quote
        let start = i
        var ascii = true
        while i < p.count {
            let b = p[i]
            if b == quote {
                if !ascii { try validateUTF8(from: start, to: i) }
                defer { i += 1 }
                return materialize ? String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self) : ""
            }
            if b == backslash { return try parseEscapedString(from: start, materialize: materialize) }
            if b < 0x20 { throw error(.controlCharacterInString(b), at: i) }
            if b >= 0x80 { ascii = false }
            i += 1
        }
        throw error(.unexpectedEnd, at: i)
    }

    mutating func parseEscapedString(from start: Int, materialize: Bool) throws(JSONSyntaxError) -> String {
        var out = [UInt8]()
        if materialize { out.reserveCapacity(i - start + 16); out.append(contentsOf: p[start..<i]) }
        while i < p.count {
            let b = p[i]
            if b == quote {
                try validateUTF8(from: start, to: i)
                i += 1
                return materialize ? String(decoding: out, as: UTF8.self) : ""
            }
            if b < 0x20 { throw error(.controlCharacterInString(b), at: i) }
            if b != backslash {
                if materialize { out.append(b) }
                i += 1
                continue
            }
            guard i + 1 < p.count else { throw error(.unexpectedEnd, at: p.count) }
            let escapeStart = i
            let e = p[i + 1]
            i += 2
            let decoded: UInt8
            switch e {
            case quote: decoded = quote
            case backslash: decoded = backslash
            case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
            case UInt8(ascii: "b"): decoded = 0x08
            case UInt8(ascii: "f"): decoded = 0x0c
            case UInt8(ascii: "n"): decoded = 0x0a
            case UInt8(ascii: "r"): decoded = 0x0d
            case UInt8(ascii: "t"): decoded = 0x09
            case UInt8(ascii: "u"):
                var scalar = UInt32(try hex4())
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    guard i + 1 < p.count, p[i] == backslash, p[i + 1] == UInt8(ascii: "u") else {
                        throw error(.loneSurrogate, at: escapeStart)
                    }
                    i += 2
                    let low = UInt32(try hex4())
                    guard low >= 0xDC00 && low <= 0xDFFF else { throw error(.loneSurrogate, at: escapeStart) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    throw error(.loneSurrogate, at: escapeStart)
                }
                if materialize { appendUTF8(scalar, to: &out) }
                continue
            default:
                throw error(.invalidEscape, at: escapeStart)
            }
            if materialize { out.append(decoded) }
        }
        throw error(.unexpectedEnd, at: i)
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt16 {
        guard i + 4 <= p.count else { throw error(.unexpectedEnd, at: p.count) }
        var v: UInt16 = 0
        for _ in 0..<4 {
            let b = p[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape, at: i)
            }
            v = v << 4 | UInt16(d)
            i += 1
        }
        return v
    }

    func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18)); out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks `p[from..<to]` is well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
    func validateUTF8(from: Int, to end: Int) throws(JSONSyntaxError) {
        var k = from
        while k < end {
            let b = p[k]
            if b < 0x80 { k += 1; continue }
            let need: Int
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; hi = 0x9F
            case 0xF0: need = 3; lo = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; hi = 0x8F
            default: throw error(.invalidUTF8, at: k)
            }
            guard k + need < end else { throw error(.invalidUTF8, at: k) }
            let second = p[k + 1]
            guard second >= lo && second <= hi else { throw error(.invalidUTF8, at: k) }
            var j = 2
            while j <= need {
                guard p[k + j] & 0xC0 == 0x80 else { throw error(.invalidUTF8, at: k) }
                j += 1
            }
            k += need + 1
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = i
        var negative = false
        if p[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard i < p.count else { throw error(.unexpectedEnd, at: i) }
        if p[i] == UInt8(ascii: "0") {
            i += 1
        } else if isDigit(p[i]) {
            while i < p.count, isDigit(p[i]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48) } else { exponent += 1 }
                digits += 1
                i += 1
            }
        } else {
            throw error(.invalidNumber, at: i)
        }
        if i < p.count, p[i] == UInt8(ascii: ".") {
            i += 1
            guard i < p.count else { throw error(.unexpectedEnd, at: i) }
            guard isDigit(p[i]) else { throw error(.invalidNumber, at: i) }
            while i < p.count, isDigit(p[i]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48); exponent -= 1 }
                if mantissa != 0 || p[i] != 48 { digits += 1 }
                i += 1
            }
        }
        var hasExponent = false
        if i < p.count, p[i] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            i += 1
            if i < p.count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard i < p.count else { throw error(.unexpectedEnd, at: i) }
            guard isDigit(p[i]) else { throw error(.invalidNumber, at: i) }
            while i < p.count, isDigit(p[i]) { i += 1 }
        }
        // Exact fast path (Clinger): an integer mantissa below 2^53 scaled by an exact power of ten.
        if !hasExponent, digits <= 15, exponent >= -22, exponent <= 0 {
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        guard let value = Double(text) else { throw error(.invalidNumber, at: start) }
        return value
    }

    @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
}

private let powersOfTen: [Double] = (0...22).map { k in
    var v = 1.0
    for _ in 0..<k { v *= 10 }
    return v
}
