import Foundation
import SDUIFuzz

/// One replay of inputs through a fuzz binary (or a fuzz target's debug build), planned once: the
/// binary, libFuzzer's flags, the environment every replay needs, the harness configuration (a file
/// beside the artifacts, or inline JSON) and the inputs. The command that runs (``CrashTriage``,
/// ``DebugCrashReplay``) and the reproduce line a report prints (``line(showing:)``) are both made
/// from it, so the line a person copies is the replay triage ran: the run differs only in what
/// cannot be printed (its own outcome file, the unwinder it retries with, a deadline).
public struct ReplayPlan: Sendable, CustomStringConvertible {
    public enum Configuration: Sendable {
        /// A configuration file (as written by the campaign beside its artifacts).
        case file(String)
        /// The configuration itself, printed as inline JSON (only keys that differ from the defaults).
        case inline(FuzzHarnessConfiguration)
    }

    /// A replay's limits: libFuzzer's `-timeout` and `-rss_limit_mb`, and the harness's own.
    public struct Limits: Sendable, Hashable {
        public var timeout: Int
        public var rssLimitMB: Int
        public init(timeout: Int, rssLimitMB: Int) {
            self.timeout = timeout
            self.rssLimitMB = rssLimitMB
        }
    }

    public var binary: String
    public var configuration: Configuration?
    /// libFuzzer's flags (`-timeout=1`, …); none for a debug build.
    public var flags: [String]
    /// Inputs or corpus folders.
    public var inputs: [String]
    /// Set for a replay of single inputs (``replay(binary:configuration:limits:inputs:)``).
    public var limits: Limits?
    /// The environment before the harness's: the sanitizer and runtime settings every replay needs.
    public var environment: [(String, String)] = Self.sanitizerEnvironment

    /// What a sanitizer build's replay runs with: no backtracer of Swift's (ASan's stack is the
    /// one read), no leak report, hashing that does not change between runs.
    public static let sanitizerEnvironment = [("SWIFT_BACKTRACE", "enable=off"), ("ASAN_OPTIONS", "detect_leaks=0"),
                                              ("SWIFT_DETERMINISTIC_HASHING", "1")]

    public init(binary: String, configuration: Configuration? = nil, flags: [String] = [], inputs: [String]) {
        self.binary = binary
        self.configuration = configuration
        self.flags = flags
        self.inputs = inputs
    }

    /// The replay of inputs in a sanitizer build: one run each, with the campaign's limits.
    public static func replay(binary: String, configuration: Configuration?, limits: Limits, inputs: [String]) -> ReplayPlan {
        var plan = ReplayPlan(binary: binary, configuration: configuration,
                              flags: ["-timeout=\(limits.timeout)", "-rss_limit_mb=\(limits.rssLimitMB)",
                                      "-malloc_limit_mb=\(limits.rssLimitMB)", "-runs=1"],
                              inputs: inputs)
        plan.limits = limits
        return plan
    }

    /// The replay of a kept artifact in a sanitizer build, under the configuration the campaign
    /// wrote beside it (none beside it: the defaults).
    public static func replay(of artifact: FuzzArtifact, binary: String, limits: Limits) -> ReplayPlan {
        replay(binary: binary, configuration: artifact.configuration.map(Configuration.file), limits: limits, inputs: [artifact.path])
    }

    /// The replay of inputs in a fuzz target's debug build (``FuzzReplay``): Swift's backtracer on,
    /// no libFuzzer flags.
    public static func debugReplay(binary: String, configuration: Configuration?, limits: Limits, inputs: [String]) -> ReplayPlan {
        var plan = ReplayPlan(binary: binary, configuration: configuration, inputs: inputs)
        plan.limits = limits
        plan.environment = [("SWIFT_BACKTRACE", "enable=yes")]
        return plan
    }

    /// The harness configuration the replay runs under: the file's (read now) or the inline one.
    public func harnessConfiguration() throws -> FuzzHarnessConfiguration {
        switch configuration {
        case .file(let path): try FuzzHarnessConfiguration.read(from: path)
        case .inline(let configuration): configuration
        case nil: FuzzHarnessConfiguration()
        }
    }

    /// The environment of the run: the plan's, with `configurationFile` (the run's own copy of the
    /// configuration, which adds where its outcome records go) for the harness, then `overrides`.
    package func processEnvironment(configurationFile: String?, overrides: [String: String] = [:]) -> [String: String] {
        var environment: [String: String] = [:]
        for (name, value) in self.environment { environment[name] = value }
        environment[FuzzHarnessConfiguration.environmentVariable] = configurationFile
        return environment.merging(overrides) { $1 }
    }

    /// The arguments of the run.
    public var arguments: [String] { flags + inputs }

    /// The reproduce line with every path as it is.
    public var description: String { line(showing: { $0 }) }

    /// The reproduce line, each word quoted for a POSIX shell where it needs it; `shown` turns the
    /// binary, the configuration file, the inputs and the paths inside flags into what the reader
    /// types (relative to where they are).
    public func line(showing shown: (String) -> String) -> String {
        var words = environment.map { "\($0.0)=\(Self.quoted($0.1))" }
        switch configuration {
        case .file(let path): words.append("\(FuzzHarnessConfiguration.environmentVariable)=\(Self.quoted(shown(path)))")
        case .inline(let configuration):
            if let json = configuration.inlineJSON { words.append("\(FuzzHarnessConfiguration.environmentVariable)=\(Self.quoted(json))") }
        case nil: break
        }
        return (words + [Self.quoted(shown(binary))] + flags.map { Self.quoted(shown($0)) } + inputs.map { Self.quoted(shown($0)) })
            .joined(separator: " ")
    }

    static func quoted(_ word: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:+,@%")
        if !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
