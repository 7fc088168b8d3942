import Foundation
import SDUIContract
import SDUIContractHTTP
import Testing

/// Fault injection against `sdui serve`: each fault is a clear per-contract error and exit 2.
@Suite struct GateFaultTests {
    /// (case, fault file, the error rule)
    static let faults: [(String, String?, String)] = [
        ("status-500", #"{"status": 500}"#, "http-status"),
        ("slow", #"{"delayMilliseconds": 3000}"#, "timeout"),
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
                config.timeoutSeconds = 1
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
        // A port that was just free: bind it, read it, close it.
        let port = try await fixture.withServer { url in url }
        let run = try await fixture.runLive(baseURL: port) { $0.timeoutSeconds = 2 }
        #expect(run.result("home")?.failure?.rule == .unreachable, "\(run.result("home")?.failure?.description ?? "")")
        #expect(run.exitCode == 2)
    }

    @Test func badContractFilesNameFileAndPath() throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.write("contracts/a.json", #"{"path": "/a", "mehtod": "GET"}"#)
        #expect(throws: ContractFileError(file: "contracts/a.json", path: "$.mehtod",
                                          "unknown key \"mehtod\" (expected one of: description, headers, method, path, query, variants)")) {
            try fixture.suite()
        }
        try fixture.write("contracts/a.json", #"{"path": "https://evil.example.com/a"}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "/a/../../b"}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "//evil.example.com/a"}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "/a", "variants": [{"name": "../x"}]}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "/a", "query": {"n": 1}}"#)
        do { _ = try fixture.suite(); Issue.record("a number query value must be rejected") } catch {
            #expect(error.path == "$.query.n")
        }
        try fixture.write("contracts/a.json", #"{"path": "/a"}"#)
        try fixture.write("sdui-contracts.json", #"{"timeoutSeconds": "ten"}"#)
        do { _ = try fixture.suite(); Issue.record("a string timeout must be rejected") } catch {
            #expect(error.file == "sdui-contracts.json" && error.path == "$.timeoutSeconds")
        }
    }
}

/// `sdui serve` negotiates `Accept-Encoding` and matches variants by query and headers.
@Suite struct ServeTests {
    @Test func negotiatesAcceptEncodingAndMatchesVariants() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.write("contracts/home.json", #"""
        {"path": "/screens/home", "query": {"lang": "en"},
         "variants": [{"name": "ios", "headers": {"X-Platform": "ios"}}, {"name": "android", "headers": {"X-Platform": "android"}}]}
        """#)
        try fixture.setResponse("home@ios", json: Screens.base, encoding: .gzip)
        try fixture.setResponse("home@android", json: Screens.edit(#""text": "Hello""#, #""text": "Hello Android""#))
        let suite = try fixture.suite()
        let ios = try #require(suite.cases.first { $0.id == "home@ios" })
        let android = try #require(suite.cases.first { $0.id == "home@android" })
        try await fixture.withServer { url in
            for (accept, expected) in [("gzip, deflate", "gzip"), ("deflate", "deflate"), ("identity", nil), ("gzip;q=0, deflate", "deflate"),
                                       ("*", "gzip")] as [(String, String?)] {
                var config = suite.config
                config.headers = [("Accept-Encoding", accept)]
                let source = try LiveResponses(baseURL: url, config: config, secrets: Secrets(environment: [:]), concurrency: 1)
                let response = try await source.fetch(android).get()
                await source.close()
                #expect(response.contentEncoding == expected, "Accept-Encoding: \(accept)")
                let rendering = try await ResponseRenderer().render(response, client: ReferenceClient(), secrets: Secrets(environment: [:])).get()
                #expect(rendering.text.contains("Hello Android"), "the android variant, whatever the encoding")
            }
            // The recorded gzip bytes are sent verbatim when gzip is accepted.
            var config = suite.config
            config.headers = [("Accept-Encoding", "gzip")]
            let source = try LiveResponses(baseURL: url, config: config, secrets: Secrets(environment: [:]), concurrency: 1)
            let response = try await source.fetch(ios).get()
            #expect(response.body == [UInt8](try Data(contentsOf: fixture.root.appendingPathComponent("responses/home@ios.json.gz"))))
            // A request no contract describes is a 404, reported as such.
            var unknown = ios
            unknown.path = "/screens/nope"
            let missing = await source.fetch(unknown)
            await source.close()
            guard case .failure(let failure) = missing else { Issue.record("expected a 404"); return }
            #expect(failure.rule == .httpStatus && failure.message.contains("404"))
        }
    }
}
