// Processes exist on Linux and macOS, not on iOS: there this module is empty.
#if os(Linux) || os(macOS)
import CSDUIPlatform
import Foundation

/// A program run to completion with its own peak memory measured (wait4's rusage): what tests and
/// benchmarks that judge a child's memory use.
public struct MeasuredRun: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Peak resident memory of this child alone, in bytes.
    public var maxRSSBytes: Int

    public struct SpawnError: Error, CustomStringConvertible {
        public var executable: String
        public var code: Int32
        public var description: String { "cannot run \(executable): \(String(cString: strerror(code)))" }
    }

    /// Runs `executable` with `arguments`, `stdin` as its input and `environment` as its whole
    /// environment; output goes through temporary files, so no pipe can fill up.
    public static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [],
                           environment: [String: String]) throws -> MeasuredRun {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let inPath = dir.appendingPathComponent("stdin").path
        let outPath = dir.appendingPathComponent("stdout").path
        let errPath = dir.appendingPathComponent("stderr").path
        try Data(stdin).write(to: URL(fileURLWithPath: inPath))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var status: Int32 = 0
        var maxRSS: Int64 = 0
        let code = sdui_spawn_and_wait(executable, argv, envp, inPath, outPath, errPath, &status, &maxRSS)
        guard code == 0 else { throw SpawnError(executable: executable, code: code) }
        return MeasuredRun(status: status,
                           stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                           stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                           maxRSSBytes: Int(maxRSS))
    }
}
#endif
