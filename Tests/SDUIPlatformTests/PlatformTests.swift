import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import Testing

/// The platform layer's calls, run for real on this system; the branches for the other system are
/// tested where they are plain decisions (ToolchainTests, memoryLimited below).
@Suite struct PlatformTests {
    @Test func thisProcessIsFoundByItsExecutable() throws {
        let me = try #require(Platform.executablePath())
        #expect(FileManager.default.isExecutableFile(atPath: me))
        let pid = ProcessInfo.processInfo.processIdentifier
        #expect(Platform.processes(running: me).contains(pid))
        #expect(!Platform.processes(running: "/nonexistent/sdui-binary").contains(pid))
    }

    @Test func memoryFiguresAreBytesAndGrow() throws {
        let before = try #require(Platform.peakResidentBytes())
        let now = try #require(Platform.residentBytes(of: ProcessInfo.processInfo.processIdentifier))
        // A test runner is megabytes, not kilobytes: a figure in KiB taken for bytes fails this.
        #expect(before > 4 << 20)
        #expect(now > 4 << 20)
        // Touch more than the whole peak so far: the new peak is at least that block.
        let size = before + (32 << 20)
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        memset(block, 1, size)
        let after = try #require(Platform.peakResidentBytes())
        #expect(after >= size)
        #expect(Platform.residentBytes(of: -5) == nil)
    }

    @Test func symbolsOfTheRunningProgramAreFound() {
        #expect(Platform.symbol(named: "malloc") != nil)
        // Not a fuzz build: libFuzzer's mutator is absent, and asking for it must not crash.
        #expect(Platform.symbol(named: "LLVMFuzzerMutate") == nil)
        #expect(Platform.libFuzzerMutate() == nil)
    }

    @Test func descriptorsReadAndWrite() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        #expect(Platform.writeAll(fds[1], Array("frame".utf8)))
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = buffer.withUnsafeMutableBytes { Platform.read(fds[0], $0.baseAddress!, 16) }
        #expect(n == 5)
        #expect(Array(buffer.prefix(5)) == Array("frame".utf8))
    }

    @Test func memoryLimitIsAShellOnLinuxAndNothingOnDarwin() {
        let linux = Platform.memoryLimited("/bin/app", ["in put"], limitMB: 100, os: .linux)
        #expect(linux.executable == "/bin/sh")
        #expect(linux.arguments == ["-c", "ulimit -v 102400; exec \"$0\" \"$@\"", "/bin/app", "in put"])
        let darwin = Platform.memoryLimited("/bin/app", ["in put"], limitMB: 100, os: .darwin)
        #expect(darwin.executable == "/bin/app")
        #expect(darwin.arguments == ["in put"])
    }

    @Test(.enabled(if: Platform.enforcesAddressSpaceLimit))
    func memoryLimitStopsAnAllocationHere() throws {
        let python = try #require(Toolchain.tool("python3"))
        let hog = Platform.memoryLimited(python, ["-c", "b = bytearray(1 << 30); print('allocated')"], limitMB: 200)
        let out = try ProcessRunner.run(hog.executable, hog.arguments, timeout: 60)
        #expect(out.status != 0)
        #expect(!out.stdout.contains("allocated"))
        let fine = Platform.memoryLimited(python, ["-c", "print('small')"], limitMB: 200)
        #expect(try ProcessRunner.run(fine.executable, fine.arguments, timeout: 60).stdout == "small\n")
    }

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
