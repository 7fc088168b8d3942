/// libFuzzer's own mutator (`LLVMFuzzerMutate`) on a byte array, with a small fallback for
/// builds that are not linked with libFuzzer (tests, replay tools).
enum ByteMutator {
    static func mutate(_ bytes: inout [UInt8], maxSize: Int, rng: inout FuzzRandom) {
        // Room to grow, but not all of `maxSize`: zero-filling 64 KiB for every mutation of a
        // 1 KiB input costs more than the mutation (and, in a sanitizer build, than many decodes).
        let capacity = min(max(maxSize, bytes.count, 1), bytes.count * 2 + 4096)
        let original = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: capacity - original))
        let produced = bytes.withUnsafeMutableBufferPointer { LibFuzzerHooks.mutate($0.baseAddress, original, capacity) }
        if produced > 0 {
            bytes.removeLast(bytes.count - produced)
            AppliedMoves.note(.libFuzzerBytes)
            return
        }
        bytes.removeLast(bytes.count - original)
        AppliedMoves.note(.bytes)
        // Fallback: flip, insert or erase one byte.
        switch rng.below(3) {
        case 0 where !bytes.isEmpty: bytes[rng.below(bytes.count)] ^= UInt8(truncatingIfNeeded: 1 << rng.below(8))
        case 1 where bytes.count < capacity: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: rng.below(bytes.count + 1))
        default: if !bytes.isEmpty { bytes.remove(at: rng.below(bytes.count)) }
        }
    }
}
