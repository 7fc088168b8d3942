import Foundation
import SDUIPayload

/// How the harness guesses an encoding for raw fuzz inputs, where no HTTP header exists.
public enum PayloadSniffer {
    static let overrideEncoding: DeclaredEncoding? = FuzzHarnessConfiguration.current.contentEncoding
        .flatMap { try? DeclaredEncoding(contentEncoding: $0) }

    /// gzip and zlib are sniffed; bytes that are neither and do not start like JSON text are taken
    /// as raw deflate (as a client does with `Content-Encoding: deflate`), so raw streams are fuzzed too.
    /// The configuration's `contentEncoding` (an HTTP `Content-Encoding` value) overrides the guess,
    /// to replay a captured response body whose header is known.
    /// Set by ``FuzzReplay`` for each replayed file whose name declares an encoding (`.gz`, `.zz`,
    /// `.deflate`), as an HTTP header would; only replay (one thread, files in turn) sets it. It
    /// applies to the next decode only: the replayed file, not the harness's re-encodings of it.
    nonisolated(unsafe) public static var replayDeclaredEncoding: DeclaredEncoding?

    public static func declaredForFuzzing(_ bytes: [UInt8]) -> DeclaredEncoding? {
        if let declared = overrideEncoding { return declared }
        if let declared = replayDeclaredEncoding {
            replayDeclaredEncoding = nil
            return declared
        }
        let sniffed = bytes.withUnsafeBytes { PayloadDecoder.sniff($0) }
        // Declared the way a server's Content-Encoding header declares it, as an HTTP client sees it.
        switch sniffed {
        case .gzip: return try? DeclaredEncoding(contentEncoding: "gzip")
        case .zlib: return try? DeclaredEncoding(contentEncoding: "deflate")
        case .rawDeflate: return .exactly(.rawDeflate)
        case .identity: break
        }
        return startsLikeJSONText(bytes) ? nil : .exactly(.rawDeflate)
    }

    /// Whether uncompressed bytes start as JSON text does (or are blank); anything else is taken
    /// for raw deflate.
    static func startsLikeJSONText(_ bytes: [UInt8]) -> Bool {
        switch bytes.first(where: { $0 != 0x20 && $0 != 0x0a && $0 != 0x0d && $0 != 0x09 }) {
        case nil, UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), 0xEF: return true
        default: return false
        }
    }

    /// Whether the harness reads `bytes` as uncompressed JSON text (no override, no compression
    /// sniffed, a JSON start), without decoding them.
    static func isPlainText(_ bytes: [UInt8]) -> Bool {
        overrideEncoding == nil && bytes.withUnsafeBytes { PayloadDecoder.sniff($0) } == .identity && startsLikeJSONText(bytes)
    }
}
