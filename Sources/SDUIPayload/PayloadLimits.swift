/// Size limits applied to payload bytes (protocol §5).
public struct PayloadLimits: Sendable, Hashable {
    /// Largest payload accepted as received (before decompression). Default 4 MiB.
    public var maxInputBytes: Int
    /// Largest decompressed size; enforced while inflating, never after. Default 16 MiB.
    public var maxDecodedBytes: Int

    public init(maxInputBytes: Int = 4 << 20, maxDecodedBytes: Int = 16 << 20) {
        self.maxInputBytes = maxInputBytes
        self.maxDecodedBytes = maxDecodedBytes
    }

    public static let `default` = PayloadLimits()
}
