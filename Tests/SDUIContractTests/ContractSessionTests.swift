import Foundation
import GateTestSupport
import SDUIContract
import SDUIPlugIn
import Testing

/// `sdui contract check|record` as one library call: loading, overrides, the source chosen, the
/// clients closed, the report files written.
@Suite struct ContractSessionTests {
    /// A client that counts its renderings and whether it was closed.
    final class Recording: ContractClient, @unchecked Sendable {
        let name = "reference"
        let lock = NSLock()
        var closed = 0
        func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure> { await ReferenceClient().render(body) }
        func close() { lock.lock(); closed += 1; lock.unlock() }
    }

    /// A live source that answers nothing, to see what the session asked of it.
    struct Unreachable: ResponseSource {
        func fetch(_ request: ContractCase) async -> Result<FetchedResponse, ContractFailure> {
            .failure(ContractFailure(.unreachable, "nothing listens (test)"))
        }
        func close() async {}
    }

    func request(_ fixture: GateFixture, _ configure: (inout ContractSession.Request) -> Void = { _ in }) -> ContractSession.Request {
        var request = ContractSession.Request(directory: fixture.root.path)
        request.offline = true
        configure(&request)
        return request
    }

    @Test func recordsThenChecksOfflineAndWritesTheReportFiles() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        let client = Recording()
        let recorded = try await ContractSession(request(fixture) { $0.mode = .record(update: false, saveResponses: false) },
                                                 liveSource: nil, clients: { _ in [client] }).run()
        #expect(recorded.exitCode == 0 && fixture.exists("goldens/home.txt"), "\(recorded.report)")
        #expect(client.closed == 1, "every client is closed once after the run")

        let junit = fixture.root.appendingPathComponent("junit.xml").path, json = fixture.root.appendingPathComponent("report.json").path
        try fixture.setResponse("home", json: Screens.edit(#"{"type": "spacer", "data": {"height": 16}}"#, #"{"type": "spacer", "data": {"height": 24}}"#))
        let checked = try await ContractSession(request(fixture) { $0.junitFile = junit; $0.jsonFile = json; $0.failOn = .changed },
                                                liveSource: nil, clients: { _ in [client] }).run()
        #expect(checked.exitCode == 1, "a change fails with failOn: .changed")
        #expect(checked.report.contains("home"))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite"))
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) is [String: Any])
    }

    @Test func aReportFileThatCannotBeWrittenIsExit2WithTheRunKept() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        _ = try await ContractSession(request(fixture) { $0.mode = .record(update: false, saveResponses: false) }, liveSource: nil,
                                      clients: { _ in [ReferenceClient()] }).run()
        let outcome = try await ContractSession(request(fixture) { $0.jsonFile = fixture.root.path + "/no/such/folder/report.json" },
                                                liveSource: nil, clients: { _ in [ReferenceClient()] }).run()
        #expect(outcome.run.exitCode == 0 && outcome.exitCode == 2)
        #expect(outcome.unwrittenFiles.count == 1 && outcome.unwrittenFiles[0].contains("no/such/folder/report.json"))
    }

    @Test func whatCannotStartSaysWhy() async throws {
        let fixture = try GateFixture(config: #"{"timeoutSeconds": 3}"#)
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        // Nothing matches the filter: the folder and the filter are named.
        await #expect { try await ContractSession(request(fixture) { $0.filters = ["checkout/*"] }, liveSource: nil, clients: { _ in [] }).run() }
            throws: { "\($0)".contains("no contract or client matches checkout/*") }
        // No server and not offline.
        await #expect { try await ContractSession(request(fixture) { $0.offline = false }, liveSource: nil, clients: { _ in [] }).run() }
            throws: { "\($0)".contains("Pass --base-url URL") }
        // A broken contract file: the rule id, the file and the JSON path.
        try fixture.write("contracts/bad.json", #"{"path": 3}"#)
        await #expect { try await ContractSession(request(fixture), liveSource: nil, clients: { _ in [] }).run() }
            throws: { "\($0)".hasPrefix("SDUI-E") && "\($0)".contains("contracts/bad.json") && "\($0)".contains("$.path") }
    }

    @Test func theServerComesFromTheRequestThenTheEnvironmentWithTheOverrides() async throws {
        let fixture = try GateFixture(config: #"{"timeoutSeconds": 3, "baseURL": "http://config.invalid"}"#)
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        final class Asked: @unchecked Sendable { var calls: [(String, Double, Int)] = [] }
        let asked = Asked()
        let live: ContractSession.LiveSource = { base, config, _, inFlight in
            asked.calls.append((base, config.timeoutSeconds, inFlight))
            return Unreachable()
        }
        var outcome = try await ContractSession(request(fixture) { $0.offline = false; $0.environment = ["SDUI_BASE_URL": "http://env.invalid"]
                                                                   $0.timeoutSeconds = 7; $0.concurrency = 3 },
                                                liveSource: live, clients: { _ in [] }).run()
        #expect(outcome.exitCode == 2, "an unreachable server fails closed")
        outcome = try await ContractSession(request(fixture) { $0.offline = false; $0.baseURL = "http://flag.invalid"; $0.cores = 5 },
                                            liveSource: live, clients: { _ in [] }).run()
        _ = try await ContractSession(request(fixture) { $0.offline = false }, liveSource: live, clients: { _ in [] }).run()
        #expect(asked.calls.map(\.0) == ["http://env.invalid", "http://flag.invalid", "http://config.invalid"])
        #expect(asked.calls.map(\.1) == [7, 3, 3])
        #expect(asked.calls.map(\.2) == [3, 5, ProcessInfo.processInfo.activeProcessorCount], "--concurrency, else the config's, else the cores")
    }
}
