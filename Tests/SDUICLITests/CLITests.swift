import Foundation
import Testing
import TestSupport
import SDUIJSON

/// The `sdui` executable as a user runs it: exit codes, output formats, bad input, memory.
@Suite struct CLITests {
    static let sdui = TestPaths.productsDirectory.appendingPathComponent("sdui")
    static func seed(_ name: String) -> String { TestPaths.corpusSeeds.appendingPathComponent(name).path }

    @Test func exitCodesMeanOneThingEach() throws {
        #expect(try run(Self.sdui, ["decode", Self.seed("all-kinds.json")]).status == 0)
        #expect(try run(Self.sdui, ["decode", Self.seed("home.json")]).status == 1)
        #expect(try run(Self.sdui, ["decode", Self.seed("error-version-2.json")]).status == 2)
        #expect(try run(Self.sdui, ["decode", Self.seed("error-gzip-truncated.json.gz")]).status == 2)
        #expect(try run(Self.sdui, ["decode", "--max-stack-depth", "0", Self.seed("home.json")]).status == 64)
        #expect(try run(Self.sdui, ["decode", "--encoding", "br", Self.seed("home.json")]).status == 64)
        #expect(try run(Self.sdui, ["frobnicate"]).status == 64)
        #expect(try run(Self.sdui, ["render"]).status == 64)
    }

    /// Choices are enums `--help` lists; each value of `--encoding` is one the payload codec
    /// understands (a wrong one for the bytes is a rejection, exit 2, never a trap).
    @Test func choicesAreListedAndEachIsUnderstood() throws {
        let help = try run(Self.sdui, ["decode", "--help"]).stdout
        #expect(help.contains("identity") && help.contains("raw-deflate"), "\(help)")
        for encoding in ["identity", "gzip", "deflate", "zlib", "raw-deflate"] {
            let status = try run(Self.sdui, ["decode", "--encoding", encoding, Self.seed("home.json.gz")]).status
            #expect([0, 1, 2].contains(status), "--encoding \(encoding): exit \(status)")
        }
        let check = try run(Self.sdui, ["contract", "check", "--help"]).stdout
        #expect(check.contains("github") && check.contains("junit") && check.contains("changed"), "\(check)")
        let bad = try run(Self.sdui, ["contract", "check", "--fail-on", "everything"])
        #expect(bad.status == 64 && bad.stderr.contains("breaking") && bad.stderr.contains("changed"), "\(bad.stderr)")
    }

    @Test func unreadableInputIsAClearError() throws {
        let missing = try run(Self.sdui, ["decode", "/nonexistent/payload.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("cannot open /nonexistent/payload.json"))
        let directory = try run(Self.sdui, ["render", TestPaths.corpusSeeds.path])
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("is a directory"))
    }

    @Test func decodeReportsEncodingSizesWarningsAndErrors() throws {
        let gz = try run(Self.sdui, ["decode", Self.seed("home.json.gz")])
        #expect(gz.stdout.contains("encoding: gzip (324 bytes received, 588 bytes decoded)"))
        #expect(gz.stdout.contains("[unknown_component_type] $.components[2].data.children[1]: unknown component type \"carousel\""))
        let bad = try run(Self.sdui, ["decode", Self.seed("error-truncated-json.json")])
        #expect(bad.stdout.contains("error [json.syntax] at $.components[0] (byte 40): invalid JSON: unexpected end of input"))
    }

    @Test func decodeJSONIsMachineReadable() throws {
        let ok = try run(Self.sdui, ["decode", "--json", Self.seed("home.json")])
        let value = try JSONParser().parse(Array(ok.stdout.utf8))
        #expect(value["status"] == "warnings")
        #expect(value["encoding"] == "identity")
        #expect(value["received_bytes"] == 588)
        guard case .array(let warnings)? = value["warnings"] else { Issue.record("no warnings array"); return }
        #expect(warnings.count == 2)
        #expect(warnings[0]["code"] == "unknown_component_type")
        let rejected = try run(Self.sdui, ["decode", "--json", Self.seed("error-gzip-bad-crc.json.gz")])
        let error = try JSONParser().parse(Array(rejected.stdout.utf8))
        #expect(error["status"] == "rejected")
        #expect(error["error"]?["code"] == "payload.checksum_mismatch")
        #expect(error["error"]?["byte_offset"] == 320)
    }

    @Test func renderMatchesTheCorpusRenderingAndReadsStandardInput() throws {
        let expected = try String(contentsOf: TestPaths.corpusRenderings.appendingPathComponent("all-kinds.json.txt"), encoding: .utf8)
        #expect(try run(Self.sdui, ["render", Self.seed("all-kinds.json.deflate")]).stdout == expected)
        let piped = try run(Self.sdui, ["render", "--encoding", "deflate", "-"],
                            stdin: try TestPaths.bytes(TestPaths.corpusSeeds.appendingPathComponent("all-kinds.json.deflate")))
        #expect(piped.stdout == expected)
        #expect(piped.status == 0)
        let rejected = try run(Self.sdui, ["render", Self.seed("error-root-array.json")])
        #expect(rejected.status == 2)
        #expect(rejected.stdout.isEmpty)
        #expect(rejected.stderr.contains("rejected [screen.root_not_object] at $: the JSON root must be an object, found array"))
    }

    @Test func helpReadsLikeAManPage() throws {
        let help = try run(Self.sdui, ["decode", "--help"])
        #expect(help.status == 0)
        for section in ["EXAMPLES", "EXIT STATUS", "--encoding", "--max-decoded-bytes", "--json"] {
            #expect(help.stdout.contains(section), "\(section)")
        }
    }

    /// Peak memory the child reports for itself (`--stats --json`): wait4's ru_maxrss would also
    /// count the test process's memory, shared with the child until exec.
    static func peakRSS(_ arguments: [String]) throws -> (status: Int32, code: String?, peak: Int) {
        let result = try run(Self.sdui, ["decode", "--stats", "--json"] + arguments)
        let value = try JSONParser().parse(Array(result.stdout.utf8))
        guard case .number(let peak)? = value["peak_rss_bytes"] else { throw CocoaError(.featureUnsupported) }
        guard case .string(let code)? = value["error"]?["code"] else { return (result.status, nil, Int(peak)) }
        return (result.status, code, Int(peak))
    }

    /// The bomb is stopped by the limit with peak memory bounded by the limit, not by the bomb.
    @Test func bombPeakMemoryIsBoundedByTheLimit() throws {
        let baseline = try Self.peakRSS([Self.seed("empty-components.json")])
        #expect(baseline.status == 0)
        let small = try Self.peakRSS([Self.seed("error-bomb-17MiB.json.gz")])
        #expect(small.status == 2)
        #expect(small.code == "payload.decoded_too_large")
        #expect(small.peak < (16 << 20) + (32 << 20), "peak \(small.peak) bytes, baseline \(baseline.peak)")
    }

    @Test(.enabled(if: TestPaths.externalDataAvailable, "needs ../shared/external"))
    func thousandMebibyteBombWithAHigherLimit() throws {
        let bomb = TestPaths.external.appendingPathComponent("compression/csaf-walker/common/tests/data/bomb.gz").path
        let limit = 64 << 20
        let result = try Self.peakRSS(["--max-decoded-bytes", String(limit), bomb])
        #expect(result.status == 2)
        #expect(result.code == "payload.decoded_too_large")
        // Without the streaming limit this would need 1000 MiB.
        #expect(result.peak < limit + (32 << 20), "peak \(result.peak) bytes")
    }

    @Test func statsArePrintedForHumans() throws {
        let result = try run(Self.sdui, ["decode", "--stats", Self.seed("all-kinds.json")])
        #expect(result.stdout.contains("time: "))
        #expect(result.stdout.contains("peak memory: "))
    }
}
