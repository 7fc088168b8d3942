/// How payload bytes are encoded on the wire (protocol §1).
public enum ContentEncoding: String, Sendable, Hashable, CaseIterable, Codable {
    /// Plain UTF-8 JSON.
    case identity
    /// RFC 1952 gzip, possibly several concatenated members.
    case gzip
    /// RFC 1950 zlib (what most servers mean by `Content-Encoding: deflate`).
    case zlib
    /// RFC 1951 raw deflate (what some servers send for `Content-Encoding: deflate`).
    case rawDeflate = "raw-deflate"
}

/// An encoding as a sender declares it, e.g. from an HTTP `Content-Encoding` header or a CLI flag.
///
/// `deflate` is deliberately ambiguous: servers send both zlib-wrapped and raw streams under that
/// name, so the bytes decide between ``ContentEncoding/zlib`` and ``ContentEncoding/rawDeflate``.
public enum DeclaredEncoding: Sendable, Hashable {
    case identity
    case gzip
    case deflate
    /// Exactly one concrete encoding, no sniffing at all.
    case exactly(ContentEncoding)

    /// Parses an HTTP `Content-Encoding` value (case-insensitive; `x-gzip` is gzip).
    ///
    /// - Throws: ``PayloadError/unsupportedEncoding(_:)`` for anything else (`br`, `zstd`, a list of
    ///   several codings, …), so a caller never silently treats compressed bytes as JSON.
    public init(contentEncoding value: String) throws(PayloadError) {
        switch value.trimmingASCIIWhitespace().lowercased() {
        case "", "identity": self = .identity
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        case "zlib": self = .exactly(.zlib)
        case "raw-deflate", "raw": self = .exactly(.rawDeflate)
        default: throw .unsupportedEncoding(value)
        }
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isASCIIWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isASCIIWhitespace })!
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    var isASCIIWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" }
}

extension DeclaredEncoding {
    /// The encoding a file name declares by convention, or nil (sniff): `.gz` is gzip; `.zz`,
    /// `.zlib` and `.deflate` are deflate (zlib or raw, told apart by the bytes). Raw deflate has
    /// no header to sniff, so a raw stream needs this or an explicit declaration.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".gz") { self = .gzip }
        else if lower.hasSuffix(".zz") || lower.hasSuffix(".zlib") || lower.hasSuffix(".deflate") { self = .deflate }
        else { return nil }
    }
}
