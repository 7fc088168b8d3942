/// FNV-1a, 64 bits: the one stable hash of the harness. It names things users keep (the gate's
/// accept-list fingerprints, crash signatures, slow-input artifacts), so it must never change by
/// accident: `StableHashTests` pins it to the published test vectors and to stored names.
/// (The crash-site watcher in C, `crash_sites.c`, computes the same function on its side.)
public enum StableHash {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis) -> UInt64 where Bytes.Element == UInt8 {
        var hash = hash
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    public static func fnv1a64(_ text: String) -> UInt64 { fnv1a64(text.utf8) }

    /// Over several parts, each followed by the unit separator (0x1F) but the last, so that
    /// `["ab", "c"]` and `["a", "bc"]` differ.
    public static func fnv1a64(parts: [String]) -> UInt64 {
        var hash = offsetBasis
        for (n, part) in parts.enumerated() {
            if n > 0 { hash = fnv1a64([0x1f], continuing: hash) }
            hash = fnv1a64(part.utf8, continuing: hash)
        }
        return hash
    }

    /// Sixteen lower-case hex digits, zero-padded.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
