import SDUIPayload

/// Payload bytes → JSON text for decoders under test that take JSON only: sniffs gzip and zlib,
/// takes non-JSON-looking bytes as raw deflate, and enforces the default limits while inflating.
public enum FuzzPayload {
    public static func text(of bytes: [UInt8], limits: PayloadLimits = .default) throws(PayloadError) -> [UInt8] {
        try PayloadDecoder(limits: limits).decode(bytes, declared: PayloadSniffer.declaredForFuzzing(bytes)).text
    }
}
