import Foundation
import Testing
import TestSupport
import SDUIFuzz
import ViewItemsDecoder

/// The second, independent decoder (`view_type`/`view_data`, JSONDecoder) plugged in as a team's
/// would be: its seeds (Corpus/view-items) keep the harness's invariants and decode as the app does.
@Suite struct ViewItemsDecoderTests {
    static let corpus = TestPaths.corpus
    static let viewItems = FuzzHarness(DecoderUnderTest(
        name: "view-items",
        decode: { try ViewItemsScreen.decode(Data(try FuzzPayload.text(of: $0))) },
        render: { $0.describe() },
        reencode: { [UInt8]((try? $0.encoded()) ?? Data()) }
    ))

    @Test(arguments: TestPaths.corpusInputs("view-items"))
    func secondDecoderKeepsItsInvariants(_ input: String) throws {
        let bytes = try TestPaths.bytes(Self.corpus.appendingPathComponent(input))
        #expect(Self.viewItems.check(bytes) == nil, "\(input)")
        #expect((try? ViewItemsScreen.decode(Data(try FuzzPayload.text(of: bytes)))) != nil || input.contains("error"))
    }

    @Test func viewItemsSeedsDecode() throws {
        let bytes = try TestPaths.bytes(Self.corpus.appendingPathComponent("view-items/shape4.json.gz"))
        let screen = try ViewItemsScreen.decode(Data(try FuzzPayload.text(of: bytes)))
        #expect(screen.viewItems.count == 4)
        #expect(screen.describe().contains(#"TwoTextLine("첫번째 줄", "두번째 줄")"#))
    }
}
