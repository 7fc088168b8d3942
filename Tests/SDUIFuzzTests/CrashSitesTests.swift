import Foundation
import Testing
import TestSupport
import SDUIFuzz

/// Skipping crashes at known sites (`CrashSites`, the fuzz engine's `crash_sites.c`): a new site
/// keeps its input and is remembered in the shared file, a known one is skipped, the runtime's
/// accumulated message is reset, and a crash inside a tracked access leaves nothing behind that the
/// next access would take for a conflict. Run in a process of its own (`CrashSitesProbe`): its
/// handlers catch traps and jump out of the crashed code, which has no place in the shared test
/// runner. (The campaign-level behaviour, on crash-dense decoders, is measured by
/// Benchmarks/PlantedBugs and checked in CI.)
@Suite struct CrashSitesTests {
    static let checks = [
        "installed", "a run that does not crash completes", "a new site keeps its input", "one input kept",
        "the kept input is the crashing one", "a known site is skipped", "the skip is counted", "a skip keeps nothing",
        "another site is kept too", "two inputs kept", "the shared file lists both sites", "both sites known",
        "the kept inputs are named by the keys the shared file lists",
        "the runtime's message is reset on Linux", "a crash inside a tracked access is caught", "the next access runs",
        "both accesses happened",
    ]

    @Test func knownSitesAreSkippedAndNewOnesKeptInAProcessOfTheirOwn() throws {
        let probe = TestPaths.productsDirectory.appendingPathComponent("CrashSitesProbe")
        let result = try run(probe, [])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for check in Self.checks {
            #expect(lines.contains("ok \(check)"), "\(lines.first { $0.hasSuffix(check) || $0.contains(check + ":") } ?? "not run: \(check)")")
        }
        #expect(result.status == 0, "\(result.stdout.suffix(1500))\n\(result.stderr.suffix(1500))")
    }

    @Test func aSiteKeyReadsBackFromTheSharedFileAndFromAnArtifactName() throws {
        let key = try #require(CrashSiteKey(hex: "00ab12cd34ef5678"))
        #expect(key.description == "00ab12cd34ef5678")
        #expect(CrashSiteKey(artifactName: "crash-00ab12cd34ef5678") == key)
        #expect(CrashSiteKey(artifactName: "crash-2ba5ae2a7c1c0c1e23b1d6a0f3e6e0c7a0f3e6e0") == nil, "libFuzzer's own sha1 name is no site key")
        #expect(CrashSiteKey(artifactName: "timeout-00ab12cd34ef5678") == nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sites-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "00ab12cd34ef5678\nffffffffffffffff\n00ab12".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(CrashSiteKey.known(inFile: file) == [key, CrashSiteKey(UInt64.max)], "a half-written line is passed over")
        let json = try JSONEncoder().encode([key])
        #expect(String(decoding: json, as: UTF8.self) == #"["00ab12cd34ef5678"]"#)
        #expect(try JSONDecoder().decode([CrashSiteKey].self, from: json) == [key])
    }
}
