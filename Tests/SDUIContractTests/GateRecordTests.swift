import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GateTestSupport
import SDUIContract
import Testing

/// Goldens, CI mode, accept list, redaction, secrets, containment, shards and report formats.
@Suite struct GateRecordTests {
    /// Every file under the fixture with its bytes, to prove nothing was written.
    func snapshot(_ fixture: GateFixture) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: fixture.root, includingPropertiesForKeys: nil)!
        for case let url as URL in walker where !url.hasDirectoryPath {
            result[url.path] = try Data(contentsOf: url)
        }
        return result
    }

    @Test func ciModeNeverWritesAndAMissingGoldenFails() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        let before = try snapshot(fixture)
        for mode in [ContractRunner.Mode.record(update: true, saveResponses: true), .record(update: false, saveResponses: false), .check] {
            let run = try await fixture.runOffline(mode, ci: true)
            #expect(run.result("home")?.failure?.rule == .goldenMissing)
            #expect(run.exitCode == 2)
        }
        #expect(try snapshot(fixture) == before)
        // Even with a golden that differs, CI with --update writes nothing.
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        try fixture.setResponse("home", json: Screens.edit(#""text": "Hello""#, #""text": "Bye""#))
        let recorded = try snapshot(fixture)
        let run = try await fixture.runOffline(.record(update: true, saveResponses: false), ci: true)
        #expect(run.result("home")?.status == .changed)
        #expect(try snapshot(fixture) == recorded)
    }

    @Test func recordWritesMissingKeepsChangedUnlessUpdateAndReportsObsolete() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        var run = try await fixture.runOffline(.record(update: false, saveResponses: false))
        #expect(run.result("home")?.status == .recorded)
        let golden = try #require(fixture.read("goldens/home.txt"))
        #expect(golden.hasPrefix("screen home v1 \"Home\"\n"))

        try fixture.setResponse("home", json: Screens.edit(#""text": "Hello""#, #""text": "Bye""#))
        run = try await fixture.runOffline(.record(update: false, saveResponses: false))
        #expect(run.result("home")?.status == .changed)
        #expect(fixture.read("goldens/home.txt") == golden, "an existing golden is never overwritten without --update")
        #expect(run.exitCode == 1)

        run = try await fixture.runOffline(.record(update: true, saveResponses: false))
        #expect(run.result("home")?.status == .updated)
        #expect(fixture.read("goldens/home.txt")?.contains("\"Bye\"") == true)
        #expect(try await fixture.runOffline().exitCode == 0)

        try fixture.write("goldens/old-screen.txt", "screen old v1\n")
        run = try await fixture.runOffline()
        #expect(run.obsoleteGoldens == ["goldens/old-screen.txt"])
        #expect(ContractReport(run: run, directoryName: "C").text().contains("obsolete golden (no contract uses it): C/goldens/old-screen.txt"))
        // No temporary files are left behind by the atomic writes.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("goldens").path).sorted()
                == ["home.txt", "old-screen.txt"])
    }

    @Test func acceptedDifferencesPassAndStaleEntriesAreReported() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        try fixture.setResponse("home", json: Screens.edit(#""style": "title""#, #""style": "huge""#))
        let failing = try await fixture.runOffline()
        #expect(failing.exitCode == 1)
        let finding = try #require(failing.result("home")?.findings.first { $0.rule == .fieldDefault })
        try fixture.write("sdui-contracts.json", #"""
        {"accept": [
          {"fingerprint": "\#(finding.fingerprint)", "reason": "server rollout of the new style; client update ships next week"},
          {"fingerprint": "0123456789abcdef", "contract": "gone"}
        ]}
        """#)
        let accepted = try await fixture.runOffline()
        #expect(accepted.exitCode == 0)
        #expect(accepted.result("home")?.findings.first { $0.rule == .fieldDefault }?.isAccepted == true)
        #expect(accepted.staleAcceptEntries.map(\.fingerprint) == ["0123456789abcdef"])
        let text = ContractReport(run: accepted, directoryName: "C").text()
        #expect(text.contains("accepted: server rollout"))
        #expect(text.contains("stale accept entry (matches nothing; remove it): 0123456789abcdef"))
        // The fingerprint is stable: the same difference in a second run has the same one.
        #expect(try await fixture.runOffline().result("home")?.findings.map(\.fingerprint) == failing.result("home")?.findings.map(\.fingerprint))
    }

    @Test func redactedValuesNeverCauseDiffs() async throws {
        let fixture = try GateFixture(config: #"""
        {"redactions": [
          {"name": "time", "pattern": "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z"},
          {"name": "req", "path": "$.components[*].id", "pattern": "^req-[0-9a-f]+$"},
          {"name": "token", "path": "$..action.destination"}
        ]}
        """#)
        defer { fixture.remove() }
        func screen(_ time: String, _ other: String, _ id: String, _ dest: String) -> String {
            #"{"screen": "s", "version": 1, "components": [{"type": "text", "id": "\#(id)", "data": {"text": "Updated \#(time), again \#(time), then \#(other)"}}, {"type": "button", "data": {"title": "Go", "action": {"type": "navigate", "destination": "\#(dest)"}}}]}"#
        }
        try fixture.addContract("s", json: screen("2026-11-20T10:00:00Z", "2026-11-21T09:00:00Z", "req-ab12", "/x?t=1"))
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        let golden = try #require(fixture.read("goldens/s.txt"))
        #expect(golden.contains(#"text#<req-1> [body] "Updated <time-1>, again <time-1>, then <time-2>""#), "\(golden)")
        #expect(golden.contains("navigate <token-1>"))
        try fixture.setResponse("s", json: screen("2027-01-01T00:00:00Z", "2027-01-02T00:00:00Z", "req-ffff", "/y?t=2"))
        #expect(try await fixture.runOffline().result("s")?.status == .pass)
        // A value that is not volatile still shows.
        try fixture.setResponse("s", json: screen("2027-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "req-ffff", "/y?t=2"))
        #expect(try await fixture.runOffline().result("s")?.status == .changed)
    }

    @Test func secretsNeverReachGoldensReportsOrSavedResponses() async throws {
        let token = "tok-9f8e7d6c5b4a"
        let fixture = try GateFixture()
        defer { fixture.remove() }
        // A server that echoes the token into the screen, and a contract that sends it.
        let echo = Screens.edit(#""text": "Hello""#, #""text": "Hello \#(token)""#)
        try fixture.addContract("me", json: echo, contract: #"{"path": "/screens/me", "headers": {"Authorization": "Bearer ${API_TOKEN}"}}"#)
        let env = ["API_TOKEN": token]
        let run = try await fixture.withServer { url in
            try await fixture.runLive(baseURL: url, mode: .record(update: false, saveResponses: true), environment: env)
        }
        let golden = try #require(fixture.read("goldens/me.txt"))
        #expect(!golden.contains(token) && golden.contains("Hello ${API_TOKEN}"))
        #expect(run.result("me")?.failure?.message.contains("environment variable") == true, "the echoing response is not saved")
        #expect(!fixture.exists("responses/me.json.gz") || fixture.read("responses/me.json.gz")?.contains(token) == false)
        try fixture.setResponse("me", json: echo.replacingOccurrences(of: "Hello", with: "Hi"))
        let changed = try await fixture.runOffline(environment: env)
        for format in ContractReport.Format.allCases {
            #expect(!ContractReport(run: changed, directoryName: "C").render(format).contains(token), "\(format)")
        }
        // Unset: the live run fails closed, naming the variable, not guessing.
        let unset = try await fixture.withServer { try await fixture.runLive(baseURL: $0) }
        #expect(unset.result("me")?.failure?.message.contains("environment variable API_TOKEN is not set") == true)
        #expect(unset.exitCode == 2)
    }

    @Test func nothingResolvesOutsideTheContractsDirectory() throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: fixture.root.appendingPathComponent("goldens"), withDestinationURL: outside)
        let directory = try ContractDirectory(fixture.root)
        #expect(throws: ContractFileError.self) { try directory.write(Array("x".utf8), to: "goldens/home.txt") }
        #expect(throws: ContractFileError.self) { try directory.file("../escape.txt") }
        #expect(throws: ContractFileError.self) { try directory.file("/etc/passwd") }
        #expect(throws: ContractFileError.self) { try directory.file("goldens/.hidden") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func shardsSplitDeterministicallyAndCoverEverything() throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        for n in 0..<11 { try fixture.addContract("c\(n)", json: Screens.base) }
        let suite = try fixture.suite()
        let shards = (1...3).map { suite.select(filters: [], shard: Shard("\($0)/3")) }
        #expect(shards.flatMap { $0.map(\.id) }.sorted() == suite.cases.map(\.id).sorted())
        #expect(Set(shards[0]).isDisjoint(with: shards[1]) && Set(shards[1]).isDisjoint(with: shards[2]))
        #expect(shards.map(\.count).max()! - shards.map(\.count).min()! <= 1)
        #expect(suite.select(filters: [], shard: Shard("2/3")) == shards[1])
        #expect(suite.select(filters: ["c1*"], shard: nil).map(\.id) == ["c1", "c10"])
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("x") == nil)
    }

    @Test func reportsParseInTheirFormats() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("ok", json: Screens.base)
        try fixture.addContract("broken", json: Screens.base)
        try fixture.addContract("missing", json: Screens.base)
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("goldens/missing.txt"))
        try fixture.setResponse("broken", json: Screens.edit(#""type": "navigate""#, #""type": "teleport""#) )
        let run = try await fixture.runOffline(ci: true)
        let report = ContractReport(run: run, directoryName: "Contracts")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(json["exitCode"] as? Int == 2)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let broken = try #require(results.first { $0["id"] as? String == "broken" })
        #expect((broken["findings"] as? [[String: Any]])?.contains { $0["rule"] as? String == "SDUI-B005" } == true)

        let junit = report.junit()
        let delegate = JUnitCounter()
        let parser = XMLParser(data: Data(junit.utf8))
        parser.delegate = delegate
        #expect(parser.parse(), "JUnit XML must be well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(delegate.testcases == 3 && delegate.failures == 1 && delegate.errors == 1)

        let github = report.github().split(separator: "\n")
        #expect(github.contains { $0.hasPrefix("::error file=Contracts/goldens/broken.txt") && $0.contains("title=SDUI-B005 button-inert::") })
        #expect(github.contains { $0.hasPrefix("::error file=Contracts/goldens/missing.txt") && $0.contains("SDUI-E009") })

        let text = report.text()
        #expect(text.contains("-├─ button#cta [primary] \"Shop\" → navigate /shop"))
        #expect(text.contains("+├─ button#cta [primary] \"Shop\" → inert"))
        #expect(text.contains("sdui contract record --update --filter 'broken'"))

        // Xcode's `path:line: level: message`: the broken button on its golden line.
        let xcode = report.xcode().split(separator: "\n").map(String.init)
        let goldenLines = try String(contentsOf: fixture.root.appendingPathComponent("goldens/broken.txt"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let buttonLine = try #require(goldenLines.firstIndex { $0.contains("→ navigate /shop") }) + 1
        #expect(xcode.contains { $0.hasPrefix("Contracts/goldens/broken.txt:\(buttonLine): error: broken ") && $0.contains("SDUI-B005 button-inert") }, "\(xcode)")
        #expect(xcode.contains { $0.hasPrefix("Contracts/goldens/missing.txt:1: error: missing: SDUI-E009") })
        #expect(xcode.allSatisfy { $0.range(of: #"^[^:]+:\d+: (error|warning|note): "#, options: .regularExpression) != nil || $0 == xcode.last })

        // The job summary holds what the annotations cannot: the verdict and the diff.
        let summary = report.githubSummary()
        #expect(summary.hasPrefix("## sdui contract: "))
        #expect(summary.contains("### breaking: broken"))
        #expect(summary.contains("```diff\n--- Contracts/goldens/broken.txt"))
        #expect(summary.contains("+├─ button#cta [primary] \"Shop\" → inert"))
        #expect(!summary.contains("### pass"))
    }

    @Test func githubFormatAppendsTheJobSummary() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("broken", json: Screens.base)
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        try fixture.setResponse("broken", json: Screens.edit(#""type": "navigate""#, #""type": "teleport""#))
        let summaryFile = fixture.root.appendingPathComponent("step-summary.md").path
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summaryFile))
        var request = ContractSession.Request(directory: fixture.root.path)
        request.offline = true
        request.ci = true
        request.format = .github
        request.environment = ["GITHUB_STEP_SUMMARY": summaryFile]
        let outcome = try await ContractSession(request, liveSource: nil, clients: { _ in [ReferenceClient()] }).run()
        #expect(outcome.report.contains("::error file="))
        let written = try String(contentsOfFile: summaryFile, encoding: .utf8)
        #expect(written.hasPrefix("earlier step\n## sdui contract: "), "appended after what earlier steps wrote")
        #expect(written.contains("```diff"))
    }
}

final class JUnitCounter: NSObject, XMLParserDelegate {
    var testcases = 0, failures = 0, errors = 0
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testcase": testcases += 1
        case "failure": failures += 1
        case "error": errors += 1
        default: break
        }
    }
}
