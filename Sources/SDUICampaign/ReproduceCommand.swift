import Foundation
import SDUIFuzz

/// A fuzz binary's command line as a person types it to run inputs again: the environment every
/// replay needs, the harness configuration (a file beside the artifacts, or inline JSON), the
/// binary, libFuzzer's flags and the inputs. The one place the campaign, triage and `sdui repro`
/// make such lines, so they agree on what a reproduction needs.
public struct ReproduceCommand: Sendable, CustomStringConvertible {
    public enum Configuration: Sendable {
        /// A configuration file (as written by the campaign).
        case file(String)
        /// The configuration itself, as inline JSON (only keys that differ from the defaults).
        case inline(FuzzHarnessConfiguration)
    }

    public var binary: String
    public var configuration: Configuration?
    /// libFuzzer's flags (`-timeout=1`, …).
    public var flags: [String]
    /// Inputs or corpus folders.
    public var inputs: [String]
    /// The environment before the harness's: the sanitizer and runtime settings every replay needs.
    public var environment: [(String, String)] = [("SWIFT_BACKTRACE", "enable=off"), ("ASAN_OPTIONS", "detect_leaks=0"),
                                                  ("SWIFT_DETERMINISTIC_HASHING", "1")]

    public init(binary: String, configuration: Configuration? = nil, flags: [String] = [], inputs: [String]) {
        self.binary = binary
        self.configuration = configuration
        self.flags = flags
        self.inputs = inputs
    }

    /// The replay of kept inputs: one run each, with the campaign's limits.
    public static func replay(binary: String, configuration: Configuration?, timeout: Int, rssLimitMB: Int, inputs: [String]) -> ReproduceCommand {
        ReproduceCommand(binary: binary, configuration: configuration,
                         flags: ["-timeout=\(timeout)", "-rss_limit_mb=\(rssLimitMB)", "-malloc_limit_mb=\(rssLimitMB)", "-runs=1"], inputs: inputs)
    }

    /// The line, each word quoted for a POSIX shell where it needs it.
    public var description: String {
        var words = environment.map { "\($0.0)=\(Self.quoted($0.1))" }
        switch configuration {
        case .file(let path): words.append("\(FuzzHarnessConfiguration.environmentVariable)=\(Self.quoted(path))")
        case .inline(let configuration):
            if let json = configuration.inlineJSON { words.append("\(FuzzHarnessConfiguration.environmentVariable)=\(Self.quoted(json))") }
        case nil: break
        }
        return (words + [Self.quoted(binary)] + flags.map(Self.quoted) + inputs.map(Self.quoted)).joined(separator: " ")
    }

    static func quoted(_ word: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:+,@%")
        if !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
