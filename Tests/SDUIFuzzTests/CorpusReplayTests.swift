import Foundation
import Testing
import TestSupport
import SDUIFuzz

/// Every kept crash input (Corpus/crashes), replayed through its own decoder's debug build: a fixed
/// bug stays fixed. (The seeds and merged inputs are replayed by each decoder's own tests:
/// SDUIReferenceFuzzingTests, ViewItemsDecoderTests.)
@Suite struct CorpusReplayTests {
    static let corpus = TestPaths.corpus

    /// Every kept crash input, through the debug build of its own decoder (a child process).
    @Test(arguments: KeptCases.cases(in: corpus.appendingPathComponent("crashes")).map(\.input))
    func keptCrashInputsNoLongerCrash(_ input: String) throws {
        let c = try #require(KeptCases.cases(in: Self.corpus.appendingPathComponent("crashes")).first { $0.input == input })
        let result = try KeptCases.replay(c)
        #expect(result.status == 0, "kept crash input \(input) crashes \(c.product) again:\n\(result.stderr.suffix(2000))")
    }
}
