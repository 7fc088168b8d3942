/// Turns payload bytes as received into JSON text bytes (protocol §1).
public struct PayloadDecoder: Sendable {
    public var limits: PayloadLimits

    public init(limits: PayloadLimits = .default) {
        self.limits = limits
    }

    /// Decodes `bytes` using the declared encoding, or sniffing it when `declared` is nil.
    public func decode(_ bytes: [UInt8], declared: DeclaredEncoding? = nil) throws(PayloadError) -> DecodedPayload {
        let result = bytes.withUnsafeBytes { raw -> Result<DecodedPayload, PayloadError> in
            do throws(PayloadError) { return .success(try decode(raw, declared: declared)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Decodes `bytes` using the declared encoding, or sniffing it when `declared` is nil.
    public func decode(_ bytes: UnsafeRawBufferPointer, declared: DeclaredEncoding? = nil) throws(PayloadError) -> DecodedPayload {
        guard bytes.count <= limits.maxInputBytes else {
            throw .inputTooLarge(size: bytes.count, limit: limits.maxInputBytes)
        }
        let encoding = Self.resolve(declared, bytes)
        let text: [UInt8]
        if encoding == .identity {
            guard bytes.count <= limits.maxDecodedBytes else {
                throw .decodedTooLarge(limit: limits.maxDecodedBytes, inputOffset: limits.maxDecodedBytes)
            }
            text = [UInt8](bytes)
        } else {
            text = try Inflater.inflate(bytes, as: encoding, maxOutput: limits.maxDecodedBytes)
        }
        return DecodedPayload(encoding: encoding, receivedSize: bytes.count, text: text)
    }

    /// The encoding `declared` means for these bytes, or the sniffed one when nothing is declared.
    public static func resolve(_ declared: DeclaredEncoding?, _ bytes: UnsafeRawBufferPointer) -> ContentEncoding {
        switch declared {
        case .identity: return .identity
        case .gzip: return .gzip
        case .deflate: return looksLikeZlib(bytes) ? .zlib : .rawDeflate
        case .exactly(let e): return e
        case nil: return sniff(bytes)
        }
    }

    /// Sniffs gzip (`1f 8b`), zlib (CM=8, valid FCHECK) or else identity.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ContentEncoding {
        if bytes.count >= 2, bytes[0] == 0x1f, bytes[1] == 0x8b { return .gzip }
        if looksLikeZlib(bytes) { return .zlib }
        return .identity
    }

    static func looksLikeZlib(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 2 else { return false }
        let cmf = UInt16(bytes[0]), flg = UInt16(bytes[1])
        return cmf & 0x0f == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0
    }
}

/// JSON text recovered from a payload, with how it was encoded.
public struct DecodedPayload: Sendable, Hashable {
    /// The encoding that was used (declared or sniffed).
    public var encoding: ContentEncoding
    /// Size of the payload as received.
    public var receivedSize: Int
    /// The decompressed bytes (JSON text, not yet validated).
    public var text: [UInt8]

    public init(encoding: ContentEncoding, receivedSize: Int, text: [UInt8]) {
        self.encoding = encoding
        self.receivedSize = receivedSize
        self.text = text
    }
}
