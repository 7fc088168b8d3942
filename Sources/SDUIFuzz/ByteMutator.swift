import CFuzzerHooks

/// libFuzzer's own mutator (`LLVMFuzzerMutate`) on a byte array, with a small fallback for
/// builds that are not linked with libFuzzer (tests, replay tools).
enum ByteMutator {
    static func mutate(_ bytes: inout [UInt8], maxSize: Int, rng: inout FuzzRandom) {
        let capacity = max(maxSize, bytes.count, 1)
        let original = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: capacity - original))
        let produced = bytes.withUnsafeMutableBufferPointer { sdui_fuzzer_mutate($0.baseAddress, original, capacity) }
        if produced > 0 {
            bytes.removeLast(bytes.count - produced)
            return
        }
        bytes.removeLast(bytes.count - original)
        // Fallback: flip, insert or erase one byte.
        switch rng.below(3) {
        case 0 where !bytes.isEmpty: bytes[rng.below(bytes.count)] ^= UInt8(truncatingIfNeeded: 1 << rng.below(8))
        case 1 where bytes.count < capacity: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: rng.below(bytes.count + 1))
        default: if !bytes.isEmpty { bytes.remove(at: rng.below(bytes.count)) }
        }
    }
}
