import SDUIFuzz
import SDUIPayload
import SDUIRender
import SDUIScreen

extension DecoderUnderTest where Decoded == Screen {
    /// The bundled reference decoder of Screen protocol v1: raw payload bytes (encoding sniffed;
    /// non-JSON-looking bytes taken as raw deflate), rendered with ``ScreenRenderer``, re-encoded
    /// with ``Screen/encodedJSON(options:)``. Only ``ScreenError`` may be thrown.
    public static let reference = DecoderUnderTest<Screen>(
        name: "reference",
        decode: { bytes in try ScreenDecoder().decode(bytes, declared: PayloadSniffer.declaredForFuzzing(bytes)).screen },
        render: { ScreenRenderer().render($0) },
        reencode: { $0.encodedJSON() },
        isExpectedError: { $0 is ScreenError }
    )
}
