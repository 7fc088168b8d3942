import CZlib

/// Compresses bytes as gzip, zlib or raw deflate: for tests, the corpus and the fuzz mutators.
public enum Deflater {
    /// Compresses `bytes` in `encoding` at zlib `level` (0–9). `.identity` returns the bytes unchanged.
    public static func compress(_ bytes: [UInt8], as encoding: ContentEncoding, level: Int32 = 6) -> [UInt8] {
        let windowBits: Int32
        switch encoding {
        case .identity: return bytes
        case .gzip: windowBits = 16 + 15
        case .zlib: windowBits = 15
        case .rawDeflate: windowBits = -15
        }
        var stream = z_stream()
        let level = max(0, min(9, level))
        guard deflateInit2_(&stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            preconditionFailure("deflateInit2 failed")
        }
        defer { deflateEnd(&stream) }
        // deflateBound does not count the gzip header/trailer fully; add room for them.
        let bound = Int(deflateBound(&stream, UInt(bytes.count))) + 32
        var out = [UInt8](repeating: 0, count: bound)
        let produced = bytes.withUnsafeBufferPointer { inBuf in
            out.withUnsafeMutableBufferPointer { outBuf -> Int in
                stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
                stream.avail_in = UInt32(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = UInt32(outBuf.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflate did not finish: \(status)")
                return outBuf.count - Int(stream.avail_out)
            }
        }
        out.removeLast(out.count - produced)
        return out
    }

    /// CRC-32 as used by gzip.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, UInt32($0.count))) }
    }

    /// Adler-32 as used by zlib.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.adler32(1, $0.baseAddress, UInt32($0.count))) }
    }
}
