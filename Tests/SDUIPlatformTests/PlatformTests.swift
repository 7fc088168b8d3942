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

    @Test func threadCPUTimeCountsWorkNotWaiting() throws {
        let start = try #require(Platform.threadCPUNanoseconds())
        Thread.sleep(forTimeInterval: 0.2)
        let afterSleep = try #require(Platform.threadCPUNanoseconds())
        #expect(afterSleep - start < 50_000_000)  // asleep: (almost) no CPU time
        var x: UInt64 = 1
        let wall = Date()
        while Date().timeIntervalSince(wall) < 0.2 { for i in 0..<10_000 { x = x &* 6364136223846793005 &+ UInt64(i) } }
        let afterWork = try #require(Platform.threadCPUNanoseconds())
        #expect(x != 0)
        #expect(afterWork - afterSleep > 20_000_000)  // busy for 0.2 s of wall time: some of it on a CPU
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
}
