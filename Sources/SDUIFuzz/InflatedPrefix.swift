import CZlib
import SDUIPayload

/// The beginning of what a compressed stream inflates to, however far it goes on: inflating stops
/// at `count` bytes. The compressed mutator opens a decompression bomb this way (its limit is
/// 1 MB, the decoder's 16 MiB) so its mutants are documents again. Kept here, not in the decoder's
/// payload code, which the reference fuzz targets instrument as the decoder under test.
enum InflatedPrefix {
    /// The first `count` bytes `bytes` inflate to as `encoding`; nil unless the stream, as one
    /// member, goes on that far without an error.
    static func of(_ bytes: [UInt8], as encoding: ContentEncoding, count: Int) -> [UInt8]? {
        guard encoding != .identity else { return bytes.count >= count ? Array(bytes.prefix(count)) : nil }
        guard !bytes.isEmpty, count > 0, count <= Int(UInt32.max), bytes.count <= Int(UInt32.max) else { return nil }
        let windowBits: Int32 = switch encoding {
        case .gzip: 16 + 15
        case .zlib: 15
        case .rawDeflate, .identity: -15
        }
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: count)
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!)
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress!
                stream.avail_out = UInt32(count)
                return inflate(&stream, Z_NO_FLUSH)
            }
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, stream.avail_out == 0 else { return nil }
        return out
    }
}
