import SDUIFuzz
import SDUIPayload
import SDUIScreen

extension DecoderUnderTest where Decoded == Screen {
    /// The bundled reference decoder of Screen protocol v1: raw payload bytes (encoding sniffed;
    /// non-JSON-looking bytes taken as raw deflate), rendered with ``ScreenRenderer``, re-encoded
    /// with ``Screen/encodedJSON(options:)`` (and, for one input in four, compressed). Only
    /// ``ScreenError`` may be thrown, and it must name where the payload went wrong.
    public static let reference = DecoderUnderTest<Screen>(
        name: "reference",
        decode: { bytes in try ScreenDecoder().decode(bytes, declared: PayloadSniffer.declaredForFuzzing(bytes)).screen },
        render: { ScreenRenderer().render($0) },
        reencode: { $0.encodedJSON() },
        isExpectedError: { $0 is ScreenError },
        explain: { error in
            // Protocol §4: every rejection names a JSON path or a byte offset.
            guard let error = error as? ScreenError, error.path != nil || error.byteOffset != nil,
                  !error.message.isEmpty else { return nil }
            // Both ways a user sees it: the rendering's rejection line and the logged description.
            var details = error.description
            if case .payload(let payload) = error { details += " " + payload.description }
            return ScreenRenderer().render(rejection: error) + details
        },
        reencodeCompressed: { screen, pick in
            // Not raw deflate: with no header, its bytes can look like JSON or zlib to the sniffer.
            let encodings: [ContentEncoding] = [.gzip, .zlib]
            return Deflater.compress(screen.encodedJSON(), as: encodings[pick % encodings.count])
        },
        rendering: { ScreenRenderer().rendering($0) }
    )
}
