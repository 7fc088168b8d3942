import Foundation
import Testing
import TestSupport

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
}
