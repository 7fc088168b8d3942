import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload
@testable import SDUIFuzz

/// The mutators keep what they parsed and inflated (``OpenedDocuments``): a cached document must
/// be exactly what opening the bytes gives, or the cache would change what is fuzzed.
@Suite struct OpenedDocumentsTests {
    static let seedFiles = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpusSeeds.path).sorted()) ?? []
    static func seeds() throws -> [[UInt8]] {
        try seedFiles.map { try TestPaths.bytes(TestPaths.corpusSeeds.appendingPathComponent($0)) }.filter { $0.count <= 64 << 10 }
    }

    /// Chains of five compression-aware mutations (as libFuzzer makes them) from every seed.
    static func chains(documents: MutatorDocuments?, rounds: Int) throws -> [[UInt8]] {
        let structure = JSONStructureMutator(dictionary: MutatorTests.dictionary, pool: MutatorTests.structure.pool, documents: documents)
        var outputs: [[UInt8]] = []
        for (n, seed) in try seeds().enumerated() {
            for round in 0..<rounds {
                var bytes = seed
                var rng = FuzzRandom(seed: UInt64(n * 1_000 + round))
                for _ in 0..<5 {
                    if rng.chance(50) {
                        CompressionMutator(structure: structure).mutate(&bytes, maxSize: 64 << 10, rng: &rng)
                    } else {
                        structure.mutate(&bytes, maxSize: 64 << 10, rng: &rng)
                    }
                    outputs.append(bytes)
                }
            }
        }
        return outputs
    }

    @Test func everyRememberedDocumentIsWhatOpeningItGives() throws {
        let documents = MutatorDocuments()
        let outputs = try Self.chains(documents: documents, rounds: 12)
        var checkedJSON = 0, checkedPayloads = 0
        for out in Set(outputs) {
            if let remembered = documents.json.remembered(out) {
                let parsed = JSONStructureMutator.parse(out)
                // Compared first, so a failure names the input, not two trees.
                let same = remembered.byteOrderMark == parsed.byteOrderMark && remembered.value == parsed.value
                #expect(same, "\(String(decoding: out.prefix(200), as: UTF8.self))")
                checkedJSON += 1
            }
            if let remembered = documents.payloads.remembered(out) {
                let opened = CompressionMutator.open(out)
                let same = remembered.encoding == opened.encoding && remembered.text == opened.text
                #expect(same, "\(out.prefix(16))")
                checkedPayloads += 1
            }
        }
        // Most outputs are remembered as the mutator made them; the rest are the ones it cannot vouch for.
        #expect(checkedJSON > outputs.count / 4, "\(checkedJSON) of \(outputs.count)")
        #expect(checkedPayloads > outputs.count / 8, "\(checkedPayloads) of \(outputs.count)")
        #expect(documents.json.hits > outputs.count / 4, "chained mutations find their input parsed: \(documents.json.hits)")
        #expect(documents.payloads.hits > outputs.count / 8, "and inflated: \(documents.payloads.hits)")
    }

    /// The same seeds give the same mutations with the cache and without it: what is fuzzed is unchanged.
    @Test func theCacheChangesNoMutation() throws {
        let with = try Self.chains(documents: MutatorDocuments(), rounds: 6)
        let without = try Self.chains(documents: nil, rounds: 6)
        #expect(with.count == without.count)
        let differing = zip(with, without).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "outputs \(differing.prefix(5)) differ")
    }

    /// A crossover asked for twice with one seed splices the same way, the second time from the cache.
    @Test func aCrossoverFromTheCacheIsTheSame() {
        let harness = FuzzHarness(.init(name: "x", decode: { $0 }), mutation: .structured)
        let one = Deflater.compress(Array(#"{"screen":"s","version":1,"components":[{"type":"text","data":{"text":"a"}}]}"#.utf8), as: .zlib)
        let two = Array(#"{"screen":"t","version":1,"components":[{"type":"image","data":{"url":"u"}}]}"#.utf8)
        func cross(seed: UInt32) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 4096)
            let n = out.withUnsafeMutableBufferPointer { buffer in
                one.withUnsafeBufferPointer { a in two.withUnsafeBufferPointer { b in
                    harness.crossOver(a.baseAddress!, a.count, b.baseAddress!, b.count, buffer.baseAddress!, 4096, seed)
                } }
            }
            return Array(out[..<n])
        }
        for seed in UInt32(0)..<30 {
            let first = cross(seed: seed)
            #expect(cross(seed: seed) == first, "seed \(seed)")
            #expect(CompressionMutator.open(first).encoding == .zlib, "compressed again as the first input was")
        }
        #expect(harness.documents.payloads.hits >= 58, "both inputs opened once: \(harness.documents.payloads.hits)")
    }

    /// Held within its limit: the oldest entries go first.
    @Test func theOldestEntriesGoFirst() {
        let cache = OpenedDocuments<Int>(weightLimit: 1_600) { bytes, _ in bytes.count }
        let inputs = (0..<20).map { [UInt8](repeating: UInt8($0), count: 100) }
        for (n, input) in inputs.enumerated() { cache.remember(input, n) }
        #expect(cache.count == 16)
        #expect(cache.remembered(inputs[0]) == nil)
        #expect(cache.remembered(inputs[19]) == 19)
        var opened = 0
        #expect(cache.opened(inputs[1]) { opened += 1; return -1 } == -1)
        #expect(cache.opened(inputs[18]) { opened += 1; return -1 } == 18)
        #expect(opened == 1 && cache.hits == 1 && cache.misses == 1)
        cache.remember([UInt8](repeating: 9, count: 101), 99)  // more than a sixteenth: not kept
        #expect(cache.remembered([UInt8](repeating: 9, count: 101)) == nil)
    }
}
