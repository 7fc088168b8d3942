import Foundation
import Testing
import SDUIContract
@testable import SDUIContractTesting
import SDUIFuzz
import SDUIPayload
import SDUIRendering

/// A team's own decoder in two app versions, as the README's "Gate your own decoder" plugs it in:
/// `viewType` + `content`, unknown types dropped silently, the newer version knowing `coupon`.
enum TeamApp {
    struct Screen: Decodable { let screenName: String; let contents: [Item] }
    struct Item: Decodable { let viewType: String; let content: [String: String] }

    static func decoder(_ version: String, knows kinds: Set<String>) -> DecoderUnderTest<Screen> {
        DecoderUnderTest(
            name: version,
            decode: { try JSONDecoder().decode(Screen.self, from: Data($0)) },
            rendering: { screen in
                Rendering(screen: screen.screenName, components: screen.contents.filter { kinds.contains($0.viewType) }.map { item in
                    .component(item.viewType, item.content.sorted { $0.key < $1.key }.map { .text($0.key, $0.value) })
                })
            })
    }

    static let old = decoder("ios-5.2", knows: ["title", "banner"])
    static let new = decoder("ios-5.3", knows: ["title", "banner", "coupon"])

    static func screen(_ items: [(String, [String: String])]) -> String {
        let contents = items.map { type, content in
            #"{"viewType": "\#(type)", "content": {\#(content.map { #""\#($0.key)": "\#($0.value)""# }.joined(separator: ", "))}}"#
        }
        return #"{"screenName": "Home", "contents": [\#(contents.joined(separator: ", "))]}"#
    }
}

@Suite struct ClientMatrixTests {
    static let config = #"""
    {"clients": [{"name": "ios-5.2", "product": "ClientIOS52", "share": 18}, {"name": "ios-5.3", "product": "ClientIOS53", "share": 82}]}
    """#

    func gate(_ fixture: GateFixture, _ mode: ContractRunner.Mode = .check, clients filter: [String] = [], shard: Shard? = nil) async throws -> ContractRun {
        let suite = try fixture.suite()
        let runner = ContractRunner(suite: suite, source: RecordedResponses(directory: suite.directory), renderer: ResponseRenderer(),
                                    clients: [InProcessClient(TeamApp.old), InProcessClient(TeamApp.new)],
                                    secrets: Secrets(environment: [:]), concurrency: 2, ci: false)
        return await runner.run(suite.checks(filters: [], clients: filter, shard: shard), mode: mode, complete: filter.isEmpty && shard == nil)
    }

    @Test func everyCaseIsCheckedByEveryClientAgainstItsOwnGolden() async throws {
        let fixture = try GateFixture(config: Self.config)
        defer { fixture.remove() }
        try fixture.addContract("home", json: TeamApp.screen([("title", ["title": "Hi"]), ("banner", ["image": "https://x/a.png"])]))
        try fixture.addContract("deals", json: TeamApp.screen([("title", ["title": "Deals"]), ("coupon", ["code": "X1"])]))
        let recorded = try await gate(fixture, .record(update: false, saveResponses: false))
        #expect(recorded.results.map(\.id).sorted() == ["ios-5.2:deals", "ios-5.2:home", "ios-5.3:deals", "ios-5.3:home"])
        #expect(recorded.results.allSatisfy { $0.status == .recorded })
        // The old app never showed the coupon: its golden says so, and the new app's shows it.
        #expect(fixture.read("goldens/ios-5.2/deals.txt") == """
        screen Home
        └─ title title="Deals"
        not shown:
          $.contents[1]: viewType "coupon"

        """)
        #expect(fixture.read("goldens/ios-5.3/deals.txt")?.contains(#"└─ coupon code="X1""#) == true)
        #expect(try await gate(fixture).exitCode == 0)

        // A coupon on the home screen: breaking for 5.2 only, and the report says so plainly.
        try fixture.setResponse("home", json: TeamApp.screen([("title", ["title": "Hi"]), ("coupon", ["code": "NEW"]),
                                                                ("banner", ["image": "https://x/a.png"])]))
        let run = try await gate(fixture)
        #expect(run.result("ios-5.2:home")?.status == .breaking)
        #expect(run.rules("ios-5.2:home") == ["component-not-shown"])
        #expect(run.result("ios-5.3:home")?.status == .changed)
        #expect(run.rules("ios-5.3:home") == ["component-added"])
        #expect(run.exitCode == 1)
        let text = ContractReport(run: run, directoryName: "C").text()
        #expect(text.contains("home: breaking for ios-5.2 (18 % of users), changed for ios-5.3 (82 % of users)"), "\(text)")
        #expect(text.contains("sdui contract record --update --filter 'home' --client 'ios-5.2'"))
        let json = ContractReport(run: run, directoryName: "C").json()
        #expect(json.contains(#""client": "ios-5.2""#) && json.contains(#""share": 18"#))

        // --client narrows the run; shards split cases × clients without losing or repeating one.
        #expect(try await gate(fixture, clients: ["ios-5.3"]).results.map(\.id).sorted() == ["ios-5.3:deals", "ios-5.3:home"])
        var sharded: [String] = []
        for i in 1...3 { sharded += try await gate(fixture, shard: Shard("\(i)/3")).results.map(\.id) }
        #expect(sharded.sorted() == ["ios-5.2:deals", "ios-5.2:home", "ios-5.3:deals", "ios-5.3:home"])
    }

    @Test func aRejectedResponseAndARenamedTypeBreakEveryClient() async throws {
        let fixture = try GateFixture(config: Self.config)
        defer { fixture.remove() }
        try fixture.addContract("home", json: TeamApp.screen([("title", ["title": "Hi"]), ("banner", ["image": "https://x/a.png"])]))
        _ = try await gate(fixture, .record(update: false, saveResponses: false))
        try fixture.setResponse("home", json: TeamApp.screen([("title", ["title": "Hi"]), ("hero_banner", ["image": "https://x/a.png"])]))
        var run = try await gate(fixture)
        for client in ["ios-5.2", "ios-5.3"] {
            #expect(run.rules("\(client):home").contains("component-not-shown"), "\(client)")
        }
        try fixture.setResponse("home", json: #"{"screenName": "Home", "items": []}"#)
        run = try await gate(fixture)
        for client in ["ios-5.2", "ios-5.3"] {
            let result = try #require(run.result("\(client):home"))
            #expect(result.status == .breaking && run.rules("\(client):home") == ["response-rejected"])
            #expect(result.findings.first?.new == #"rejected keyNotFound at $: no value for key "contents""#)
        }
        // Formatting, key order, compression and unknown fields pass for both.
        let same = #"{"contents": [{"content": {"title": "Hi"}, "viewType": "title", "tracking": {"eventType": "view"}}, "#
            + #"{"viewType": "banner", "content": {"image": "https://x/a.png"}}], "screenName": "Home", "extra": 1}"#
        try fixture.setResponse("home", json: same, encoding: .gzip)
        #expect(try await gate(fixture).results.allSatisfy { $0.status == .pass })
    }

    @Test func aPlaceholderWhereAComponentWasBreaksWithoutAWarning() async throws {
        let golden = Rendering(components: [.component("title", [.text(nil, "Hi")]), .component("banner")])
        let current = Rendering(components: [.component("title", [.text(nil, "Hi")]), .unsupported("banner_v2")])
        let findings = RenderingComparison(contract: "c").compare(golden: golden, current: current)
        #expect(findings.map(\.rule.name) == ["component-unsupported"])
        let added = Rendering(components: golden.components + [.invalid("row", reason: "missing title")])
        #expect(RenderingComparison(contract: "c").compare(golden: golden, current: added).map(\.rule.name).contains("component-invalid"))
        // The same placeholder in both: nothing new.
        #expect(RenderingComparison(contract: "c").compare(golden: current, current: current).isEmpty)
    }
}

/// The gate's verdict inside the app's own tests.
@Suite struct AssertContractTests {
    static func directory() -> String { FileManager.default.temporaryDirectory.appendingPathComponent("sdui-assert-\(UUID().uuidString)").path }

    @Test func recordsThenPassesThenFailsOnBreakingButNotOnChanged() async throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let client = InProcessClient(TeamApp.old)
        let body = Array(TeamApp.screen([("title", ["title": "Hi"])]).utf8)
        // No golden yet: it is written, and the test is told to review it.
        await withKnownIssue { _ = await assertContract(body, matches: "home", client: client, record: .missing, goldenDirectory: dir) }
        #expect(FileManager.default.fileExists(atPath: dir + "/home.txt"))
        // Same response, compressed: passes, no findings.
        let gz = Deflater.compress(Array(TeamApp.screen([("title", ["title": "Hi"])]).utf8), as: .gzip)
        #expect(await assertContract(gz, contentEncoding: "gzip", matches: "home", client: client, record: .never, goldenDirectory: dir).isEmpty)
        // A content edit is reported but does not fail the default gate.
        let edited = Array(TeamApp.screen([("title", ["title": "Hello"])]).utf8)
        let changed = await assertContract(edited, matches: "home", client: client, record: .never, goldenDirectory: dir)
        #expect(changed.map(\.rule.name) == ["text-changed"])
        // … but fails with failOn: .changed, and a silently dropped component fails by default.
        await withKnownIssue { _ = await assertContract(edited, matches: "home", client: client, record: .never, failOn: .changed, goldenDirectory: dir) }
        let dropped = Array(TeamApp.screen([("title", ["title": "Hi"]), ("coupon", ["code": "X"])]).utf8)
        await withKnownIssue {
            let findings = await assertContract(dropped, matches: "home", client: client, record: .never, goldenDirectory: dir)
            #expect(findings.map(\.rule.id) == ["SDUI-B008"])
        }
        // Record mode `.all` rewrites the golden (and still fails, so the change is reviewed).
        await withKnownIssue { _ = await assertContract(edited, matches: "home", client: client, record: .all, goldenDirectory: dir) }
        #expect(await assertContract(edited, matches: "home", client: client, record: .never, goldenDirectory: dir).isEmpty)
    }

    @Test func aModeInCodeWinsThenTheEnvironmentThenCI() {
        #expect(RecordMode.effective(nil, environment: [:]) == .missing)
        #expect(RecordMode.effective(nil, environment: ["CI": "true"]) == .never)
        #expect(RecordMode.effective(nil, environment: ["CI": "true", "SDUI_RECORD": "all"]) == .all)
        #expect(RecordMode.effective(.missing, environment: ["CI": "true", "SDUI_RECORD": "never"]) == .missing)
    }

    @Test func goldensDefaultToAFolderBesideTheTestFile() async throws {
        let client = InProcessClient(TeamApp.new)
        let body = Array(TeamApp.screen([("title", ["title": "Hi"]), ("coupon", ["code": "X"])]).utf8)
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/ClientMatrixTests/coupon-screen.txt")
        #expect(FileManager.default.fileExists(atPath: expected.path), "checked in beside this file")
        #expect(await assertContract(body, matches: "coupon-screen", client: client, record: .never).isEmpty)
    }
}
