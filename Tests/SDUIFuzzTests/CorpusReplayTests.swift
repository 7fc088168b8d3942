import Foundation
import Testing
import TestSupport
import SDUIFuzz
import SDUIReferenceFuzzing
import SDUIFuzzFixtures
import SDUIScreen
import ViewItemsDecoder

/// Every input of Corpus/ — seeds, inputs merged by campaigns (Corpus/fuzz), the second decoder's
/// seeds and every kept crash input (Corpus/crashes) — replayed through the decoders with the
/// harness's invariant checks, without a fuzzer.
@Suite struct CorpusReplayTests {
    static let corpus = TestPaths.packageRoot.appendingPathComponent("Corpus")
    static let reference = FuzzHarness(.reference)
    static let viewItems = FuzzHarness(DecoderUnderTest(
        name: "view-items",
        decode: { try ViewItemsScreen.decode(Data(try FuzzPayload.text(of: $0))) },
        render: { $0.describe() },
        reencode: { [UInt8]((try? $0.encoded()) ?? Data()) }
    ))

    static func inputs(_ folder: String) -> [String] {
        TestPaths.files(under: corpus.appendingPathComponent(folder)).filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".json.meta") }
            .map { folder + "/" + $0 }
    }

    @Test(arguments: inputs("seeds") + inputs("fuzz"))
    func referenceDecoderKeepsItsInvariants(_ input: String) throws {
        let bytes = try TestPaths.bytes(Self.corpus.appendingPathComponent(input))
        let violation = onSmallStack { Self.reference.check(bytes) }
        #expect(violation == nil, "\(input): \(violation!)")
    }

    @Test(arguments: inputs("view-items"))
    func secondDecoderKeepsItsInvariants(_ input: String) throws {
        let bytes = try TestPaths.bytes(Self.corpus.appendingPathComponent(input))
        #expect(Self.viewItems.check(bytes) == nil, "\(input)")
        #expect((try? ViewItemsScreen.decode(Data(try FuzzPayload.text(of: bytes)))) != nil || input.contains("error"))
    }

    /// Every kept crash input, through the debug build of its own decoder (a child process).
    @Test(arguments: KeptCases.cases(in: corpus.appendingPathComponent("crashes")).map(\.input))
    func keptCrashInputsNoLongerCrash(_ input: String) throws {
        let c = try #require(KeptCases.cases(in: Self.corpus.appendingPathComponent("crashes")).first { $0.input == input })
        let result = try KeptCases.replay(c)
        #expect(result.status == 0, "kept crash input \(input) crashes \(c.product) again:\n\(result.stderr.suffix(2000))")
    }

    @Test func viewItemsSeedsDecode() throws {
        let bytes = try TestPaths.bytes(Self.corpus.appendingPathComponent("view-items/shape4.json.gz"))
        let screen = try ViewItemsScreen.decode(Data(try FuzzPayload.text(of: bytes)))
        #expect(screen.viewItems.count == 4)
        #expect(screen.describe().contains(#"TwoTextLine("첫번째 줄", "두번째 줄")"#))
    }
}
