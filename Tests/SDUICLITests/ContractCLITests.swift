import Foundation
import Testing
import TestSupport

/// `sdui contract` and the repository's sample contracts as a user runs them.
@Suite struct ContractCLITests {
    static let sdui = TestPaths.productsDirectory.appendingPathComponent("sdui")
    static let contracts = TestPaths.packageRoot.appendingPathComponent("Contracts").path

    @Test func theSampleContractsPassOfflineWithoutAnySecretSet() throws {
        let result = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", Self.contracts], environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("16 cases of 12 contracts: 16 passed, 0 changed, 0 breaking, 0 errors"))
        // At least 10 screens, some with variants, every golden and recorded response present.
        let names = Set(TestPaths.files(under: URL(fileURLWithPath: Self.contracts).appendingPathComponent("contracts")))
        #expect(names.count >= 10)
        #expect(TestPaths.files(under: URL(fileURLWithPath: Self.contracts).appendingPathComponent("goldens")).filter { $0.contains("@") }.count >= 4)
    }

    @Test func rulesAreListedWithStableIDs() throws {
        let text = try run(Self.sdui, ["contract", "rules"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("SDUI-B002  component-unsupported"))
        let json = try run(Self.sdui, ["contract", "rules", "--format", "json"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rules.count >= 25)
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == ids.count, "rule IDs are unique")
        #expect(rules.allSatisfy { ["breaking", "changed", "error"].contains($0["severity"] as? String ?? "") })
    }

    @Test func usageAndSetupErrorsSayWhatToTypeInstead() throws {
        let noServer = try run(Self.sdui, ["contract", "check", "--contracts", Self.contracts, "--base-url", "ftp://x"])
        #expect(noServer.status == 2)
        #expect(noServer.stderr.contains("absolute http(s) URL"))
        let badShard = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", Self.contracts, "--shard", "5/4"])
        #expect(badShard.status == 64)
        #expect(badShard.stderr.contains("--shard takes i/n"))
        let badFormat = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", Self.contracts, "--format", "xml"])
        #expect(badFormat.status == 64)
        let missingDir = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", "/nonexistent/contracts"])
        #expect(missingDir.status == 2)
        #expect(missingDir.stderr.contains("SDUI-E008") && missingDir.stderr.contains("not a directory"))
        let noMatch = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", Self.contracts, "--filter", "nope*"])
        #expect(noMatch.status == 2)
    }

    @Test func shardsAndFormatsFromTheCommandLine() throws {
        var seen: [String] = []
        for i in 1...3 {
            let r = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", Self.contracts, "--shard", "\(i)/3",
                                        "--format", "json"])
            #expect(r.status == 0)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            seen += (json["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        #expect(seen.count == 16 && Set(seen).count == 16)
        let junitFile = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-junit-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: junitFile) }
        let gh = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", Self.contracts, "--format", "github", "--junit", junitFile.path])
        #expect(gh.status == 0)
        #expect(try String(contentsOf: junitFile, encoding: .utf8).contains("<testsuites name=\"sdui-contracts\" tests=\"16\" failures=\"0\" errors=\"0\""))
    }
}

/// `sdui fuzz coverage` (what scripts/coverage.sh runs) on a small corpus.
@Suite struct CoverageCLITests {
    static let sdui = TestPaths.productsDirectory.appendingPathComponent("sdui")

    @Test func aSmallCorpusGivesAReportWhoseSummaryParses() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-coverage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let corpus = out.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        for seed in ["all-kinds.json", "home.json.gz", "error-version-2.json"] {
            try FileManager.default.copyItem(at: TestPaths.corpusSeeds.appendingPathComponent(seed), to: corpus.appendingPathComponent(seed))
        }
        let report = out.appendingPathComponent("report")
        var env = ["PATH": "/opt/swift/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        env["SWIFT_BACKTRACE"] = "enable=off"
        let r = try run(Self.sdui, ["fuzz", "coverage", "decode", "--corpus", corpus.path, "--output", report.path,
                                    "--package-path", TestPaths.packageRoot.path], environment: env)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr.suffix(3000))")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report.appendingPathComponent("summary.json"))) as? [[String: Any]])
        let modules = Dictionary(uniqueKeysWithValues: summary.compactMap { m in (m["module"] as? String).map { ($0, m) } })
        for name in ["SDUIPayload", "SDUIJSON", "SDUIScreen"] {
            let m = try #require(modules[name], "\(name) in \(modules.keys.sorted())")
            let lines = try #require(m["lines"] as? Int), covered = try #require(m["coveredLines"] as? Int)
            #expect(lines > 0 && covered > 0 && covered <= lines, "\(name): \(covered)/\(lines)")
        }
        #expect(modules.keys.allSatisfy { !$0.contains("Tests") && !$0.contains("checkouts") })
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("html/index.html").path))
        #expect(r.stdout.contains("| SDUIPayload |") && r.stdout.contains("3 inputs replayed"))
        // Three seeds cannot reach 99 % of the payload codec: the goal check fails, with exit 1.
        let goal = try run(Self.sdui, ["fuzz", "coverage", "decode", "--corpus", corpus.path, "--output", report.path,
                                       "--package-path", TestPaths.packageRoot.path, "--min-line-coverage", "99", "--module", "SDUIPayload"],
                           environment: env)
        #expect(goal.status == 1)
        #expect(goal.stdout.contains("LOW  SDUIPayload"))
    }

    /// A client that is a product of a package: built, run out of process; a crash is an error for
    /// that client titled as in the fuzz report; a product that does not build is an error too.
    @Test func productClientsRenderCrashesAreTitledAndBrokenBuildsAreErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-clients-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ relative: String, _ bytes: [UInt8]) throws {
            let url = dir.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try write("sdui-contracts.json", Array(#"""
        {"clients": [{"name": "web", "share": 40}, {"name": "planted-1.0", "product": "FuzzPlanted", "share": 60},
                     {"name": "broken", "product": "NoSuchProduct"}]}
        """#.utf8))
        let screen = #"{"screen":"s","version":1,"title":"Sale","components":[{"type":"button","id":"buy","data":{"title":"Buy","style":"caption","action":{"type":"dismiss"}}}]}"#
        for name in ["ok", "crash"] { try write("contracts/\(name).json", Array(#"{"path": "/\#(name)"}"#.utf8)) }
        try write("responses/ok.json", Array(screen.utf8))
        // Sent gzip-compressed without a Content-Encoding header: the client inflates it itself,
        // which is where the planted decoder crashes.
        try write("responses/crash.json", Array(try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Corpus/seeds/home.json.gz"))))
        let gz = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf '%s' \"$0\" | gzip -c > \"$1\"", screen, dir.appendingPathComponent("responses/crash.json").path])
        #expect(gz.status == 0)
        // --no-build: `swift test` has built the products and holds the package's build lock.
        let args = ["contract", "record", "--offline", "--contracts", dir.path, "--package-path", TestPaths.packageRoot.path, "--no-build", "--format", "json"]
        // Recording writes goldens: not in CI mode, whatever the environment running the tests says.
        let recorded = try run(Self.sdui, args, environment: ["CI": "false"])
        #expect(recorded.status == 2, "\(recorded.stdout)\(recorded.stderr)")  // the product that does not build
        let report = try #require(try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        func result(_ id: String) -> [String: Any]? { results.first { $0["id"] as? String == id } }
        #expect(result("web:ok")?["status"] as? String == "recorded")
        #expect(result("planted-1.0:ok")?["status"] as? String == "recorded")
        // A crash is the check's breaking result, titled as in the fuzz report, not an error.
        let crashed = try #require(result("planted-1.0:crash"))
        #expect(crashed["status"] as? String == "breaking" && crashed["error"] == nil, "\(crashed)")
        let crash = try #require((crashed["findings"] as? [[String: Any]])?.first)
        #expect(crash["rule"] as? String == "SDUI-B011")
        let message = crash["message"] as? String ?? ""
        #expect(message.contains("PlantedBugDecoder.decode") && message.contains("Unexpectedly found nil"), "\(message)")
        #expect(result("web:crash")?["status"] as? String == "recorded", "the crash is the planted client's alone")
        let broken = try #require(result("broken:ok")?["error"] as? [String: Any])
        #expect(broken["rule"] as? String == "SDUI-E013")
        #expect((broken["message"] as? String ?? "").contains("NoSuchProduct is not built"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("goldens/planted-1.0/ok.txt").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("goldens/planted-1.0/crash.txt").path))
        // The matrix in the text report names the share of each client.
        let text = try run(Self.sdui, ["contract", "check", "--offline", "--contracts", dir.path, "--package-path", TestPaths.packageRoot.path,
                                       "--no-build", "--client", "planted-*"], environment: ["CI": "false"])
        #expect(text.status == 1, "a crash fails the gate as breaking")
        #expect(text.stdout.contains("crash: breaking for planted-1.0 (60 % of users)"), "\(text.stdout)")
        #expect(!text.stdout.contains("broken"), "--client leaves the other clients out")
    }
}
