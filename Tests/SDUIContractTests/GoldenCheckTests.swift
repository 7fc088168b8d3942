import SDUIContract
import SDUIPlugIn
import Testing

/// The one golden check: `sdui contract` and `assertContract` both ask it what to do.
@Suite struct GoldenCheckTests {
    let shown = Rendering(screen: "home", components: [.component("title", [.text("text", "Deals")]),
                                                        .component("grid", [.value("columns", "2")])])
    var goldenText: String { shown.text }

    func verify(_ current: Rendering, against golden: String?, _ mode: RecordMode) -> GoldenVerdict {
        GoldenCheck.verify(current, text: current.text, against: golden, mode: mode, contract: "home")
    }

    @Test func identicalPassesInEveryMode() {
        for mode in RecordMode.allCases {
            guard case .pass = verify(shown, against: goldenText, mode) else { Issue.record("\(mode)"); continue }
        }
    }

    @Test func aMissingGoldenIsWrittenUnlessTheModeIsNever() {
        guard case .missing = verify(shown, against: nil, .never) else { Issue.record("never must not write"); return }
        for mode in [RecordMode.missing, .all] {
            guard case .write(let replacing) = verify(shown, against: nil, mode), replacing == nil else {
                Issue.record("\(mode) must write a new golden"); continue
            }
        }
    }

    @Test func aDifferenceIsClassifiedAndOnlyAllRewritesIt() throws {
        let dropped = Rendering(screen: "home", components: [.component("title", [.text("text", "Deals")])])
        for mode in [RecordMode.never, .missing] {
            guard case .differs(let findings) = verify(dropped, against: goldenText, mode) else { Issue.record("\(mode)"); continue }
            #expect(findings.map(\.rule.id) == ["SDUI-C006"], "a removed component is a change")
        }
        guard case .write(let replacing) = verify(dropped, against: goldenText, .all) else { Issue.record("all must rewrite"); return }
        #expect(try #require(replacing).map(\.rule.id) == ["SDUI-C006"], "the rewrite says what it replaces")
    }

    @Test func formattingOnlyPassesAndAnUnreadableGoldenIsSaid() {
        guard case .pass = verify(shown, against: goldenText.replacingOccurrences(of: "\n", with: "  \n"), .never) else {
            Issue.record("trailing whitespace is not a difference"); return
        }
        guard case .unreadable(let why) = verify(shown, against: "not a rendering\n\tat all", .missing) else {
            Issue.record("an unreadable golden must be said"); return
        }
        #expect(!why.isEmpty)
        guard case .write(let replacing) = verify(shown, against: "not a rendering\n\tat all", .all) else {
            Issue.record("all rewrites an unreadable golden"); return
        }
        #expect(replacing?.isEmpty == true)
    }

    @Test func ciIsOneVariable() {
        #expect(RecordMode.isCI(["CI": "true"]) && RecordMode.isCI(["CI": "1"]) && RecordMode.isCI(["CI": "YES"]))
        #expect(!RecordMode.isCI([:]) && !RecordMode.isCI(["CI": "false"]) && !RecordMode.isCI(["CI": ""]))
    }
}
