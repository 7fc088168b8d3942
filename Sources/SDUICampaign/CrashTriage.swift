import Foundation

/// What replaying one crash input showed: its kind, the Swift runtime or sanitizer message, the
/// symbolized and demangled stack, and a stable signature (the same for the same bug).
public struct CrashAnalysis: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
        case crash, timeout, oom, leak
        case sanitizer = "sanitizer"
        case notReproduced = "no-longer-reproduces"
    }

    public struct Frame: Sendable, Hashable, Codable {
        public var index: Int
        public var function: String
        public var location: String
        /// The frame is in this project's sources (not the toolchain, libFuzzer or the harness).
        public var isProject: Bool
    }

    public var kind: Kind
    /// e.g. `heap-buffer-overflow` for a sanitizer report.
    public var sanitizerKind: String?
    /// The Swift runtime's `Fatal error: …` message, or the sanitizer's summary.
    public var message: String?
    public var frames: [Frame]
    public var signature: String
    /// A one-line title: kind, top project frame, message.
    public var title: String
}

public struct CrashTriage: Sendable {
    /// Absolute path of the package root, to tell project frames from the rest.
    public var packageRoot: String
    /// Source folders whose frames are harness plumbing, not the bug's location.
    public var harnessFolders = ["/Sources/SDUIFuzz/", "/Sources/FuzzTargets/", "/Sources/CFuzzerHooks/"]

    public init(packageRoot: String) {
        self.packageRoot = packageRoot
    }

    /// Replays `input` through `binary` once and analyses the output.
    public func replay(binary: String, input: String, timeout: Int, rssLimitMB: Int, extraEnvironment: [String: String] = [:]) throws -> (CrashAnalysis, String) {
        // libFuzzer's own -timeout does not always fire when it replays a single file: a hard
        // deadline a little later than it makes sure a hang ends, as a timeout.
        let out = try ProcessRunner.run(binary, ["-timeout=\(timeout)", "-rss_limit_mb=\(rssLimitMB)", "-runs=1", input],
                                        environment: extraEnvironment, timeout: Double(timeout) + 5)
        var text = out.stderr + out.stdout
        if out.status == -1 { text += "\n==0== ERROR: libFuzzer: timeout after \(timeout) seconds (killed by sdui)\n" }
        return (analyse(output: text, exitStatus: out.status, artifactName: (input as NSString).lastPathComponent), text)
    }

    /// Analyses libFuzzer/ASan output of a replay.
    public func analyse(output: String, exitStatus: Int32, artifactName: String = "") -> CrashAnalysis {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var kind: CrashAnalysis.Kind = .crash
        var sanitizerKind: String?
        var message: String?
        if output.contains("ERROR: libFuzzer: timeout") { kind = .timeout }
        else if output.contains("ERROR: libFuzzer: out-of-memory") || output.contains("ERROR: libFuzzer: malloc") { kind = .oom }
        else if output.contains("ERROR: LeakSanitizer") { kind = .leak }
        else if let line = lines.first(where: { $0.contains("ERROR: AddressSanitizer: ") }) {
            let rest = line.components(separatedBy: "ERROR: AddressSanitizer: ")[1]
            sanitizerKind = String(rest.prefix { $0 != " " })
            kind = sanitizerKind == "deadly" ? .crash : .sanitizer
        } else if exitStatus == 0 {
            kind = .notReproduced
        }
        if let fatal = lines.first(where: { $0.contains("Fatal error: ") }) {
            message = String(fatal.components(separatedBy: "Fatal error: ").dropFirst().joined(separator: "Fatal error: "))
        } else if let failure = lines.first(where: { $0.contains(" in Swift runtime failure: ") }) {
            let text = failure.components(separatedBy: " in Swift runtime failure: ")[1]
            message = String(text.components(separatedBy: " /<compiler-generated>")[0])
        } else if let summary = lines.first(where: { $0.hasPrefix("SUMMARY: ") }) {
            message = String(summary.dropFirst("SUMMARY: ".count))
        } else if kind == .timeout || kind == .oom, let line = lines.first(where: { $0.contains("ERROR: libFuzzer:") }) {
            message = line.components(separatedBy: "ERROR: libFuzzer: ").last
        }
        // The stack: the first run of `#N 0x… in SYMBOL LOCATION` lines after the error.
        var frames = parseFrames(lines)
        let demangled = demangle(frames.map(\.function))
        for i in frames.indices {
            frames[i].function = demangled[i]
        }
        let projectFrames = frames.filter(\.isProject)
        let normalizedMessage = (message ?? "").replacingOccurrences(of: #"0x[0-9a-fA-F]+|\d+"#, with: "N", options: .regularExpression)
        let key = ([kind.rawValue, sanitizerKind ?? "", String(normalizedMessage.prefix(200))]
                   + projectFrames.prefix(3).map(\.function)).joined(separator: "|")
        let signature = "\(kind.rawValue)-" + String(fnv1a(key), radix: 16).leftPad(16).prefix(12)
        var title = kind.rawValue
        if let top = projectFrames.first { title += " in \(top.function)" }
        if let message { title += ": \(message.prefix(160))" }
        if kind == .notReproduced { title = "no longer reproduces" }
        return CrashAnalysis(kind: kind, sanitizerKind: sanitizerKind, message: message, frames: frames,
                             signature: kind == .notReproduced ? "none" : signature, title: title)
    }

    func parseFrames(_ lines: [String]) -> [CrashAnalysis.Frame] {
        var frames: [CrashAnalysis.Frame] = []
        var started = false
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("#"), let space = trimmed.firstIndex(of: " ") else {
                if started && !frames.isEmpty { break }
                continue
            }
            let indexText = trimmed.dropFirst().prefix { $0.isNumber }
            guard let index = Int(indexText), indexText.count == trimmed.distance(from: trimmed.index(after: trimmed.startIndex), to: space) else {
                if started && !frames.isEmpty { break }
                continue
            }
            if index == 0 && !frames.isEmpty { break }  // a second stack (e.g. allocation site): keep the first
            started = true
            let rest = trimmed[space...].drop { $0 == " " }
            // `0xADDR in FUNCTION LOCATION` or `0xADDR (binary+0xOFF)`
            let parts = rest.split(separator: " ", maxSplits: 2).map(String.init)
            var function = "?", location = ""
            if parts.count >= 3, parts[1] == "in" {
                let tail = parts[2]
                if let lastSpace = tail.lastIndex(of: " ") {
                    function = String(tail[..<lastSpace])
                    location = String(tail[tail.index(after: lastSpace)...])
                } else {
                    function = tail
                }
            } else if parts.count >= 2 {
                location = parts[1]
            }
            let isProject = location.hasPrefix(packageRoot + "/Sources/") && !harnessFolders.contains { location.contains($0) }
            let relative = location.hasPrefix(packageRoot + "/") ? String(location.dropFirst(packageRoot.count + 1)) : location
            frames.append(.init(index: index, function: function, location: relative, isProject: isProject))
        }
        return frames
    }

    /// Demangles Swift symbols with the toolchain's `swift-demangle --simplified`.
    func demangle(_ symbols: [String]) -> [String] {
        guard symbols.contains(where: { $0.hasPrefix("$s") || $0.hasPrefix("_$s") }),
              let tool = Toolchain.tool("swift-demangle"),
              let out = try? ProcessRunner.run(tool, ["--simplified"], stdin: Data(symbols.joined(separator: "\n").utf8)) else {
            return symbols
        }
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.count >= symbols.count ? Array(lines.prefix(symbols.count)) : symbols
    }
}

func fnv1a(_ s: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return hash
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
