// Processes exist on Linux and macOS, not on iOS: there this module is empty.
#if os(Linux) || os(macOS)
import Foundation
import SDUIPlatform

/// Runs child processes: to completion with captured output, or streaming standard error line by
/// line (libFuzzer's status lines) while it runs. Foundation's `Process` spawns on Linux and macOS
/// alike; what differs (the signal mask a child inherits, aiming a signal at its main thread,
/// ending its process group) goes through ``Platform``.
public enum ProcessRunner {
    public struct Output: Sendable {
        /// The exit status, the signal number for a signal, or -1 when killed for its timeout.
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The deadline passed before it ended.
        public var timedOut: Bool { status == -1 }
    }

    /// The environment fuzzers and replays run in (see the fuzzing notes): no runtime backtracer
    /// (it breaks ASan reports), no leak checking (false positives for Swift), deterministic hashing.
    public static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=off"
        env["ASAN_OPTIONS"] = env["ASAN_OPTIONS"] ?? "detect_leaks=0"
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        if env["ASAN_SYMBOLIZER_PATH"] == nil, let symbolizer = Toolchain.tool("llvm-symbolizer") { env["ASAN_SYMBOLIZER_PATH"] = symbolizer }
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs to completion; output goes through temporary files so no pipe can fill up.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                    environment extra: [String: String] = [:], stdin: Data? = nil, timeout: Double? = nil,
                    interruptSignal: Int32? = nil, grace: Double = 10) throws -> Output {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let outURL = tmp.appendingPathComponent("out"), errURL = tmp.appendingPathComponent("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment(extra)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let stdin {
            let inURL = tmp.appendingPathComponent("in")
            try stdin.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try startUnblocked(process)
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning, let signal = interruptSignal {
                // Asked to explain itself first (e.g. SIGABRT: libFuzzer prints where it spins),
                // on its main thread, the one running the input.
                timedOut = true
                Platform.signalMainThread(process.processIdentifier, signal)
                let until = Date().addingTimeInterval(grace)
                while process.isRunning && Date() < until { usleep(20_000) }
            }
            if process.isRunning {
                timedOut = true
                Platform.killTree(process.processIdentifier)
                process.terminate()
            }
        }
        process.waitUntilExit()
        return Output(status: timedOut ? -1 : process.terminationStatus,
                      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
    }

    /// Starts `process` with no signal blocked. A child inherits the spawning thread's signal
    /// mask, and a Swift program's threads block most signals: a fuzzer started with SIGALRM
    /// blocked never reports a timeout (libFuzzer's `-timeout` is an alarm), and one with SIGABRT
    /// blocked cannot be asked for its stack.
    public static func startUnblocked(_ process: Process) throws {
        try Platform.withSignalsUnblocked { try process.run() }
    }

    /// Runs while handing every line of standard error to `onLine`; the lines also go to `log`.
    /// `deadline` (seconds) ends the process and its process group if it is still running then:
    /// a fork-mode fuzzer can wait forever on a child that deadlocked (libFuzzer's timeout handler
    /// allocates, and a timeout that lands inside `malloc` never returns).
    public static func stream(_ executable: String, _ arguments: [String], in directory: String, environment extra: [String: String] = [:],
                       deadline: Double? = nil, log: URL, onLine: @escaping (String) -> Void) throws -> Int32 {
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment(extra)
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try startUnblocked(process)
        if let deadline {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                guard process.isRunning else { return }
                FileHandle.standardError.write(Data("sdui fuzz: the fuzzer did not stop \(Int(deadline)) s after it started; ending it and its children\n".utf8))
                Platform.killTree(pid)
            }
        }
        var pending = Data()
        let reader = pipe.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            logHandle.write(chunk)
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0a) {
                onLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        if !pending.isEmpty { onLine(String(decoding: pending, as: UTF8.self)) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
#endif
