import CAppZlib

/// zlib's inflate over a whole response (gzip with windowBits 31, zlib with 15).
enum Inflater {
    struct Failed: Error { let status: Int32 }

    static let maxOutput = 8 << 20

    static func inflate(_ input: [UInt8], windowBits: Int32) throws -> [UInt8] {
        var stream = z_stream()
        var status = inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw Failed(status: status) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 32 * 1024)
        try input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CAppZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END else { throw Failed(status: status) }
                output += chunk[0..<produced]
                guard output.count <= maxOutput else { throw Failed(status: Z_BUF_ERROR) }
                if status == Z_OK, produced == 0, stream.avail_in == 0 { throw Failed(status: Z_BUF_ERROR) }
            } while status != Z_STREAM_END
        }
        return output
    }
}
