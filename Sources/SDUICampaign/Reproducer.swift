import Foundation
import SDUICrashAnalysis
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
    /// The libFuzzer + ASan build (which signs crashes) or the decoder's normal debug build.
    public enum Build: String, Sendable, Codable { case sanitizer, debug }
    public var build: Build
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

    /// What the harness is told for every replay of this run: a captured body's content encoding.
    var harnessConfiguration: FuzzHarnessConfiguration {
        var configuration = FuzzHarnessConfiguration()
        configuration.contentEncoding = options.contentEncoding
        return configuration
    }

    /// The configuration `input` is replayed under: a campaign's artifact under the one the
    /// campaign wrote beside it (its checks and content encoding, as triage replayed it), unless
    /// `--content-encoding` says otherwise; anything else under this run's.
    func configuration(for input: String) -> ReplayPlan.Configuration {
        if options.contentEncoding == nil, let file = FuzzArtifact(path: input)?.configuration,
           (try? FuzzHarnessConfiguration.read(from: file)) != nil {
            return .file(file)
        }
        return .inline(harnessConfiguration)
    }

    var limits: ReplayPlan.Limits { .init(timeout: options.timeout, rssLimitMB: options.rssLimitMB) }

    /// The sanitizer build's replay of `input`: what runs, and the line the report prints.
    public func sanitizerPlan(_ input: String) -> ReplayPlan {
        .replay(binary: fuzzBuilder.binary(options.decoder.product), configuration: configuration(for: input), limits: limits, inputs: [input])
    }

    /// The debug build's replay of `input`.
    public func debugPlan(_ input: String) -> ReplayPlan {
        .debugReplay(binary: debugBinary, configuration: configuration(for: input), limits: limits, inputs: [input])
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
        let plan = sanitizerPlan(input)
        guard FileManager.default.isExecutableFile(atPath: plan.binary) else {
            throw FuzzBuilder.BuildError.notInstrumented(product: options.decoder.product, reason: "\(relative(plan.binary)) is not built")
        }
        let triage = CrashTriage(packageRoot: packageRoot, fuzzProduct: options.decoder.product, generated: options.decoder.generated)
        return try replayTries(build: .sanitizer, command: plan.line(showing: relative)) { try triage.replay(plan).0 }
    }

    /// Replays `input` in the normal debug build (Swift's backtracer on), `tries` times, with the
    /// same timeout and a memory limit.
    public func debugReplay(_ input: String) throws -> ReplayOutcome {
        let plan = debugPlan(input)
        guard FileManager.default.isExecutableFile(atPath: plan.binary) else {
            throw FuzzBuilder.BuildError.notInstrumented(product: options.decoder.product, reason: "\(relative(plan.binary)) is not built")
        }
        let replay = DebugCrashReplay(packageRoot: packageRoot, product: options.decoder.product, generated: options.decoder.generated)
        return try replayTries(build: .debug, command: plan.line(showing: relative)) {
            try replay.analyse(plan, memoryLimitMB: options.rssLimitMB + 1024)
        }
    }

    /// What the plugged-in decoder itself makes of `input`, from its debug build with the harness
    /// asked to say so (``FuzzHarnessConfiguration/explains``, read back as outcome records): its
    /// own error (a coding path, a message), its rendering, or nil when it crashes before it can return.
    public func decoderOutcome(_ input: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: debugBinary) else { return nil }
        var plan = debugPlan(input)
        guard var configuration = try? plan.harnessConfiguration() else { return nil }
        configuration.explains = true
        plan.configuration = .inline(configuration)
        guard let run = try? HarnessRun(plan: plan) else { return nil }
        defer { run.remove() }
        let env = plan.processEnvironment(configurationFile: run.configurationFile, overrides: ["SWIFT_BACKTRACE": "enable=no"])
        let limited = Platform.memoryLimited(plan.binary, plan.arguments, limitMB: options.rssLimitMB + 1024)
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
    func replayTries(build: ReplayOutcome.Build, command: String, _ replay: () throws -> CrashAnalysis) throws -> ReplayOutcome {
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

    /// The harness configuration of `plan` for a process that is not given a file of its own
    /// (libFuzzer's minimizer runs it many times): the file, or the inline JSON.
    func inlineConfiguration(_ plan: ReplayPlan) -> [String: String] {
        switch plan.configuration {
        case .file(let path): [FuzzHarnessConfiguration.environmentVariable: path]
        case .inline(let configuration): configuration.inlineJSON.map { [FuzzHarnessConfiguration.environmentVariable: $0] } ?? [:]
        case nil: [:]
        }
    }

    public struct Minimized: Sendable, Codable {
        public var path: String
        public var originalSize: Int
        public var size: Int
        public var sameSignature: Bool
    }

    /// libFuzzer's crash minimization with a bounded budget; the result is kept only when its
    /// signature is the original's.
    public func minimize(_ input: String, signature: CrashIdentity, seconds: Int, into directory: String) throws -> Minimized {
        let binary = fuzzBuilder.binary(options.decoder.product)
        let output = directory + "/minimized-" + (input as NSString).lastPathComponent
        try? FileManager.default.removeItem(atPath: output)
        // libFuzzer's minimizer runs the binary again for each try: each is told what the replays
        // are (the sanitizer replay's plan, with the minimizer's flags).
        var plan = sanitizerPlan(input)
        plan.flags = ["-minimize_crash=1", "-max_total_time=\(seconds)", "-runs=1000000", "-timeout=\(options.timeout)",
                      "-rss_limit_mb=\(options.rssLimitMB)", "-exact_artifact_path=\(output)"]
        _ = try ProcessRunner.run(binary, plan.arguments, environment: plan.processEnvironment(configurationFile: nil).merging(inlineConfiguration(plan)) { $1 },
                                  timeout: Double(seconds * 3 + 30))
        let originalSize = (try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int) ?? 0
        guard FileManager.default.fileExists(atPath: output) else {
            return Minimized(path: input, originalSize: originalSize, size: originalSize, sameSignature: true)
        }
        var check = sanitizerPlan(output)
        check.configuration = plan.configuration
        let (checked, _) = try CrashTriage(packageRoot: packageRoot, fuzzProduct: options.decoder.product, generated: options.decoder.generated)
            .replay(check)
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        guard checked.signature == signature else {
            return Minimized(path: input, originalSize: originalSize, size: originalSize, sameSignature: false)
        }
        // The minimizer mutates with the target's strategy, which may turn a plain JSON crash into
        // a raw deflate stream that only the harness's guess opens: kept crashes are replayed as the
        // app's networking receives them (`assertKeptCrashesStayFixed`), so the smaller input must
        // arrive the way the original did, or the original is kept.
        let original = [UInt8](FileManager.default.contents(atPath: input) ?? Data())
        let smaller = [UInt8](FileManager.default.contents(atPath: output) ?? Data())
        let encodingGiven = (try? plan.harnessConfiguration().contentEncoding) != nil
        guard encodingGiven || PayloadSniffer.declaredForFuzzing(original) == PayloadSniffer.declaredForFuzzing(smaller) else {
            return Minimized(path: input, originalSize: originalSize, size: originalSize, sameSignature: true)
        }
        return Minimized(path: output, originalSize: originalSize, size: size, sameSignature: true)
    }
}
