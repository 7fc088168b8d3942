import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a finished child process did.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Peak resident set size of this child alone, in bytes (wait4's rusage).
    public var maxRSSBytes: Int
}

/// Runs a program to completion with posix_spawn, its output in temporary files (no pipe can
/// fill up), and waits for it with wait4 so its own peak memory is known.
public func run(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [],
                environment: [String: String] = [:]) throws -> ProcessResult {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let inPath = dir.appendingPathComponent("stdin").path
    let outPath = dir.appendingPathComponent("stdout").path
    let errPath = dir.appendingPathComponent("stderr").path
    try Data(stdin).write(to: URL(fileURLWithPath: inPath))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=off"
    for (k, v) in environment { env[k] = v }
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }

    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
    guard spawned == 0 else {
        throw NSError(domain: "posix_spawn", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "cannot run \(executable.path)"])
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let exited = status & 0x7f == 0
    return ProcessResult(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
                         stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                         stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                         maxRSSBytes: Int(usage.ru_maxrss) * 1024)
}
