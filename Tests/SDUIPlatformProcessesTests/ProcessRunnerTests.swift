import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import Testing

/// Children as the campaign runner and the gate start them: no blocked signal inherited, a hung
/// one asked then killed at its deadline, its own peak memory measured.
@Suite struct ProcessRunnerTests {
    @Test func childrenStartWithNoSignalBlocked() throws {
        // Block SIGALRM on this thread; a child that inherited the mask would survive the alarm.
        var alarm = sigset_t(), saved = sigset_t()
        sigemptyset(&alarm)
        sigaddset(&alarm, SIGALRM)
        pthread_sigmask(SIG_BLOCK, &alarm, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        let script = "kill -ALRM $$; sleep 1; echo survived"
        let viaRunner = try ProcessRunner.run("/bin/sh", ["-c", script], timeout: 30)
        #expect(!viaRunner.stdout.contains("survived"))
        #expect(viaRunner.status == SIGALRM)
        let measured = try MeasuredRun.run("/bin/sh", ["-c", script], environment: [:])
        #expect(!measured.stdout.contains("survived"))
        #expect(measured.status == 128 + SIGALRM)
    }

    @Test func aHungChildIsAskedThenKilledAtTheDeadline() throws {
        let started = Date()
        // SIGTERM is the polite question; the shell traps it and says so, then the deadline's
        // SIGKILL ends it with its group.
        let out = try ProcessRunner.run("/bin/sh", ["-c", "trap 'echo asked; exit 3' TERM; while :; do sleep 0.1; done"],
                                        timeout: 1, interruptSignal: SIGTERM, grace: 5)
        #expect(out.timedOut)
        #expect(out.stdout.contains("asked"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func measuredRunReportsTheChildsOwnPeak() throws {
        let python = try #require(Toolchain.tool("python3"))
        let small = try MeasuredRun.run(python, ["-c", "print(1)"], environment: ProcessInfo.processInfo.environment)
        let big = try MeasuredRun.run(python, ["-c", "b = bytearray(200 << 20); print(len(b))"],
                                      environment: ProcessInfo.processInfo.environment)
        #expect(small.status == 0 && big.status == 0)
        // At least what the child touched (a figure in KiB taken for bytes fails this). Linux keeps
        // a peak across exec, so the small run may carry this test process's size: no upper bound.
        #expect(big.maxRSSBytes >= 200 << 20)
        #expect(small.maxRSSBytes > 1 << 20)
        #expect(throws: MeasuredRun.SpawnError.self) { try MeasuredRun.run("/nonexistent/tool", [], environment: [:]) }
    }
}
