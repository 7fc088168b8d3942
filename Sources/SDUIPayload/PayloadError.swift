/// Why payload bytes could not be turned into JSON text. Every case names a byte offset in the
/// bytes as received (for a gzip stream of several members, the offset within the whole input).
public enum PayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The declared encoding is not one the protocol knows.
    case unsupportedEncoding(String)
    /// The bytes as received are larger than ``PayloadLimits/maxInputBytes``.
    case inputTooLarge(size: Int, limit: Int)
    /// Inflating would produce more than ``PayloadLimits/maxDecodedBytes``; stopped at that point.
    case decodedTooLarge(limit: Int, inputOffset: Int)
    /// The stream ends before its end marker (or its trailer).
    case truncated(encoding: ContentEncoding, offset: Int)
    /// Bytes follow the end of the (last) compressed stream.
    case trailingData(encoding: ContentEncoding, offset: Int, count: Int)
    /// A gzip or zlib header is malformed (bad magic, method, reserved flags, header CRC).
    case badHeader(encoding: ContentEncoding, offset: Int, reason: String)
    /// A zlib stream asks for a preset dictionary (FDICT), which the protocol forbids.
    case presetDictionary(offset: Int)
    /// CRC-32 (gzip) or Adler-32 (zlib) of the inflated bytes does not match the trailer.
    case checksumMismatch(encoding: ContentEncoding, offset: Int)
    /// The gzip ISIZE trailer does not match the inflated length.
    case lengthMismatch(offset: Int)
    /// The deflate data itself is invalid (bad block type, bad code, distance too far, …).
    case corruptData(encoding: ContentEncoding, offset: Int, reason: String)

    /// A stable, machine-readable identifier of the kind of error.
    public var code: String {
        switch self {
        case .unsupportedEncoding: "payload.unsupported_encoding"
        case .inputTooLarge: "payload.input_too_large"
        case .decodedTooLarge: "payload.decoded_too_large"
        case .truncated: "payload.truncated"
        case .trailingData: "payload.trailing_data"
        case .badHeader: "payload.bad_header"
        case .presetDictionary: "payload.preset_dictionary"
        case .checksumMismatch: "payload.checksum_mismatch"
        case .lengthMismatch: "payload.length_mismatch"
        case .corruptData: "payload.corrupt_data"
        }
    }

    /// The byte offset in the received bytes the error refers to, where there is one.
    public var byteOffset: Int? {
        switch self {
        case .unsupportedEncoding: nil
        case .inputTooLarge(_, let limit): limit
        case .decodedTooLarge(_, let o), .truncated(_, let o), .trailingData(_, let o, _),
             .badHeader(_, let o, _), .presetDictionary(let o), .checksumMismatch(_, let o),
             .lengthMismatch(let o), .corruptData(_, let o, _): o
        }
    }

    /// The explanation without the byte offset (``byteOffset`` carries it).
    public var message: String {
        switch self {
        case .unsupportedEncoding(let v):
            "unsupported content encoding \"\(v)\" (expected identity, gzip or deflate)"
        case .inputTooLarge(let size, let limit):
            "payload is \(size) bytes, over the input limit of \(limit) bytes"
        case .decodedTooLarge(let limit, _):
            "decompressed size exceeds the limit of \(limit) bytes"
        case .truncated(let e, _):
            "\(e.rawValue) stream is truncated"
        case .trailingData(let e, _, let n):
            "\(n) unexpected byte(s) after the end of the \(e.rawValue) stream"
        case .badHeader(let e, _, let r):
            "bad \(e.rawValue) header: \(r)"
        case .presetDictionary:
            "zlib stream requires a preset dictionary (FDICT), which is not supported"
        case .checksumMismatch(let e, _):
            "\(e == .gzip ? "CRC-32" : "Adler-32") mismatch in the \(e.rawValue) trailer"
        case .lengthMismatch:
            "gzip ISIZE does not match the decompressed length"
        case .corruptData(let e, _, let r):
            "corrupt \(e.rawValue) data: \(r)"
        }
    }

    public var description: String {
        guard let offset = byteOffset, !(self.isInputTooLarge) else { return message }
        return "\(message) (at byte \(offset))"
    }

    private var isInputTooLarge: Bool {
        if case .inputTooLarge = self { return true }
        return false
    }
}
