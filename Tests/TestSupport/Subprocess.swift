import Foundation
import SDUIPlatformProcesses

/// What a finished child process did.
public typealias ProcessResult = MeasuredRun

/// Runs a program to completion, its output in temporary files (no pipe can fill up), with its own
/// peak memory measured (see `MeasuredRun` in the platform layer).
public func run(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [],
                environment: [String: String] = [:]) throws -> ProcessResult {
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=off"
    for (k, v) in environment { env[k] = v }
    return try MeasuredRun.run(executable.path, arguments, stdin: stdin, environment: env)
}
