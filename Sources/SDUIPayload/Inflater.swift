import CZlib

import Foundation

/// Streaming inflate of gzip, zlib and raw deflate with an output limit that is checked while
/// inflating: output is produced into a buffer that never grows past `maxOutput + 1` bytes, so a
/// decompression bomb is stopped as soon as it crosses the limit, with memory bounded by the limit.
enum Inflater {
// Long on purpose: zlib's stream is initialised, driven and ended (the `defer`) in one scope, and
// the output limit is checked inside the loop that produces the output, not after it.
    static func inflate(
        _ input: UnsafeRawBufferPointer, as encoding: ContentEncoding, maxOutput: Int
    ) throws(PayloadError) -> [UInt8] {
        precondition(encoding != .identity)
        let windowBits: Int32 = switch encoding {
        case .gzip: 16 + 15
        case .zlib: 15
        case .rawDeflate, .identity: -15
        }
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corruptData(encoding: encoding, offset: 0, reason: "zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }

        let cap = maxOutput == Int.max ? Int.max : maxOutput + 1
        var buffer = OutputBuffer(initialCapacity: min(cap, max(64 << 10, input.count &* 4)))
        defer { buffer.free() }

        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count > 0 else {
            throw .truncated(encoding: encoding, offset: 0)
        }
        var consumed = 0
        var memberStart = 0
        while true {
            if buffer.count == buffer.capacity {
                if buffer.capacity >= cap {
                    throw .decodedTooLarge(limit: maxOutput, inputOffset: consumed)
                }
                buffer.grow(to: min(cap, buffer.capacity * 2))
            }
            let inChunk = min(input.count - consumed, Int(UInt32.max))
            let outChunk = min(buffer.capacity - buffer.count, Int(UInt32.max))
            stream.next_in = UnsafeMutablePointer(mutating: base + consumed)
            stream.avail_in = UInt32(inChunk)
            stream.next_out = buffer.pointer + buffer.count
            stream.avail_out = UInt32(outChunk)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            consumed += inChunk - Int(stream.avail_in)
            buffer.count += outChunk - Int(stream.avail_out)

            switch status {
            case Z_STREAM_END:
                let rest = input.count - consumed
                if rest == 0 { return buffer.toArray() }
                if encoding == .gzip, base[consumed] == 0x1f, rest == 1 || base[consumed + 1] == 0x8b {
                    // Another gzip member follows: RFC 1952 §2.2 says decode it as if concatenated.
                    memberStart = consumed
                    inflateReset(&stream)
                    continue
                }
                throw .trailingData(encoding: encoding, offset: consumed, count: rest)
            case Z_OK, Z_BUF_ERROR:
                if stream.avail_out == 0 { continue }  // output full: grow (or stop at the limit)
                if consumed == input.count { throw .truncated(encoding: encoding, offset: consumed) }
                // zlib made no progress with input and output available: treat as corrupt.
                throw .corruptData(encoding: encoding, offset: consumed, reason: "stream stalled")
            case Z_NEED_DICT:
                throw .presetDictionary(offset: memberStart + 1)
            case Z_DATA_ERROR:
                let message = stream.msg.map { String(cString: $0) } ?? "invalid data"
                throw classify(message, encoding: encoding, offset: consumed, headerOffset: memberStart)
            case Z_MEM_ERROR:
                throw .corruptData(encoding: encoding, offset: consumed, reason: "out of memory in zlib")
            default:
                throw .corruptData(encoding: encoding, offset: consumed, reason: "zlib status \(status)")
            }
        }
    }

    /// Header problems are reported at the start of the (member's) header, the rest where zlib stopped.
    private static func classify(_ message: String, encoding: ContentEncoding, offset: Int, headerOffset: Int) -> PayloadError {
        switch message {
        case "incorrect header check", "unknown compression method", "invalid window size",
             "unknown header flags set", "header crc mismatch":
            .badHeader(encoding: encoding, offset: headerOffset, reason: message)
        case "incorrect data check":
            .checksumMismatch(encoding: encoding, offset: offset)
        case "incorrect length check":
            .lengthMismatch(offset: offset)
        default:
            .corruptData(encoding: encoding, offset: offset, reason: message)
        }
    }
}

/// A malloc'd byte buffer grown with realloc (which can extend large blocks in place), so the
/// output never exists twice while inflating.
private struct OutputBuffer {
    var pointer: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count = 0

    init(initialCapacity: Int) {
        capacity = max(1, initialCapacity)
        pointer = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    mutating func grow(to newCapacity: Int) {
        guard let p = realloc(pointer, newCapacity) else { fatalError("out of memory growing inflate buffer") }
        pointer = p.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    func toArray() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: pointer, count: count))
    }

    func free() { freeMemory(pointer) }
}

@inline(__always) private func freeMemory(_ p: UnsafeMutableRawPointer) {
    Foundation.free(p)
}
