import Foundation
import Testing
import TestSupport
@testable import SDUIFuzz

/// The fork server (`ForkServer`, the fuzz engine's `fork_server.c`): inputs run in a child forked
/// from the job, input after input; a child that dies, stays silent or grew past its limit is
/// replaced; crash sites are kept and skipped in the child as in the job. Run in a process of its
/// own (`ForkServerProbe`): a fork of the shared test runner, whose other threads may hold locks,
/// has no place there. (Coverage folded back from the child needs a fuzz build: the campaign
/// benchmarks measure it, and CI's fuzz step runs a campaign with `--fork-server always`.)
@Suite struct ForkServerTests {
    static let checks = [
        "crash sites installed", "the body runs in a child", "one child forked", "the same child runs the next input",
        "an input larger than a socket's buffer reaches the child whole", "an empty input reaches the child",
        "a child that dies during an input is reported", "the loss is counted", "the next input forks a fresh child",
        "a new crash site in the child keeps its input", "the child kept it in the campaign's artifacts",
        "a known site is skipped in the child", "the child fuzzes on after its skipped crashes",
        "a crash the child cannot skip ends the child, not the job", "a child silent past the deadline is reported",
        "and killed soon after the deadline", "a child that grew past its limit makes way for a fresh one",
        "the job is no child", "auto forks on Linux only",
    ]

    @Test func inputsRunInAChildThatIsReplacedWhenItDiesStallsOrGrowsInAProcessOfTheirOwn() throws {
        try expectProbeChecks("ForkServerProbe", Self.checks)
    }

    /// A child's verdict carries how its guarded run ended and what the check found, in one Int32
    /// whose low byte is the run's outcome (the fork server reads only that byte).
    @Test func aVerdictCarriesTheOutcomeAndTheCheckInOneNumber() {
        for outcome in [CrashSites.Outcome.completed, .skippedKnownSite, .keptNewSite, .skippedKnownHang, .keptNewHang] {
            for (notAPayload, violated) in [(false, false), (true, false), (false, true), (true, true)] {
                let verdict = ChildVerdict(outcome: outcome, notAPayload: notAPayload, violated: violated)
                #expect(ChildVerdict(verdict.raw) == verdict)
                #expect((verdict.raw & 0xff != 0) == (outcome != .completed), "the low byte says whether the run was left")
            }
        }
    }

    @Test func theModeIsReadFromTheConfigurationAndDefaultsToAuto() throws {
        #expect(try FuzzHarnessConfiguration.parse(Data("{}".utf8), source: "inline").forkServer == .auto)
        #expect(try FuzzHarnessConfiguration.parse(Data(#"{"forkServer":"never"}"#.utf8), source: "inline").forkServer == .never)
        #expect(throws: (any Error).self) { try FuzzHarnessConfiguration.parse(Data(#"{"forkServer":"sometimes"}"#.utf8), source: "inline") }
    }
}
