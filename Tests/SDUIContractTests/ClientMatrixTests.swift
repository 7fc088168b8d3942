import Foundation
import Testing
import SDUIContract
import GateTestSupport
import SDUIPayload
import SDUIPlugIn

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
