import Foundation
import SDUIJSON
import SDUIPayload

/// The mutation schedule: which kind of mutation each call makes (libFuzzer's bytes, a
/// structure-aware or compression-aware one, now and then from a seed again), and the crossover.
/// Every mutation's moves are noted (``MutationMove``) and counted against the coverage its input
/// reaches.
extension FuzzHarness {
    enum MutationStep { case bytes, structured, compressed }

    /// `LLVMFuzzerCustomMutator`.
    public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
        creditLastMutation()
        var rng = FuzzRandom(seed: UInt64(seed))
        let plan = plan(&rng, maxSize: maxSize, input: UnsafeRawBufferPointer(start: data, count: size))
        // Half of the mutations are libFuzzer's own: they run in libFuzzer's buffer, which already
        // has room for `maxSize` bytes, with no copy (most of an execution's cost otherwise).
        if plan.restart == nil, plan.step == .bytes, LibFuzzerHooks.isLinked {
            let produced = LibFuzzerHooks.mutate(data, size, maxSize)
            if produced > 0 {
                moves.mutated([.libFuzzerBytes])
                return produced
            }
        }
        var bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let applied = AppliedMoves.recording { apply(plan, to: &bytes, maxSize: maxSize, rng: &rng) }
        moves.mutated(applied)
        let count = min(bytes.count, maxSize)
        bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: count) }
        return count
    }

    /// Mutates `bytes` with the harness's strategy (deterministic for a given seed).
    public func mutate(_ bytes: inout [UInt8], maxSize: Int, seed: UInt32) {
        var rng = FuzzRandom(seed: UInt64(seed))
        let plan: (restart: [UInt8]?, step: MutationStep) = bytes.withUnsafeBytes { input in self.plan(&rng, maxSize: maxSize, input: input) }
        apply(plan, to: &bytes, maxSize: maxSize, rng: &rng)
    }

    /// What one mutation does, drawn first so both entry points agree on it.
    private func plan(_ rng: inout FuzzRandom, maxSize: Int, input: UnsafeRawBufferPointer) -> (restart: [UInt8]?, step: MutationStep) {
        let drawn = drawPlan(&rng, maxSize: maxSize)
        // A stream known to inflate past the compressed mutator's limit goes to that mutator, which
        // cuts it down: byte noise would leave it a bomb that costs the decoder megabytes at every
        // run (BENCHMARKS.md "mutators", decompression bombs).
        if drawn.step == .bytes, drawn.restart == nil, strategy == .compressed, !plain, keepsParsedDocuments,
           documents.oversize.contains(input) {
            return (nil, .compressed)
        }
        return drawn
    }

    private func drawPlan(_ rng: inout FuzzRandom, maxSize: Int) -> (restart: [UInt8]?, step: MutationStep) {
        var restart: [UInt8]?
        // Now and then start again from a seed as it was, so every seed stays within reach of the
        // structured moves even when libFuzzer's corpus no longer holds it.
        if !plain, strategy != .bytes, rng.chance(10), let seedFile = lockedSeed(&rng), seedFile.count <= maxSize {
            restart = seedFile
        }
        // SDUI-aware mutations are interleaved with libFuzzer's cheap byte mutations, which keep
        // exec/s high and explore the syntax around what the structured moves produce.
        switch strategy {
        case _ where plain: return (restart, .bytes)
        case .bytes: return (restart, .bytes)
        case .structured where rng.chance(structuredShare): return (restart, .structured)
        case .compressed where rng.chance(structuredShare): return (restart, .compressed)
        default: return (restart, .bytes)
        }
    }

    private func apply(_ plan: (restart: [UInt8]?, step: MutationStep), to bytes: inout [UInt8], maxSize: Int, rng: inout FuzzRandom) {
        if let restart = plan.restart {
            bytes = restart
            AppliedMoves.note(.seedRestart)
        }
        switch plan.step {
        case .bytes: ByteMutator.mutate(&bytes, maxSize: maxSize, rng: &rng)
        case .structured: lockedStructureMutator().mutate(&bytes, maxSize: maxSize, rng: &rng)
        case .compressed: CompressionMutator(structure: lockedStructureMutator()).mutate(&bytes, maxSize: maxSize, rng: &rng)
        }
        if bytes.count > maxSize { bytes.removeLast(bytes.count - maxSize) }
    }

    /// `LLVMFuzzerCustomCrossOver`: splices a subtree of the second input into the first (JSON
    /// inside compression included), or joins byte halves when they are not JSON — or always, for
    /// a target whose mutation is libFuzzer's bytes only (`.bytes`, `plain`), so the
    /// one set of entry points every target exports changes nothing about how such a target mutates.
    public func crossOver(_ data1: UnsafePointer<UInt8>, _ size1: Int, _ data2: UnsafePointer<UInt8>, _ size2: Int,
                          _ out: UnsafeMutablePointer<UInt8>, _ maxOutSize: Int, _ seed: UInt32) -> Int {
        creditLastMutation()
        // The compression-aware strategy declines to cross over a compressed input (0: libFuzzer
        // draws another mutator, the harness's own): inflating, splicing and compressing again cost
        // three mutations, and libFuzzer calls the crossover for half of all mutations. Measured
        // 2026-11-27 on FuzzCompressed (compressed seeds), 30 s runs side by side: 422-1,104 exec/s
        // and 1,917-1,955 edges with it, 1,114-1,343 exec/s and 1,954-1,962 edges without (its mutator
        // splices corpus subtrees anyway). Two JSON texts are spliced as by the structured strategy.
        let a = Array(UnsafeBufferPointer(start: data1, count: size1)), b = Array(UnsafeBufferPointer(start: data2, count: size2))
        if !plain, strategy == .compressed, !(PayloadSniffer.isPlainText(a) && PayloadSniffer.isPlainText(b)) { return 0 }
        var rng = FuzzRandom(seed: UInt64(seed))
        var result = Array(a.prefix(rng.below(a.count + 1))) + Array(b.suffix(rng.below(b.count + 1)))
        if !plain, strategy != .bytes, let spliced = spliceCrossOver(a, b, rng: &rng) { result = spliced }
        moves.mutated([.crossover])
        let count = min(result.count, maxOutSize)
        result.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: count) }
        return count
    }

    /// A subtree move on the first document with the second as its splice pool (JSON inside
    /// compression included), compressed again as the first was; nil when either is not JSON.
    private func spliceCrossOver(_ a: [UInt8], _ b: [UInt8], rng: inout FuzzRandom) -> [UInt8]? {
        var structure = lockedStructureMutator()
        let documents = structure.documents
        let openedA = CompressionMutator.open(a, documents: documents), openedB = CompressionMutator.open(b, documents: documents)
        // Parsed without setting a byte-order mark aside, as libFuzzer's halves would be joined.
        guard let textA = openedA.text, let textB = openedB.text,
              case let parsedA = structure.parsed(textA), !parsedA.byteOrderMark, let valueA = parsedA.value,
              case let parsedB = structure.parsed(textB), !parsedB.byteOrderMark, let valueB = parsedB.value else { return nil }
        structure.pool = SplicePool(documents: [valueB], dictionary: structure.dictionary)
        var spliced = valueA
        var injections: [[UInt8]] = []
        structure.mutateOnce(&spliced, rng: &rng, injections: &injections)
        let json = JSONSerializer.serialize(spliced)
        structure.remember(json, spliced)
        let encoding = openedA.encoding ?? .identity
        guard encoding != .identity else {
            CompressionMutator.remember(json, holding: json, as: .identity, in: documents)
            return json
        }
        let compressed = Deflater.compress(json, as: encoding)
        CompressionMutator.remember(compressed, holding: json, as: encoding, in: documents)
        return compressed
    }

    private func lockedSeed(_ rng: inout FuzzRandom) -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        return rng.pick(seedFiles)
    }

    func lockedStructureMutator() -> JSONStructureMutator {
        lock.lock(); defer { lock.unlock() }
        return JSONStructureMutator(dictionary: dictionary, pool: pool, documents: keepsParsedDocuments ? documents : nil)
    }
}
