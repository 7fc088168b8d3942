import Foundation
// The model a target's `rendering:` fills: one import serves both the harness and the gate.
@_exported import SDUIRendering

/// A decoder plugged into the fuzz harness: how to decode payload bytes and, optionally, how to
/// describe (render) and re-encode what it decoded, so the harness can check invariants.
///
/// With `rendering:` the same target also serves the contract gate (`sdui contract check`): what
/// the app shows for a response, as a decoder-neutral ``Rendering``.
public struct DecoderUnderTest<Decoded>: Sendable {
    /// A short name, used in reports.
    public var name: String
    /// Decodes payload bytes; throwing is a normal outcome for bad input.
    public var decode: @Sendable ([UInt8]) throws -> Decoded
    /// Describes a decoded value deterministically (a rendering). Anything that decodes must render.
    public var render: (@Sendable (Decoded) -> String)?
    /// Encodes a decoded value back to payload bytes: decoding them again must render identically.
    /// May throw: a value the decoder accepted that its own encoder cannot write (a `nan`, say) is a
    /// finding, reported with the encoder's error and its coding path.
    public var reencode: (@Sendable (Decoded) throws -> [UInt8])?
    /// Whether a thrown error is one the decoder is meant to throw ("typed"); anything else is reported.
    public var isExpectedError: @Sendable (any Error) -> Bool
    /// Explains an expected error the way a user would see it; nil when it cannot say what went
    /// wrong and where (an invariant: a rejection always names its JSON path or byte offset).
    public var explain: (@Sendable (any Error) -> String?)?
    /// Re-encodes a decoded value compressed (the `Int` picks the encoding): decoding the compressed
    /// bytes must render identically, whatever the compression.
    public var reencodeCompressed: (@Sendable (Decoded, Int) throws -> [UInt8])?
    /// What the app shows for a decoded value, for the contract gate (its text also serves as
    /// `render` when that is not given).
    public var rendering: (@Sendable (Decoded) -> Rendering)?

    public init(
        name: String,
        decode: @escaping @Sendable ([UInt8]) throws -> Decoded,
        render: (@Sendable (Decoded) -> String)? = nil,
        reencode: (@Sendable (Decoded) throws -> [UInt8])? = nil,
        isExpectedError: @escaping @Sendable (any Error) -> Bool = { _ in true },
        explain: (@Sendable (any Error) -> String?)? = nil,
        reencodeCompressed: (@Sendable (Decoded, Int) throws -> [UInt8])? = nil,
        rendering: (@Sendable (Decoded) -> Rendering)? = nil
    ) {
        self.name = name
        self.decode = decode
        self.rendering = rendering
        self.render = render ?? rendering.map { make in { @Sendable in make($0).text } }
        self.reencode = reencode
        self.isExpectedError = isExpectedError
        self.explain = explain
        self.reencodeCompressed = reencodeCompressed
    }
}

/// An invariant the decoder under test broke on one input.
public struct InvariantViolation: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
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
