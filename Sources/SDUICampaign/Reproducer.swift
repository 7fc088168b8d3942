import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import SDUIFuzz

/// How to reproduce crash inputs.
public struct ReproOptions: Sendable {
    public var decoder: FuzzTargetSpec
    /// An HTTP `Content-Encoding` for captured response bodies (`gzip`, `deflate`, `identity`).
    public var contentEncoding: String?
    /// Replays per build; an input that crashes in some but not all is flaky, not fixed.
    public var tries = 3
    public var timeout = 1
    public var rssLimitMB = 2048
    public var debugReplay = true
    public var build = true

    public init(decoder: FuzzTargetSpec) { self.decoder = decoder }
}

/// One replay build's verdict on one input.
public struct ReplayOutcome: Sendable, Codable {
    public enum Verdict: String, Sendable, Codable { case reproduces, flaky, doesNotReproduce = "does-not-reproduce" }
    public var build: String
    public var tries: Int
    public var reproduced: Int
    public var verdict: Verdict
    /// The analysis of the first try that reproduced (or of the last try).
    public var analysis: CrashAnalysis
    public var command: String
}

/// Replays crash inputs through a decoder's sanitizer (libFuzzer + ASan) build and its normal
/// debug build, classifies them and signs them like the campaign report does.
public struct Reproducer: Sendable {
    public var options: ReproOptions
    public var packageRoot: String
    let fuzzBuilder: FuzzBuilder

    public init(options: ReproOptions, packageRoot: String) {
        self.options = options
        self.packageRoot = packageRoot
        self.fuzzBuilder = FuzzBuilder(packageRoot: packageRoot)
    }

    var environment: [String: String] { ["SWIFT_DETERMINISTIC_HASHING": "1"] }

    /// What the harness is told for every replay of this run: a captured body's content encoding.
    var harnessConfiguration: FuzzHarnessConfiguration {
        var configuration = FuzzHarnessConfiguration()
        configuration.contentEncoding = options.contentEncoding
        return configuration
    }

    /// Relative to the package root, but for a generated package (the harness's, not where the
    /// user is), whose paths stay whole so a printed command runs from anywhere.
    func relative(_ path: String) -> String {
        options.decoder.generated ? path : path.replacingOccurrences(of: packageRoot + "/", with: "")
    }

    /// Builds what the replays need (once per run, not per input).
    public func prepare() throws {
        guard options.build else { return }
        try fuzzBuilder.build(options.decoder.product)
        _ = try fuzzBuilder.verify(options.decoder.product)
        if options.debugReplay { try debugBuild() }
    }

    public var debugBinary: String { debugBuilder.binary(options.decoder.product) }

    /// The user's package builds where the plugin says (`SDUI_DEBUG_SCRATCH_PATH`); a generated
    /// package (the harness's own, never locked by SwiftPM) in its own `.build`.
    var debugBuilder: DebugBuilder {
        options.decoder.generated ? DebugBuilder(packageRoot: packageRoot, scratchPath: nil) : DebugBuilder(packageRoot: packageRoot)
    }

    func debugBuild() throws {
        _ = try debugBuilder.build(options.decoder.product)
    }

    /// Replays `input` in the sanitizer build, `tries` times.
    public func sanitizerReplay(_ input: String) throws -> ReplayOutcome {
        let binary = fuzzBuilder.binary(options.decoder.product)
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FuzzBuilder.BuildError.notInstrumented(product: options.decoder.product, reason: "\(relative(binary)) is not built")
        }
        let triage = CrashTriage(packageRoot: packageRoot, fuzzProduct: options.decoder.product, generated: options.decoder.generated)
        let command = ReproduceCommand.replay(binary: relative(binary), configuration: .inline(harnessConfiguration), timeout: options.timeout,
                                              rssLimitMB: options.rssLimitMB, inputs: [relative(input)]).description
        return try replayTries(build: "sanitizer", command: command) {
            try triage.replay(binary: binary, input: input, timeout: options.timeout,
                              rssLimitMB: options.rssLimitMB, configuration: harnessConfiguration, extraEnvironment: environment).0
        }
    }

    /// Replays `input` in the normal debug build (Swift's backtracer on), `tries` times, with the
    /// same timeout and a memory limit.
    public func debugReplay(_ input: String) throws -> ReplayOutcome {
        let binary = debugBinary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FuzzBuilder.BuildError.notInstrumented(product: options.decoder.product, reason: "\(relative(binary)) is not built")
        }
        var debug = ReproduceCommand(binary: relative(binary), configuration: .inline(harnessConfiguration), inputs: [relative(input)])
        debug.environment = [("SWIFT_BACKTRACE", "enable=yes")]
        let replay = DebugCrashReplay(packageRoot: packageRoot, product: options.decoder.product, generated: options.decoder.generated)
        var env = environment
        if let json = harnessConfiguration.inlineJSON { env[FuzzHarnessConfiguration.environmentVariable] = json }
        return try replayTries(build: "debug", command: debug.description) {
            try replay.analyse(binary: binary, input: input, timeout: options.timeout, memoryLimitMB: options.rssLimitMB + 1024,
                               environment: env)
        }
    }

    /// What the plugged-in decoder itself makes of `input`, from its debug build with the harness
    /// asked to say so (``FuzzHarnessConfiguration/explains``, read back as outcome records): its
    /// own error (a coding path, a message), its rendering, or nil when it crashes before it can return.
    public func decoderOutcome(_ input: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: debugBinary) else { return nil }
        var configuration = harnessConfiguration
        configuration.explains = true
        guard let run = try? HarnessRun(configuration: configuration, timeout: options.timeout, rssLimitMB: options.rssLimitMB) else { return nil }
        defer { run.remove() }
        var env = environment
        env[FuzzHarnessConfiguration.environmentVariable] = run.configurationFile
        env["SWIFT_BACKTRACE"] = "enable=no"
        let limited = Platform.memoryLimited(debugBinary, [input], limitMB: options.rssLimitMB + 1024)
        guard (try? ProcessRunner.run(limited.executable, limited.arguments, environment: env, timeout: Double(options.timeout))) != nil else { return nil }
        let said = run.records.flatMap { record -> [String] in
            guard case .explained(let verdict, let decoder) = record else { return [] }
            switch verdict {
            case .rejected(let error): return "\(decoder) rejected the input: \(error)".split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            case .decoded(let rendering):
                return ("\(decoder) decoded the input" + (rendering.map { ", rendering:\n" + $0 } ?? "")).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        guard !said.isEmpty else { return nil }
        let shown = said.prefix(12).joined(separator: "\n")
        return said.count > 12 ? shown + "\n… (\(said.count - 12) more lines)" : shown
    }

    /// Runs `replay` `tries` times; the outcome keeps the first analysis that reproduced.
    func replayTries(build: String, command: String, _ replay: () throws -> CrashAnalysis) throws -> ReplayOutcome {
        let tries = max(1, options.tries)
        var first: CrashAnalysis?
        var last: CrashAnalysis?
        var reproduced = 0
        for _ in 0..<tries {
            let analysis = try replay()
            last = analysis
            if analysis.kind != .notReproduced {
                reproduced += 1
                if first == nil { first = analysis }
            }
        }
        return ReplayOutcome(build: build, tries: tries, reproduced: reproduced,
                             verdict: Self.verdict(reproduced, of: tries), analysis: first ?? last!, command: command)
    }

    static func verdict(_ reproduced: Int, of tries: Int) -> ReplayOutcome.Verdict {
        reproduced == 0 ? .doesNotReproduce : reproduced == tries ? .reproduces : .flaky
    }

    public struct Minimized: Sendable, Codable {
        public var path: String
        public var originalSize: Int
        public var size: Int
        public var sameSignature: Bool
    }

    /// libFuzzer's crash minimization with a bounded budget; the result is kept only when its
    /// signature is the original's.
    public func minimize(_ input: String, signature: String, seconds: Int, into directory: String) throws -> Minimized {
        let binary = fuzzBuilder.binary(options.decoder.product)
        let output = directory + "/minimized-" + (input as NSString).lastPathComponent
        try? FileManager.default.removeItem(atPath: output)
        // libFuzzer's minimizer runs the binary again for each try: each is told what the replays are.
        var env = environment
        if let json = harnessConfiguration.inlineJSON { env[FuzzHarnessConfiguration.environmentVariable] = json }
        _ = try ProcessRunner.run(binary, ["-minimize_crash=1", "-max_total_time=\(seconds)", "-runs=1000000",
                                           "-timeout=\(options.timeout)", "-rss_limit_mb=\(options.rssLimitMB)",
                                           "-exact_artifact_path=\(output)", input],
                                  environment: env, timeout: Double(seconds * 3 + 30))
        let originalSize = (try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int) ?? 0
        guard FileManager.default.fileExists(atPath: output) else {
            return Minimized(path: input, originalSize: originalSize, size: originalSize, sameSignature: true)
        }
        let (check, _) = try CrashTriage(packageRoot: packageRoot, fuzzProduct: options.decoder.product, generated: options.decoder.generated).replay(
            binary: binary, input: output, timeout: options.timeout, rssLimitMB: options.rssLimitMB, configuration: harnessConfiguration,
            extraEnvironment: environment)
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        guard check.signature == signature else {
            return Minimized(path: input, originalSize: originalSize, size: originalSize, sameSignature: false)
        }
        return Minimized(path: output, originalSize: originalSize, size: size, sameSignature: true)
    }
}

/// Replays one input through a debug build (Swift's backtracer on, gdb where it cannot unwind) and
/// titles the crash as the fuzz report does: the contract gate uses it for a client that crashed.
public struct DebugCrashReplay: Sendable {
    public var packageRoot: String
    public var product: String
    /// The product is a generated target (its module is the decoder's own).
    public var generated: Bool

    public init(packageRoot: String, product: String, generated: Bool = false) {
        self.packageRoot = packageRoot
        self.product = product
        self.generated = generated
    }

    public func analyse(binary: String, input: String, timeout: Int, memoryLimitMB: Int = 4096,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CrashAnalysis {
        var env = environment
        env["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no"
        let parser = DebugReplayParser(packageRoot: packageRoot, classifier: FrameClassifier(fuzzProduct: product, generated: generated))
        // At the deadline SIGQUIT asks Swift's backtracer for the stack of where it spins.
        let limited = Platform.memoryLimited(binary, [input], limitMB: memoryLimitMB)
        let out = try ProcessRunner.run(limited.executable, limited.arguments, environment: env, timeout: Double(timeout), interruptSignal: SIGQUIT, grace: 4)
        var analysis = parser.analyse(output: out.stderr + out.stdout, status: out.status, timeout: timeout)
        // Swift's backtracer cannot unwind out of libc's abort() (a failed cast, a fatal runtime
        // error): it shows one `__pthread_kill` frame. A debugger, where installed, can (gdb on
        // Linux, lldb on macOS; optional: without one the title names no frame of the decoder).
        if analysis.kind == .crash, !analysis.frames.contains(where: \.isProject),
           let (debugger, path) = Toolchain.debugger(),
           let traced = try? ProcessRunner.run(path, debugger.backtraceArguments(binary: binary, arguments: [input]),
                                                environment: env.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
                                                timeout: Double(timeout) + 20) {
            let frames = parser.debuggerFrames(traced.stdout + traced.stderr, from: debugger)
            if frames.contains(where: \.isProject) {
                analysis.frames = frames
                analysis.title = CrashTriage.title(kind: analysis.kind, message: analysis.message, frames: frames)
            }
        }
        return analysis
    }
}

/// Reads the output of a debug-build replay (Swift's backtracer, or gdb's `bt`) into a ``CrashAnalysis``.
struct DebugReplayParser {
    var packageRoot: String
    var classifier: FrameClassifier

    /// `timeout` is the deadline the replay was stopped at, in seconds, for the title.
    func analyse(output: String, status: Int32, timeout: Int? = nil) -> CrashAnalysis {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var kind: CrashAnalysis.Kind
        if status == -1 { kind = .timeout }
        else if status == 0 { kind = .notReproduced }
        else if output.contains("out of memory") || output.lowercased().contains("cannot allocate") || output.lowercased().contains("could not allocate") || output.contains("failed to allocate")
                    || output.contains("std::bad_alloc") { kind = .oom }
        else { kind = .crash }
        var message = CrashTriage.runtimeMessage(lines)
        if message == nil, let crashed = lines.first(where: { $0.hasPrefix("*** Program crashed: ") }) {
            message = String(crashed.dropFirst("*** Program crashed: ".count).prefix { $0 != "*" }).trimmingCharacters(in: .whitespaces)
        }
        // The sanitizer build's words, so both builds title a hang alike.
        if kind == .timeout { message = timeout.map { "timeout after \($0) seconds" } ?? "timeout" }
        var frames: [CrashAnalysis.Frame] = []
        for line in lines {
            // `  2 [ra] 0x00005555d3fe22ff f(_:_:) + 254 in m at /path/m.swift:1:54`
            let trimmed = line.drop { $0 == " " }
            guard let index = Int(trimmed.prefix { $0.isNumber }), !trimmed.isEmpty else { continue }
            guard let addressRange = trimmed.range(of: " 0x") else { continue }
            let rest = trimmed[addressRange.upperBound...].drop { $0 != " " }.drop { $0 == " " }
            guard let inRange = rest.range(of: " in ", options: .backwards) else { continue }
            var function = String(rest[..<inRange.lowerBound])
            if let plus = function.range(of: " + ", options: .backwards) { function = String(function[..<plus.lowerBound]) }
            let tail = rest[inRange.upperBound...]
            let image = String(tail.prefix { $0 != " " })
            let location = tail.range(of: " at ").map { String(tail[$0.upperBound...]) } ?? ""
            frames.append(.init(index: index, function: function, location: relative(location.isEmpty ? image : location),
                                isProject: classifier.isProject(demangled: function, image: image, location: location)))
        }
        return CrashAnalysis(kind: kind, sanitizerKind: nil, message: message, frames: frames,
                             signature: "n/a (signatures come from the sanitizer build)",
                             title: CrashTriage.title(kind: kind, message: message, frames: frames))
    }

    /// Frames of a debugger's backtrace.
    func debuggerFrames(_ output: String, from debugger: Toolchain.Debugger) -> [CrashAnalysis.Frame] {
        switch debugger {
        case .gdb: gdbFrames(output)
        case .lldb: lldbFrames(output)
        }
    }

    /// Frames of lldb's `thread backtrace`:
    /// `  * frame #3: 0x0000000100003f2c FeedKit`$s7FeedKit…F + 44 at Feed.swift:12:5` or
    /// `    frame #0: 0x… libsystem_kernel.dylib`__pthread_kill + 8`.
    func lldbFrames(_ output: String) -> [CrashAnalysis.Frame] {
        var raw: [(index: Int, symbol: String, location: String)] = []
        for line in output.split(separator: "\n") {
            let body = line.drop { $0 == " " || $0 == "*" }
            guard body.hasPrefix("frame #") else { continue }
            let afterHash = body.dropFirst("frame #".count)
            guard let index = Int(afterHash.prefix { $0.isNumber }), let colon = afterHash.firstIndex(of: ":") else { continue }
            var rest = afterHash[afterHash.index(after: colon)...].drop { $0 == " " }
            if rest.hasPrefix("0x") { rest = rest.drop { $0 != " " }.drop { $0 == " " } }
            // `IMAGE`SYMBOL + N at FILE:LINE:COL`
            let image = rest.prefix { $0 != "`" }
            guard image.endIndex < rest.endIndex else { continue }
            let afterImage = rest[rest.index(after: image.endIndex)...]
            // A mangled name has no space; a demangled one (lldb's default format) ends at ` + N`.
            var symbol = String(afterImage)
            for end in [" + ", " at "] { if let r = symbol.range(of: end) { symbol = String(symbol[..<r.lowerBound]) } }
            var location = String(image)
            if let at = afterImage.range(of: " at ", options: .backwards) { location = String(afterImage[at.upperBound...]) }
            raw.append((index, symbol, location))
        }
        return frames(raw)
    }

    /// Frames of gdb's `bt`: `#9  0x0000… in $s7FeedKit…F () at /path/f.swift:12` or `… from /lib/libc.so.6`.
    func gdbFrames(_ output: String) -> [CrashAnalysis.Frame] {
        var raw: [(index: Int, symbol: String, location: String)] = []
        for line in output.split(separator: "\n") where line.hasPrefix("#") {
            let body = line.dropFirst()
            guard let index = Int(body.prefix { $0.isNumber }) else { continue }
            var rest = body.drop { $0.isNumber }.drop { $0 == " " }
            if rest.hasPrefix("0x"), let inRange = rest.range(of: " in ") { rest = rest[inRange.upperBound...] }
            let symbol = String(rest.prefix { $0 != " " })
            var location = ""
            if let at = rest.range(of: " at ", options: .backwards) { location = String(rest[at.upperBound...]) }
            else if let from = rest.range(of: " from ", options: .backwards) { location = String(rest[from.upperBound...]) }
            raw.append((index, symbol, location))
        }
        return frames(raw)
    }

    /// Debugger frames, demangled and judged (the decoder's own or plumbing).
    func frames(_ raw: [(index: Int, symbol: String, location: String)]) -> [CrashAnalysis.Frame] {
        let names = CrashTriage(packageRoot: packageRoot).demangle(raw.map(\.symbol))
        return raw.enumerated().map { n, frame in
            CrashAnalysis.Frame(index: frame.index, function: names[n], location: relative(frame.location),
                                isProject: classifier.isProject(symbol: frame.symbol, function: names[n],
                                                                location: frame.location))
        }
    }

    func relative(_ path: String) -> String { path.replacingOccurrences(of: packageRoot + "/", with: "") }
}
