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
    public var reencode: (@Sendable (Decoded) -> [UInt8])?
    /// Whether a thrown error is one the decoder is meant to throw ("typed"); anything else is reported.
    public var isExpectedError: @Sendable (any Error) -> Bool
    /// Explains an expected error the way a user would see it; nil when it cannot say what went
    /// wrong and where (an invariant: a rejection always names its JSON path or byte offset).
    public var explain: (@Sendable (any Error) -> String?)?
    /// Re-encodes a decoded value compressed (the `Int` picks the encoding): decoding the compressed
    /// bytes must render identically, whatever the compression.
    public var reencodeCompressed: (@Sendable (Decoded, Int) -> [UInt8])?
    /// What the app shows for a decoded value, for the contract gate (its text also serves as
    /// `render` when that is not given).
    public var rendering: (@Sendable (Decoded) -> Rendering)?

    public init(
        name: String,
        decode: @escaping @Sendable ([UInt8]) throws -> Decoded,
        render: (@Sendable (Decoded) -> String)? = nil,
        reencode: (@Sendable (Decoded) -> [UInt8])? = nil,
        isExpectedError: @escaping @Sendable (any Error) -> Bool = { _ in true },
        explain: (@Sendable (any Error) -> String?)? = nil,
        reencodeCompressed: (@Sendable (Decoded, Int) -> [UInt8])? = nil,
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

    public var description: String { "SDUIHarness invariant \(kind.rawValue): \(detail)" }
}
