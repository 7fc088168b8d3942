/// Why bytes are not a JSON text, and where: a byte offset and, where parsing got that far, the
/// JSON path of the value being read.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case emptyInput
        case unexpectedEnd
        case unexpectedByte(UInt8, expected: String)
        case invalidLiteral
        case invalidNumber
        case invalidEscape
        case loneSurrogate
        case controlCharacterInString(UInt8)
        case invalidUTF8
        case trailingData
    }

    public var reason: Reason
    /// Offset of the offending byte in the JSON text.
    public var offset: Int
    /// JSON path of the value being parsed when the error was found (e.g. `$.components[3].data`).
    public var path: String

    public init(_ reason: Reason, offset: Int, path: String) {
        self.reason = reason
        self.offset = offset
        self.path = path
    }

    public var description: String { "\(message) at byte \(offset) (\(path))" }

    /// The explanation without the location (``offset`` and ``path`` carry it).
    public var message: String {
        switch reason {
        case .emptyInput: "empty input"
        case .unexpectedEnd: "unexpected end of input"
        case .unexpectedByte(let b, let expected): "unexpected \(Self.describe(b)), expected \(expected)"
        case .invalidLiteral: "invalid literal (expected true, false or null)"
        case .invalidNumber: "invalid number"
        case .invalidEscape: "invalid escape sequence in string"
        case .loneSurrogate: "unpaired UTF-16 surrogate in \\u escape"
        case .controlCharacterInString(let b): "unescaped control character 0x\(String(b, radix: 16)) in string"
        case .invalidUTF8: "invalid UTF-8"
        case .trailingData: "unexpected data after the JSON value"
        }
    }

    static func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7f { return "\"\(Character(Unicode.Scalar(b)))\"" }
        return "byte 0x" + (b < 16 ? "0" : "") + String(b, radix: 16)
    }
}
