import Foundation
import SDUIContract
import SDUIContractHTTP
import GateTestSupport
import Testing

/// Fault injection against `sdui serve`: each fault is a clear per-contract error and exit 2.
@Suite struct GateFaultTests {
    /// (case, fault file, the error rule)
    static let faults: [(String, String?, String)] = [
        ("status-500", #"{"status": 500}"#, "http-status"),
        ("slow", #"{"delayMilliseconds": 8000}"#, "timeout"),
        ("truncated", #"{"truncateAfterBytes": 40}"#, "transport-error"),
        ("wrong-encoding", #"{"contentEncoding": "gzip"}"#, "bad-encoding"),
        ("unsupported-encoding", #"{"contentEncoding": "br"}"#, "bad-encoding"),
        ("redirect-loop", #"{"status": 302, "location": "/screens/redirect-loop"}"#, "redirect-refused"),
        ("redirect-away", #"{"status": 301, "location": "http://attacker.example.com/steal"}"#, "redirect-refused"),
        ("oversized", nil, "oversized-body"),
    ]

    @Test func everyFaultIsAClearPerContractErrorAndExit2() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("healthy", json: Screens.base)
        for (name, fault, _) in Self.faults {
            // Ask for identity so the oversized body is not compressed below the limit on the way.
            try fixture.addContract(name, json: Screens.base,
                                    contract: #"{"path": "/screens/\#(name)", "headers": {"Accept-Encoding": "identity"}}"#)
            if let fault { try fixture.write("responses/\(name).fault.json", fault) }
        }
        // Golden renderings first (recorded responses read directly, faults do not apply).
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        let big = Screens.base.replacingOccurrences(of: #""text": "Hello""#, with: #""text": "\#(String(repeating: "x", count: 5000))""#)
        try fixture.setResponse("oversized", json: big)

        let run = try await fixture.withServer { url in
            try await fixture.runLive(baseURL: url) { config in
                // Long enough for a healthy response on a loaded CI machine (the whole suite runs
                // at once), short of the slow fault's 8 s.
                config.timeoutSeconds = 4
                config.maxResponseBytes = 4000
            }
        }
        #expect(run.result("healthy")?.status == .pass, "\(run.result("healthy")?.failure?.description ?? "")")
        for (name, _, rule) in Self.faults {
            let result = try #require(run.result(name))
            #expect(result.status == .error, "\(name): \(result.status)")
            #expect(result.failure?.rule.name == rule, "\(name): expected \(rule), got \(result.failure?.description ?? "nothing")")
            #expect(result.failure?.message.isEmpty == false)
        }
        #expect(run.exitCode == 2)
        let text = ContractReport(run: run, directoryName: "Contracts").text()
        #expect(text.contains("SDUI-E003 http-status"))
        #expect(text.contains("attacker.example.com"))  // says where the redirect wanted to go
        #expect(text.contains("exit 2"))
    }

    @Test func serverDownIsUnreachable() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: Screens.base)
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        // Port 1 (tcpmux): nothing listens there. (A port freed a moment ago is no good: a test
        // running beside this one may be given it for its own server.)
        let run = try await fixture.runLive(baseURL: "http://127.0.0.1:1") { $0.timeoutSeconds = 2 }
        #expect(run.result("home")?.failure?.rule == .unreachable, "\(run.result("home")?.failure?.description ?? "")")
        #expect(run.exitCode == 2)
    }
}
