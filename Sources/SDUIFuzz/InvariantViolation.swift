import Foundation

/// An invariant the decoder under test broke on one input.
public struct InvariantViolation: Error, Sendable, Codable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// The decoder threw an error that `isExpectedError` does not accept.
        case untypedError = "untyped_error"
        /// The decoder's own encoder threw on a value the decoder produced (a `nan` it accepted
        /// and cannot write, say): the encoder's error and coding path say where.
        case reencodingFailed = "reencoding_failed"
        /// The re-encoded value could not be decoded again.
        case reencodingRejected = "reencoding_rejected"
        /// Decoding the re-encoded value rendered differently.
        case roundTripChanged = "round_trip_changed"
        /// An expected error could not explain itself (no message, or no JSON path or byte offset).
        case unexplainedError = "unexplained_error"
        /// The compressed re-encoding was rejected or rendered differently.
        case compressionChanged = "compression_changed"
    }

    public var kind: Kind
    public var detail: String
    /// Where in the value the failure is (`views[0].ratio`), from a coding error's context.
    public var codingPath: String?

    public init(kind: Kind, detail: String, codingPath: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.codingPath = codingPath
    }

    /// For a thrown error: its coding path (an `EncodingError` or `DecodingError`), and the error
    /// said as its type and case with the context's description, not Foundation's long dump.
    public init(kind: Kind, error: any Error) {
        self.kind = kind
        let (path, text) = Self.describe(error)
        self.codingPath = path
        self.detail = text
    }

    /// `SDUIHarness invariant reencoding_failed at views[0].ratio: EncodingError.invalidValue: …`:
    /// the form crash triage reads a title and a signature from.
    public var description: String {
        "SDUIHarness invariant \(kind.rawValue)" + (codingPath.map { " at \($0)" } ?? "") + ": \(detail)"
    }

    static func path(_ keys: [any CodingKey]) -> String? {
        guard !keys.isEmpty else { return nil }
        var text = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" { text += "[\(index)]" }
            else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    static func describe(_ error: any Error) -> (String?, String) {
        if let error = error as? EncodingError, case .invalidValue(let value, let context) = error {
            return (path(context.codingPath), "EncodingError.invalidValue(\(String(describing: value).prefix(60))): \(context.debugDescription)")
        }
        if let error = error as? DecodingError {
            switch error {
            case .typeMismatch(let type, let c): return (path(c.codingPath), "DecodingError.typeMismatch(\(type)): \(c.debugDescription)")
            case .valueNotFound(let type, let c): return (path(c.codingPath), "DecodingError.valueNotFound(\(type)): \(c.debugDescription)")
            case .keyNotFound(let key, let c): return (path(c.codingPath + [key]), "DecodingError.keyNotFound: \(c.debugDescription)")
            case .dataCorrupted(let c): return (path(c.codingPath), "DecodingError.dataCorrupted: \(c.debugDescription)")
            @unknown default: break
            }
        }
        return (nil, "\(type(of: error)): \(error)")
    }
}
