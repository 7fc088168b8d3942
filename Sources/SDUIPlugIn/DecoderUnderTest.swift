/// A decoder plugged into the fuzz harness: how to decode payload bytes and, optionally, how to
/// describe (render) and re-encode what it decoded, so the harness can check invariants.
///
/// The same target also serves the contract gate (`sdui contract check`): what the app shows for a
/// response, as a decoder-neutral ``Rendering`` — the one `rendering:` gives, or else one derived
/// from the decoded value by reflection (``DerivedRendering``), so `name:` and `decode:` are enough.
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
    /// A decoded value's own round trip, without the payload's envelope: encoded with its
    /// `Encodable` conformance and decoded with its `Decodable` one, whatever the decode call
    /// around it does. Throws ``RoundTripFailure``. Set by `CodableRoundTrip.adding(to:)` when
    /// the decoded type is `Codable` (what a generated target does; `--no-round-trip` turns it off).
    public var codableRoundTrip: (@Sendable (Decoded) throws -> Void)?

    /// What the gate compares: the hand-written ``rendering`` when there is one, else the rendering
    /// derived from the decoded value (``DerivedRendering``). `derived: true` derives it even when
    /// there is a hand-written one (to compare the two; `SDUI_RENDERING=derived` asks a fuzz
    /// target's render server for it).
    public func gateRendering(of decoded: Decoded, derived: Bool = false) -> Rendering {
        if !derived, let rendering { return rendering(decoded) }
        return DerivedRendering.rendering(of: decoded)
    }

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

/// Why a decoded value's own round trip failed: its encoder threw (a `nan` the decoder accepted
/// and `JSONEncoder` cannot write), its decoder rejected what its encoder wrote, or what came back
/// is not what went in (compared by ``DerivedRendering``).
public enum RoundTripFailure: Error, Sendable {
    case encoding(any Error)
    case decoding(any Error)
    case changed(before: String, after: String)
}
