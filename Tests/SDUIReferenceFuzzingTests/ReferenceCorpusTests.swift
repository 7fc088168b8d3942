import Foundation
import Testing
import TestSupport
import SDUIFuzz
import SDUIReferenceFuzzing

/// The reference decoder as a decoder under test: every seed and every input campaigns merged
/// (Corpus/seeds, Corpus/fuzz) keeps the harness's invariants (renders, re-encodes to the same
/// rendering, explains its errors with a path or offset), without a fuzzer.
@Suite struct ReferenceCorpusTests {
    static let corpus = TestPaths.corpus
    static let reference = FuzzHarness(.reference)

    @Test(arguments: TestPaths.corpusInputs("seeds") + TestPaths.corpusInputs("fuzz"))
    func referenceDecoderKeepsItsInvariants(_ input: String) throws {
        let bytes = try TestPaths.bytes(Self.corpus.appendingPathComponent(input))
        let violation = onSmallStack { Self.reference.check(bytes) }
        #expect(violation == nil, "\(input): \(violation!)")
    }
}
