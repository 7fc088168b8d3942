import Foundation
@testable import SDUICampaign
import SDUICrashAnalysis
import SDUIFuzz
import Testing

/// One plan per replay: the run triage makes and the line the report prints come from it, so the
/// line gives the signature the run gave.
@Suite struct ReplayPlanTests {
    /// A stand-in for a fuzz binary: it fails with a message made of what a replay depends on (the
    /// configuration's content encoding, the hashing setting, its flags and the input's name) and
    /// records an invariant it broke (only read as gzip) where the harness would (the outcome file).
    static func fakeBinary(in folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        let path = folder + "/bin/FuzzFake"
        let script = #"""
            #!/bin/sh
            config=$(tr -d '\n' < "$SDUI_FUZZ_CONFIG")
            encoding=$(printf '%s' "$config" | sed -n 's/.*"contentEncoding" *: *"\([^"]*\)".*/\1/p')
            outcomes=${SDUI_FUZZ_OUTCOMES:-$(printf '%s' "$config" | sed -e 's#\\/#/#g' -n -e 's/.*"outcomes" *: *"\([^"]*\)".*/\1/p')}
            for last in "$@"; do :; done
            flags=$(printf '%s ' "$@" | tr ' ' '\n' | grep '^-' | tr '\n' ' ')
            [ -n "$outcomes" ] && [ "$encoding" = gzip ] && printf '{"input":"ab","invariant":{"codingPath":"views","detail":"DecodingError.dataCorrupted: x","kind":"round_trip_changed"},"kind":"invariant-violated"}\n' >> "$outcomes"
            echo "Fatal error: encoding=$encoding hashing=$SWIFT_DETERMINISTIC_HASHING flags=$flags input=$(basename "$last")" >&2
            exit 1
            """#
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func thePrintedLineGivesTheSignatureTheRunGave() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-plan-\(UUID().uuidString)").path
        let artifacts = root + "/out dir/artifacts/fake"
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let binary = try Self.fakeBinary(in: root)
        var configuration = FuzzHarnessConfiguration()
        configuration.contentEncoding = "gzip"
        try configuration.forReplay.write(to: artifacts + "/" + FuzzHarnessConfiguration.fileName)
        try Data([0x1f, 0x8b]).write(to: URL(fileURLWithPath: artifacts + "/crash-00ab12cd34ef5678"))
        let artifact = try #require(FuzzArtifact.all(under: artifacts).first)
        let plan = ReplayPlan.replay(of: artifact, binary: binary, limits: .init(timeout: 2, rssLimitMB: 1024))
        let triage = CrashTriage(packageRoot: root, fuzzProduct: "FuzzFake")
        let replayed = try triage.run(plan)
        #expect(replayed.analysis.message?.contains("encoding=gzip hashing=1") == true, "the artifact's configuration and the plan's environment")
        #expect(replayed.analysis.title.contains("invariant round_trip_changed"), "the invariant told by its record")
        let shown = { (path: String) in path.replacingOccurrences(of: root + "/", with: "") }
        let line = replayed.plan.line(showing: shown)
        #expect(line.contains("SDUI_FUZZ_CONFIG='out dir/artifacts/fake/harness.json'") && !line.contains(root))
        #expect(line.contains(" bin/FuzzFake -timeout=2 -rss_limit_mb=1024 -malloc_limit_mb=1024 -runs=1 'out dir/artifacts/fake/crash-00ab12cd34ef5678'"))

        var result = TargetResult.Crash(signature: try #require(replayed.analysis.signature), kind: replayed.analysis.kind,
                                        title: replayed.analysis.title, inputs: [shown(artifact.path)], frames: [], reproduce: line)
        let check = ReproduceLineCheck(folder: root, generated: false, timeout: 2)
        let verdicts = try check.check([Self.target([result])])
        #expect(verdicts.count == 1 && verdicts[0].agrees, "got \(String(describing: verdicts.first?.got)) for \(line)")
        // A line that drops the configuration replays something else, and the check says so.
        result.reproduce = line.replacingOccurrences(of: "SDUI_FUZZ_CONFIG='out dir/artifacts/fake/harness.json'", with: "SDUI_FUZZ_CONFIG={}")
        let edited = try check.check([Self.target([result])])
        #expect(edited.count == 1 && !edited[0].agrees)
    }

    @Test func aLineQuotesWhatTheShellWouldSplit() {
        var plan = ReplayPlan.replay(binary: "/p/.build-fuzz/release/FuzzX", configuration: .inline(FuzzHarnessConfiguration()),
                                     limits: .init(timeout: 1, rssLimitMB: 2048), inputs: ["/p/Shop App/crash-it's"])
        plan.environment = [("ASAN_OPTIONS", "detect_leaks=0")]
        #expect(plan.line(showing: { $0.replacingOccurrences(of: "/p/", with: "") })
                == "ASAN_OPTIONS=detect_leaks=0 .build-fuzz/release/FuzzX -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=2048 -runs=1 'Shop App/crash-it'\\''s'")
        var encoded = FuzzHarnessConfiguration()
        encoded.contentEncoding = "gzip"
        plan.configuration = .inline(encoded)
        #expect(plan.description.contains(#"SDUI_FUZZ_CONFIG='{"contentEncoding":"gzip"}'"#))
    }

    static func target(_ crashes: [TargetResult.Crash]) -> TargetResult {
        TargetResult(target: "fake", product: "FuzzFake", seconds: 0, jobs: 1, counters: 0, corpusStart: 0, corpusEnd: 0,
                     crashes: crashes, command: "", timeline: [], memoryTimeline: [])
    }
}
