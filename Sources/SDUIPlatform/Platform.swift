import CSDUIPlatform
import Foundation

/// The operating systems SDUIHarness runs on. Code above this module never asks which one it is:
/// it calls ``Platform``, ``ProcessRunner`` and ``Toolchain``, whose few decisions that differ by
/// system take a `HostOS` (defaulting to ``HostOS/current``) so that each branch can be tested on
/// any machine.
public enum HostOS: String, Sendable, CaseIterable {
    case linux
    case darwin

    /// The system this program was built for. (Other systems — Windows, Android — are not
    /// supported; they build as Linux would, and the README's platform table says so.)
    public static var current: HostOS {
        #if canImport(Darwin)
        .darwin
        #else
        .linux
        #endif
    }

    /// How people name it in messages.
    public var displayName: String { self == .darwin ? "macOS" : "Linux" }
}

/// Signals, memory figures, raw descriptors and symbol lookup, through one small C library
/// (`CSDUIPlatform`, a Linux and a Darwin branch in one POSIX file).
public enum Platform {
    // MARK: Signals

    /// Sends `signal` to the main thread of `pid` (the thread that runs a fuzzer's input), falling
    /// back to the process where a thread cannot be aimed at.
    public static func signalMainThread(_ pid: Int32, _ signal: Int32) { _ = sdui_signal_main_thread(pid, signal) }

    /// Sends `signal` to `pid` and its process group (a fork-mode fuzzer's children die with it).
    public static func killTree(_ pid: Int32, _ signal: Int32 = SIGKILL) { sdui_kill_tree(pid, signal) }

    /// Runs `body` with `banner` said on standard error should the process die of a crash signal
    /// meanwhile (a kept crash input that crashes again inside a test process: it cannot be
    /// caught, only named). Handlers chain to those installed before (the runtime's backtracer).
    public static func withCrashBanner<T>(_ banner: String, _ body: () throws -> T) rethrows -> T {
        sdui_crash_banner_set(banner)
        defer { sdui_crash_banner_clear() }
        return try body()
    }

    /// Sends `signal` to `pid` alone.
    @discardableResult
    public static func kill(_ pid: Int32, _ signal: Int32 = SIGKILL) -> Bool { sdui_kill(pid, signal) == 0 }

    /// Unblocks every signal on the calling thread (see `sdui_unblock_all_signals`).
    public static func unblockAllSignals() { sdui_unblock_all_signals() }

    /// Runs `body` with no signal blocked on this thread, then restores the mask: a child started
    /// in `body` inherits an empty mask (libFuzzer's timeouts and stack requests depend on it).
    public static func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
        let saved = UnsafeMutableRawPointer.allocate(byteCount: sdui_signal_mask_size(), alignment: 16)
        defer { saved.deallocate() }
        sdui_unblock_all_signals_saving(saved)
        defer { sdui_restore_signal_mask(saved) }
        return try body()
    }

    /// Ignores SIGPIPE: writing to a child that has exited is an error to handle, not death.
    public static func ignoreBrokenPipes() { sdui_ignore_sigpipe() }

    // MARK: Memory

    /// CPU time the calling thread has used, in nanoseconds, or nil where unknown: a single-threaded
    /// decode's cost, which a busy machine does not inflate as it does wall time.
    public static func threadCPUNanoseconds() -> UInt64? {
        let n = sdui_thread_cpu_nanoseconds()
        return n >= 0 ? UInt64(n) : nil
    }

    /// Peak resident memory of this process, in bytes, or nil where unknown.
    public static func peakResidentBytes() -> Int? {
        let n = sdui_peak_resident_bytes()
        return n >= 0 ? Int(n) : nil
    }

    /// Resident memory of `pid` now, in bytes, or nil where it cannot be read.
    public static func residentBytes(of pid: Int32) -> Int? {
        let n = sdui_resident_bytes(pid)
        return n >= 0 ? Int(n) : nil
    }

    /// Ids of the running processes whose executable is `executable` (symlinks resolved).
    public static func processes(running executable: String) -> [Int32] {
        let wanted = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        var pids = [Int32](repeating: 0, count: 65_536)
        let n = pids.withUnsafeMutableBufferPointer { sdui_list_processes($0.baseAddress, Int32($0.count)) }
        guard n > 0 else { return [] }
        return pids.prefix(Int(n)).filter { $0 > 0 && executablePath(of: $0) == wanted }
    }

    /// The executable `pid` runs (0: this process), or nil.
    public static func executablePath(of pid: Int32 = 0) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { sdui_process_executable(pid, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether an address-space limit is enforced for children (see ``memoryLimited(_:_:limitMB:os:)``).
    public static var enforcesAddressSpaceLimit: Bool { sdui_address_space_limit_enforced() != 0 }

    /// The command that runs `executable arguments` with its address space limited to `limitMB`,
    /// so a replay that allocates without bound fails instead of taking the machine. Linux: a
    /// shell's `ulimit -v`. Darwin does not enforce such a limit (setrlimit(RLIMIT_AS) is accepted
    /// and ignored), so the command is returned as it is: there a replay's memory is bounded by
    /// libFuzzer's `-rss_limit_mb`/`-malloc_limit_mb` in fuzz builds and not at all in debug builds.
    public static func memoryLimited(_ executable: String, _ arguments: [String], limitMB: Int,
                                     os: HostOS = .current) -> (executable: String, arguments: [String]) {
        switch os {
        case .linux: ("/bin/sh", ["-c", "ulimit -v \(limitMB * 1024); exec \"$0\" \"$@\"", executable] + arguments)
        case .darwin: (executable, arguments)
        }
    }

    // MARK: Descriptors and symbols

    /// Reads up to `count` bytes into `buffer`; bytes read, 0 at end of file, -1 on error.
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { sdui_read(fd, buffer, count) }

    /// Writes up to `count` bytes from `buffer`; bytes written, -1 on error.
    public static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { sdui_write(fd, buffer, count) }

    /// Writes all of `bytes`; false when the other end went away.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Appends `bytes` to the file at `path` in one write to a descriptor opened for appending
    /// (created if missing), so lines appended by concurrent processes stay whole. False on failure.
    @discardableResult
    public static func appendToFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { sdui_append_to_file(path, $0.baseAddress, $0.count) } == 0
    }

    public static func duplicate(_ fd: Int32) -> Int32 { sdui_dup(fd) }
    public static func duplicate(_ fd: Int32, onto target: Int32) { _ = sdui_dup2(fd, target) }

    /// libFuzzer's `LLVMFuzzerMutate` when this program is a libFuzzer build, else nil.
    public static func libFuzzerMutate() -> UnsafeMutableRawPointer? { sdui_libfuzzer_mutate() }

    /// Runs libFuzzer's driver with this program's arguments when a libFuzzer archive without
    /// `main` is linked in; its exit status, or nil when there is none (a normal build).
    public static func runLibFuzzerDriver() -> Int32? {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = sdui_run_libfuzzer_driver(&argc, &argv)
        return status == -1 ? nil : status
    }

    /// A function or variable of the running program by its C name, or nil.
    public static func symbol(named name: String) -> UnsafeMutableRawPointer? { sdui_lookup_symbol(name) }
}
