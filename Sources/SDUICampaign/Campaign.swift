import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import SDUIFuzz
import SDUILiteralMining
// Crash analysis (CrashAnalysis, CrashTriage, the debug replays) is the campaign's vocabulary too.
import SDUICrashAnalysis

/// Settings of one fuzz campaign.
public struct CampaignOptions: Sendable {
    public var targets: [FuzzTargetSpec]
    /// Seconds of fuzzing per target.
    public var secondsPerTarget: Int = 20
    /// Parallel fuzzing processes per target (`-fork=N`).
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    public var maxLength: Int = 65_536
    /// Seconds before an input counts as a timeout. A screen decoder that needs a second is a
    /// bug for an app (it freezes the screen), so the default is one second; inputs slower than
    /// 100 ms are reported as slow (the harness configuration's `slowMilliseconds`).
    public var timeout: Int = 1
    public var rssLimitMB: Int = 2048
    /// A dictionary file to use instead of the one generated from the seeds.
    public var dictionary: String?
    /// Mine the decoder's sources and the fuzz binary for the literals and constants it compares
    /// against, and add them to the generated dictionary.
    public var mineDecoder = true
    /// More source folders to mine (a decoder in a dependency whose sources are elsewhere).
    public var extraDecoderSources: [String] = []
    /// libFuzzer's value profile (`-use_value_profile=1`): comparison operands as coverage. Off by
    /// default: on JSON decoders it fills the corpus with undecodable inputs whose only novelty
    /// is a compared byte (measured on Benchmarks/PlantedBugs: no crash in 120 s with it on two
    /// decoders, three bugs in 60 s without). libFuzzer's CMP tracing still feeds its own mutations.
    public var valueProfile = false
    /// Plain libFuzzer, for baselines: no dictionary, no custom mutator (the harness configuration's `plain`),
    /// no value profile.
    public var plain = false
    /// Where the campaign writes its corpus, crashes, logs and reports.
    public var output: String
    /// Fold new coverage into `Corpus/fuzz/<target>/` at the end (`-merge=1`).
    public var merge = false
    /// Build (and verify) the fuzz binaries first.
    public var build = true
    /// End a target's run at its first crash instead of fuzzing on for the whole budget.
    public var stopOnCrash = false
    /// After fuzzing, build the coverage replayers and report what the campaign's corpus reaches.
    /// A libFuzzer archive without `main` to build with, for a toolchain that has no libFuzzer
    /// (see ``FuzzBuilder``); nil: the toolchain's.
    public var libFuzzerArchive: String?
    public var coverage = false
    /// End inputs early inside hangs already reported, and keep a new hang's input at the timeout
    /// without ending the job (``CrashSites/watchHangs(checkAfterMilliseconds:keepAfterMilliseconds:)``).
    /// Only with ``skipKnownCrashes`` (the hangs share its file). Off: `--no-hang-watch`.
    public var watchHangs = true
    /// Whether fuzzing jobs run inputs in a fork server's child, so what a crash-dense decoder leaks
    /// on each skipped crash goes with the child (``ForkServerMode``; `--fork-server`). Only with
    /// ``skipKnownCrashes``.
    public var forkServer = ForkServerMode.auto
    /// Skip crashes at sites already reported instead of restarting the fuzzing process after each
    /// (see ``CrashSites``): a crash-dense decoder keeps its speed. Off: libFuzzer's own behaviour,
    /// one job restart per crash (`--restart-on-crash`, for comparisons).
    public var skipKnownCrashes = true
    /// Replay each timeout in a build of the target without sanitizers (`.build-fuzz-plain`, built
    /// only when there is one) and label it hang, slowdown or instrumentation (``TimeoutReplay``).
    public var measureTimeouts = true
    /// Markdown added at the end of report.md (the decoder slice and the seeds found, for a
    /// decoder plugged in where it lives).
    public var reportAppendix: String?

    public init(targets: [FuzzTargetSpec], output: String) {
        self.targets = targets
        self.output = output
    }
}

/// What happened to one target in a campaign.
public struct TargetResult: Sendable, Codable {
    public struct Crash: Sendable, Codable {
        /// At ``CrashIdentity/Resolution-swift.enum/source`` resolution.
        public var signature: CrashIdentity
        public var kind: CrashAnalysis.Kind
        public var title: String
        public var message: String?
        /// Every input with this signature (relative to the package root); the first reproduces it.
        public var inputs: [String]
        public var frames: [CrashAnalysis.Frame]
        public var reproduce: String
        /// Seconds from the start of fuzzing to the first input with this signature (the time to
        /// find this bug), from the inputs' modification times.
        public var firstSeconds: Double?
        /// Signatures of inputs that fail at the same site and were joined to this one
        /// (``CrashGrouping``): an unlined frame, another sample of one hang, another kind.
        public var alsoSignedAs: [CrashIdentity]? = nil
        /// The other kinds the site fails as (an allocation sized by the payload: oom, timeout…).
        public var alsoKinds: [CrashAnalysis.Kind]? = nil
        /// Why an input that looks like another site's was not joined to it.
        public var groupingNote: String? = nil
        /// The fuzz engine's keys of the sites its inputs were kept under while fuzzing (the lines of
        /// `logs/<target>.crash-sites`, the names `crash-<key>`); none for an input libFuzzer kept.
        public var siteKeys: [CrashIdentity]? = nil
        /// A timeout replayed without sanitizers: its cost there, size, depth and label (nil for
        /// another kind, or when the campaign did not measure it).
        public var timeoutCheck: TimeoutMeasurement? = nil

        /// Whether this finding fails the campaign: every one but a timeout that is the price of
        /// instrumentation (``TimeoutLabel/instrumentation``).
        public var failsCampaign: Bool { timeoutCheck?.failsCampaign ?? true }
    }

    public var target: String
    public var product: String
    public var seconds: Double
    public var jobs: Int
    public var counters: Int
    public var execsPerSecond: Int?
    public var executions: Int?
    public var coverageStart: Int?
    public var coverageEnd: Int?
    public var corpusStart: Int
    public var corpusEnd: Int
    public var peakRSSMB: Int?
    public var crashes: [Crash]
    /// Inputs that decoded within the timeout but slower than the harness's threshold
    /// (`slow-<ms>ms-<hash>` artifacts).
    public var slowInputs: [String] = []
    /// Artifacts past the triage cap (the earliest are replayed; the rest are kept, not replayed).
    public var untriaged: [String] = []
    /// Inputs kept during fuzzing that did not crash when replayed in a fresh process: not
    /// reported as bugs (a fuzzing process that skipped many crashes may be in a state of its own).
    public var unconfirmed: [String] = []
    public var merged: Int?
    /// Seconds spent replaying and grouping the artifacts after fuzzing (nil in reports written
    /// before it was measured).
    public var triageSeconds: Double?
    /// Seconds from the start of fuzzing to the first crash input written, if any.
    public var firstCrashSeconds: Double?
    public var command: String
    /// Coverage and corpus size against time, from the status lines.
    public var timeline: [TimelinePoint]
    /// Largest resident set among the target's processes, sampled each second.
    public var memoryTimeline: [MemoryPoint]
    /// Each mutation move's uses and the new coverage the inputs it made reached, summed over the
    /// campaign's jobs (from their outcome records); nil in reports written before they were counted.
    public var mutationMoves: [MutationMoveStatistic]? = nil
    /// Jobs that ended themselves early (their skipped crashes' leaks neared the memory limit).
    public var jobsEndedEarly: Int? = nil
    /// Inputs the hang watch ended early inside a hang already known (each would otherwise have
    /// run to the timeout and ended its job); nil in reports written before they were counted.
    public var hangsEndedEarly: Int? = nil

    /// The findings that fail the campaign (exit status 1): all but timeouts labelled instrumentation.
    public var failingCrashes: [Crash] { crashes.filter(\.failsCampaign) }
}

public struct MemoryPoint: Sendable, Codable, Hashable {
    public var second: Double
    public var maxRSSMB: Int
}

public struct TimelinePoint: Sendable, Codable, Hashable {
    public var second: Double
    public var coverage: Int
    public var corpus: Int
}

/// Runs fuzz campaigns: build and verify the binaries, fuzz each target for its budget with live
/// progress, keep every crash input, triage and deduplicate crashes, write the reports.
public final class Campaign: @unchecked Sendable {
    public let options: CampaignOptions
    public let packageRoot: String
    let builder: FuzzBuilder
    let progress: (String) -> Void

    public init(options: CampaignOptions, packageRoot: String, progress: @escaping (String) -> Void) {
        self.options = options
        self.packageRoot = packageRoot
        self.builder = FuzzBuilder(packageRoot: packageRoot, libFuzzerArchive: options.libFuzzerArchive)
        self.progress = progress
    }

    func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : packageRoot + "/" + path }
    /// `path` (or a `-flag=path` argument) relative to the package root, for commands in reports.
    func relative(_ path: String) -> String {
        // A generated package is the harness's, not where the user is: its paths stay whole, so
        // a printed command runs from anywhere.
        if options.targets.contains(where: \.generated) { return path }
        return path.replacingOccurrences(of: packageRoot + "/", with: "")
    }

    public func run() throws -> [TargetResult] {
        let output = absolute(options.output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var counters: [String: Int] = [:]
        for target in options.targets {
            if options.build, builder.isUpToDate(target.product) {
                progress("\(target.product): up to date (built by this recipe after its package's files last changed)")
            } else if options.build {
                progress("building \(target.product) (\(builder.buildCommand(target.product)))")
                try builder.build(target.product)
            }
            let check = try builder.verify(target.product)
            counters[target.name] = check.counters
            progress("\(target.product): \(check.counters) inline 8-bit counters, AddressSanitizer on")
        }
        var results: [TargetResult] = []
        for target in options.targets {
            results.append(try fuzz(target, counters: counters[target.name] ?? 0, output: output))
        }
        var report = CampaignReport(results: results, options: options, packageRoot: packageRoot)
        // Coverage and corpus against time: one plot per target, so a plateau is visible.
        try FileManager.default.createDirectory(atPath: output + "/plots", withIntermediateDirectories: true)
        for r in results {
            let svg = CoveragePlot.svg(r.timeline, title: "\(r.target): coverage and corpus over \(Int(r.seconds)) s")
            try Data(svg.utf8).write(to: URL(fileURLWithPath: output + "/plots/\(r.target).svg"), options: .atomic)
        }
        if options.coverage {
            progress("coverage: building the instrumented replayers and replaying the campaign's corpus")
            let corpora = options.targets.map { t in (product: t.product, paths: t.seeds.map(absolute) + [output + "/corpus/" + t.name]) }
            report.coverage = try CoverageReport(packageRoot: packageRoot).run(corpora, output: output + "/coverage")
        }
        try report.write(to: output)
        return results
    }

    /// Where one target's campaign keeps what it makes.
    struct TargetPaths {
        let corpus, artifacts, logs, dictionaryFolder: String
        /// The crash sites met, shared by the target's fork-mode jobs.
        let knownCrashes: String
        let outcomes: String
        /// What the jobs are told, and beside the artifacts what replaying one of them needs.
        let jobsConfiguration, replayConfiguration: String
        /// What the campaign learned of the seeds, for every job (``LearnedCorpus``).
        let learned: String
        let log: String

        init(output: String, target: String) {
            corpus = output + "/corpus/" + target
            artifacts = output + "/artifacts/" + target
            logs = output + "/logs"
            dictionaryFolder = output + "/dict"
            knownCrashes = "\(logs)/\(target).crash-sites"
            outcomes = "\(logs)/\(target).outcomes.jsonl"
            jobsConfiguration = "\(logs)/\(target).\(FuzzHarnessConfiguration.fileName)"
            replayConfiguration = "\(artifacts)/\(FuzzHarnessConfiguration.fileName)"
            learned = "\(logs)/\(target).learned.json"
            log = "\(logs)/\(target).log"
        }
    }

    /// What libFuzzer's status lines and the memory sampler saw of one fuzzing run.
    struct FuzzRun {
        var first: LibFuzzerStatus?
        var last = LibFuzzerStatus()
        var timeline: [TimelinePoint] = []
        var exitStatus: Int32 = 0
        var seconds: Double = 0
        var memory: (peakMB: Int, samples: [(second: Double, maxMB: Int)]) = (0, [])
    }

    func fuzz(_ target: FuzzTargetSpec, counters: Int, output: String) throws -> TargetResult {
        let fm = FileManager.default
        let paths = TargetPaths(output: output, target: target.name)
        for dir in [paths.corpus, paths.artifacts, paths.logs, paths.dictionaryFolder] { try fm.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        let seeds = target.seeds.map(absolute).filter { fm.fileExists(atPath: $0) }
        let binary = builder.binary(target.product)
        let dictionary = try dictionaryFile(for: target, seeds: seeds, binary: binary, paths: paths)
        let arguments = libFuzzerArguments(paths: paths, seeds: seeds, dictionary: dictionary)
        // Plain libFuzzer (the baseline of benchmarks) is libFuzzer as it is: a restart per crash.
        let skipsKnownCrashes = options.skipKnownCrashes && !options.stopOnCrash && !options.plain
        for stale in [paths.knownCrashes, paths.outcomes] { try? fm.removeItem(atPath: stale) }
        var harness = harnessConfiguration(seeds: seeds, dictionary: dictionary, artifacts: paths.artifacts,
                                           knownCrashes: skipsKnownCrashes ? paths.knownCrashes : nil, outcomes: paths.outcomes)
        if !options.plain { try learnOnce(&harness, target: target, seeds: seeds, dictionary: dictionary, file: paths.learned) }
        try harness.relative(to: paths.logs).write(to: paths.jobsConfiguration)
        try harness.forReplay.write(to: paths.replayConfiguration)
        // A crash's stack is symbolized by triage, once per bug. Symbolized in the campaign too it
        // costs most of a second per crash input (llvm-symbolizer on the whole fuzz binary), and a
        // shallow bug found again and again would eat the budget meant for the deeper ones.
        let asanOptions = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] ?? "detect_leaks=0:symbolize=0"
        let environment = [FuzzHarnessConfiguration.environmentVariable: paths.jobsConfiguration, "ASAN_OPTIONS": asanOptions]
        var plan = ReplayPlan(binary: binary, configuration: .file(paths.jobsConfiguration),
                              flags: arguments.filter { $0.hasPrefix("-") }, inputs: arguments.filter { !$0.hasPrefix("-") })
        plan.environment = [("SWIFT_BACKTRACE", "enable=off"), ("ASAN_OPTIONS", asanOptions)]
        let command = plan.line(showing: relative)

        let start = Date()
        let run = try runFuzzer(binary, arguments, environment: environment, target: target.name, paths: paths, start: start)
        // A fuzzer that never got to fuzzing (it died in its own initialisation, say) must not read
        // as a campaign that found nothing.
        let log = (try? String(contentsOfFile: paths.log, encoding: .utf8)) ?? ""
        if run.first == nil, !log.contains("INFO: Loaded") {
            throw CampaignError.fuzzerDidNotStart(target: target.name, status: run.exitStatus, log: relative(paths.log), command: command,
                                                  output: String(log.suffix(1500)))
        }
        let records = FuzzOutcomeRecord.read(from: paths.outcomes)
        let triageStart = Date()
        var triaged = try triage(target: target, binary: binary, artifacts: paths.artifacts, start: start)
        if options.measureTimeouts { measureTimeouts(&triaged, target: target) }
        let (crashes, untriaged, unconfirmed) = (triaged.crashes, triaged.untriaged, triaged.unconfirmed)
        let triageSeconds = Date().timeIntervalSince(triageStart)
        let artifacts = FuzzArtifact.all(under: paths.artifacts)
        let slow = artifacts.filter { !$0.isFinding }.map(\.path)
        let firstCrash = artifacts.filter(\.isFinding).compactMap(\.written).min().map { max(0, $0.timeIntervalSince(start)) }
        let merged = options.merge ? try merge(target: target, binary: binary, corpus: paths.corpus) : nil
        let corpusStart = seeds.reduce(0) { $0 + CorpusReader.files(under: $1).count }
        return TargetResult(
            target: target.name, product: target.product, seconds: run.seconds, jobs: options.jobs, counters: counters,
            execsPerSecond: run.last.execsPerSecond, executions: run.last.executions,
            coverageStart: run.first?.coverage, coverageEnd: run.last.coverage,
            corpusStart: corpusStart, corpusEnd: corpusStart + CorpusReader.files(under: paths.corpus).count,
            peakRSSMB: run.memory.peakMB > 0 ? run.memory.peakMB : run.last.rssMB, crashes: crashes, slowInputs: slow.map(relative),
            untriaged: untriaged, unconfirmed: unconfirmed, merged: merged, triageSeconds: triageSeconds, firstCrashSeconds: firstCrash,
            command: command, timeline: run.timeline,
            memoryTimeline: run.memory.samples.map { MemoryPoint(second: $0.second, maxRSSMB: $0.maxMB) },
            mutationMoves: options.plain ? nil : MutationMoveStatistic.sum(records.compactMap { if case .mutationMoves(let m) = $0 { m } else { nil } }),
            jobsEndedEarly: records.filter { if case .jobEnded = $0 { true } else { false } }.count,
            hangsEndedEarly: records.filter { if case .hangEnded(_, newSite: false) = $0 { true } else { false } }.count)
    }

    /// The dictionary the target is fuzzed with: the one given, else one learnt from the seeds and
    /// mined from the decoder (written to `dict/<target>.dict`); none for plain libFuzzer.
    func dictionaryFile(for target: FuzzTargetSpec, seeds: [String], binary: String, paths: TargetPaths) throws -> String? {
        if let given = options.dictionary { return absolute(given) }
        guard !options.plain else { return nil }
        let dictionary = paths.dictionaryFolder + "/\(target.name).dict"
        var learnt = FuzzDictionary(learningFrom: CorpusReader.documents(in: seeds))
        if options.mineDecoder {
            learnt.add(mineLiterals(target, binary: binary))
            progress("\(target.name): dictionary of \(learnt.keys.count) keys, \(learnt.kinds.count + learnt.enumValues.count) corpus values, "
                     + "\(learnt.literals.count) literals and \(learnt.numbers.count) numbers mined from the decoder")
        }
        try learnt.libFuzzerFormat.write(toFile: dictionary, atomically: true, encoding: .utf8)
        return dictionary
    }

    /// libFuzzer's command line for the campaign: fork mode, the limits, the corpus and the seeds.
    func libFuzzerArguments(paths: TargetPaths, seeds: [String], dictionary: String?) -> [String] {
        ["-fork=\(max(1, options.jobs))"]
            + (options.stopOnCrash ? [] : ["-ignore_crashes=1", "-ignore_timeouts=1", "-ignore_ooms=1"])
            + ["-max_total_time=\(options.secondsPerTarget)", "-max_len=\(options.maxLength)",
               "-timeout=\(options.timeout)", "-rss_limit_mb=\(options.rssLimitMB)", "-malloc_limit_mb=\(options.rssLimitMB)",
               "-artifact_prefix=\(paths.artifacts)/", "-print_final_stats=1",
               // libFuzzer's own leak check re-runs every input whose mallocs and frees differ, and
               // ASan's leak detection is off anyway (ASAN_OPTIONS): a doubled cost for nothing.
               "-detect_leaks=0"]
            + (dictionary.map { ["-dict=\($0)"] } ?? []) + (options.valueProfile && !options.plain ? ["-use_value_profile=1"] : [])
            + [paths.corpus] + seeds
    }

    /// Runs the fuzzer for the budget, following its status lines (progress every two seconds,
    /// coverage over time) and sampling its processes' memory.
    func runFuzzer(_ binary: String, _ arguments: [String], environment: [String: String], target: String, paths: TargetPaths,
                   start: Date) throws -> FuzzRun {
        var run = FuzzRun()
        var lastPrint = Date.distantPast
        let budget = Double(options.secondsPerTarget)
        let sampler = RSSSampler(executable: binary)
        sampler.start()
        defer { sampler.stop() }
        // The budget plus a minute: past that a child is stuck (see ProcessRunner.stream) and the
        // campaign goes on to triage what it has.
        run.exitStatus = try ProcessRunner.stream(binary, arguments, in: packageRoot, environment: environment,
                                                  deadline: Double(options.secondsPerTarget + 60), log: URL(fileURLWithPath: paths.log)) { line in
            guard let status = LibFuzzerOutput.status(line) else { return }
            if run.first == nil, status.coverage != nil { run.first = status }
            run.last = status
            let elapsed = Date().timeIntervalSince(start)
            run.timeline.append(TimelinePoint(second: elapsed, coverage: status.coverage ?? 0, corpus: status.corpus ?? 0))
            if Date().timeIntervalSince(lastPrint) >= 2 {
                lastPrint = Date()
                // Crash, timeout and out-of-memory inputs; slow inputs are counted apart.
                let names = (try? FileManager.default.contentsOfDirectory(atPath: paths.artifacts)) ?? []
                let crashes = names.compactMap(FuzzArtifact.Kind.init(fileName:)).filter { $0 != .slow }.count
                self.progress(String(format: "[%@] %3.0fs left | %@ exec/s | cov %@ | corpus %@ | crash inputs %d",
                                     target, max(0, budget - elapsed), "\(status.execsPerSecond ?? 0)",
                                     "\(status.coverage ?? 0)", "\(status.corpus ?? 0)", crashes))
            }
        }
        run.seconds = Date().timeIntervalSince(start)
        sampler.stop()
        run.memory = sampler.result
        return run
    }

    /// What the target's fuzzing jobs are told (``FuzzHarnessConfiguration``): the campaign's
    /// limits, seeds, dictionary, crash-site file and where to write their outcome records.
    func harnessConfiguration(seeds: [String], dictionary: String?, artifacts: String, knownCrashes: String?, outcomes: String) -> FuzzHarnessConfiguration {
        var harness = FuzzHarnessConfiguration()
        harness.plain = options.plain
        // Every fork-mode child knows the whole seed set (dictionary, splicing, restarts from a
        // seed), not only its slice of the corpus: the campaign learns it once (`learnOnce`).
        harness.seeds = options.plain ? [] : seeds
        harness.dictionary = options.plain ? nil : dictionary
        harness.timeoutSeconds = options.timeout
        harness.rssLimitMB = options.rssLimitMB
        harness.artifactPrefix = artifacts + "/"
        harness.knownCrashSites = knownCrashes
        harness.watchesHangs = options.watchHangs
        harness.forkServer = options.forkServer
        harness.outcomes = outcomes
        return harness
    }

    /// Learns the seeds (dictionary, splice pool, seed files) once, for every job: the jobs read
    /// the file, not the seed folders (``LearnedCorpus``).
    func learnOnce(_ harness: inout FuzzHarnessConfiguration, target: FuzzTargetSpec, seeds: [String], dictionary: String?, file: String) throws {
        let started = Date()
        let learned = LearnedCorpus.learn(seeds: seeds, dictionaryFile: dictionary)
        try learned.write(to: file)
        harness.seeds = []
        harness.learned = file
        progress(String(format: "%@: learned %d seed documents and %d seed files once for every job (%.1f s)",
                        target.name, learned.learnedFrom, learned.seedFiles.count, Date().timeIntervalSince(started)))
    }

    /// At most this many artifacts per target are replayed for triage (earliest first): a bug
    /// that is hit thousands of times in a long campaign should not make triage take hours.
    static let triageCap = 1_000

    /// What triage made of a target's artifacts.
    struct TriageResult {
        var crashes: [TargetResult.Crash]
        /// Past the cap: kept, not replayed (relative paths).
        var untriaged: [String]
        /// Kept while fuzzing, did not crash when replayed (relative paths).
        var unconfirmed: [String]
        /// The artifacts read, by the relative path the report gives them.
        var artifacts: [String: FuzzArtifact]
    }

    /// The replay of `artifact` triage runs and the report prints (see ``ReplayPlan``).
    func replayPlan(_ artifact: FuzzArtifact, binary: String) -> ReplayPlan {
        .replay(of: artifact, binary: binary, limits: .init(timeout: options.timeout, rssLimitMB: options.rssLimitMB))
    }

    /// Replays the artifacts (earliest first, up to the cap), groups them by signature. Inputs are
    /// never deleted.
    func triage(target: FuzzTargetSpec, binary: String, artifacts folder: String, start: Date) throws -> TriageResult {
        let triage = CrashTriage(packageRoot: packageRoot, fuzzProduct: target.product, generated: target.generated)
        var bySignature: [CrashIdentity: TargetResult.Crash] = [:]
        var order: [CrashIdentity] = []
        let artifacts = FuzzArtifact.all(under: folder).filter(\.isFinding)
        let capped = Array(artifacts.prefix(Self.triageCap))
        let counter = TriageProgress { [progress, relative] n, file in
            progress("triaging \(relative(file)) (\(n) of \(capped.count))")
        }
        let analysed = try analyses(of: capped, binary: binary, triage: triage, progress: counter)
        var unconfirmed: [String] = []
        for (i, artifact) in capped.enumerated() {
            var analysis = analysed[i].analysis
            if analysis.kind == .notReproduced, artifact.kind == .timeout || artifact.kind == .oom {
                analysis.kind = artifact.kind == .timeout ? .timeout : .oom  // fork mode's limits can differ from a replay's
            }
            guard analysis.kind != .notReproduced, let key = analysis.signature else { unconfirmed.append(relative(artifact.path)); continue }
            if bySignature[key] == nil {
                order.append(key)
                bySignature[key] = TargetResult.Crash(
                    signature: key, kind: analysis.kind, title: analysis.title, message: analysis.message,
                    inputs: [], frames: analysis.frames, reproduce: analysed[i].plan.line(showing: relative),
                    firstSeconds: artifact.written.map { max(0, $0.timeIntervalSince(start)) })
            }
            bySignature[key]!.inputs.append(relative(artifact.path))
            if let site = artifact.site { bySignature[key]!.siteKeys = (bySignature[key]!.siteKeys ?? []) + [site] }
        }
        return TriageResult(crashes: CrashGrouping.merge(order.map { bySignature[$0]! }),
                            untriaged: artifacts.dropFirst(Self.triageCap).map { relative($0.path) }, unconfirmed: unconfirmed,
                            artifacts: Dictionary(capped.map { (relative($0.path), $0) }) { a, _ in a })
    }

    /// Each artifact's analysis, in the artifacts' order. Replays run side by side, as many as the
    /// campaign had jobs; what is made of them is folded in order, so the report does not depend on
    /// the interleaving. A cheap, unsymbolized replay first: inputs whose crash has the same message
    /// and the same code addresses are one bug, and only the first of each is symbolized and
    /// demangled. Not for a timeout: its stack is sampled wherever it happens to spin, so two
    /// samples rarely share a key, and each replay of a hang costs the whole timeout. Both replays
    /// run the artifact's one plan, the one the report prints.
    func analyses(of artifacts: [FuzzArtifact], binary: String, triage: CrashTriage,
                  progress counter: TriageProgress) throws -> [(analysis: CrashAnalysis, plan: ReplayPlan)] {
        let workers = max(1, options.jobs)
        let plans = artifacts.map { replayPlan($0, binary: binary) }
        let quickKeys: [CrashIdentity?] = try parallelMap(count: artifacts.count, workers: workers) { i in
            counter.step(artifacts[i].path)
            return artifacts[i].kind == .timeout ? nil : try triage.quickKey(plans[i])
        }
        var firstWithKey: [CrashIdentity: Int] = [:]
        for (i, key) in quickKeys.enumerated() { if let key, firstWithKey[key] == nil { firstWithKey[key] = i } }
        let replayed = artifacts.indices.filter { i in quickKeys[i].map { firstWithKey[$0] == i } ?? true }
        let full = try parallelMap(count: replayed.count, workers: workers) { n in try triage.run(plans[replayed[n]]) }
        var byIndex: [Int: CrashTriage.Replayed] = [:]
        for (n, i) in replayed.enumerated() { byIndex[i] = full[n] }
        return artifacts.indices.map { i in
            let replay = byIndex[quickKeys[i].flatMap { firstWithKey[$0] } ?? i]!
            // The artifact's own plan, with the environment the replay that signed it ended with.
            var plan = plans[i]
            plan.environment = replay.plan.environment
            return (replay.analysis, plan)
        }
    }

    /// "triaging FILE (n of N)" every 25 inputs, whichever thread gets there.
    final class TriageProgress: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private let report: (Int, String) -> Void
        init(report: @escaping (Int, String) -> Void) { self.report = report }
        func step(_ file: String) {
            lock.lock(); count += 1; let n = count; lock.unlock()
            if n % 25 == 1 { report(n, file) }
        }
    }

    /// The decoder's literals: from its source folders (and any extra ones), and from the fuzz
    /// binary (small-string immediates and long literals), so a decoder whose sources are not at
    /// hand still gets its compared strings.
    func mineLiterals(_ target: FuzzTargetSpec, binary: String) -> DecoderLiterals {
        let folders = target.resolvedDecoderSources(packageRoot: packageRoot, scratchPath: builder.scratchPath, progress: progress)
        var mined = SourceLiteralMiner.mine(sources: folders + options.extraDecoderSources.map(absolute))
        let fromBinary: DecoderLiterals
        do { fromBinary = try DecoderLiterals.mineBinary(binary) } catch {
            progress("\(target.name): \(error); only the sources are mined")
            fromBinary = DecoderLiterals()
        }
        mined.merge(DecoderLiterals(strings: Self.decoderStrings(fromBinary: fromBinary.strings, own: Self.ownStrings)))
        return mined
    }

    /// The binary holds the harness's and the libraries' literals too: only those that look like
    /// protocol tokens (no spaces, no paths) are kept from it, and none that this program holds
    /// itself (the harness's own vocabulary: its configuration keys, record kinds, move names),
    /// which a decoder's sources would have given if they were the decoder's. Nor a small string
    /// (9 to 15 bytes: two immediates) whose first word is the first 8 bytes of one of this
    /// program's strings: the scanner paired that word with a neighbouring literal's second word
    /// (`crossove` + `ber`, from `crossover` and `number`), and no decoder compares against that.
    /// A decoder's own string that happens to share a harness string's first 8 bytes is lost from
    /// the binary this way, not from the sources, which are mined apart.
    static func decoderStrings(fromBinary strings: [String], own: Set<String>) -> [String] {
        let ownHeads = Set(own.lazy.filter { $0.utf8.count >= 8 }.map { Array($0.utf8.prefix(8)) })
        return strings.filter { s in
            let bytes = s.utf8.count
            return !s.contains(" ") && !s.contains("/") && !s.contains("%") && bytes >= 3 && !own.contains(s)
                && !(bytes > 8 && bytes <= 15 && ownHeads.contains(Array(s.utf8.prefix(8))))
        }
    }

    /// The strings of this program's own binary (the harness is linked into it), mined once per
    /// process; none when it cannot be read.
    static let ownStrings: Set<String> = {
        guard let path = Platform.executablePath() else { return [] }
        return Set((try? DecoderLiterals.mineBinary(path))?.strings ?? [])
    }()

    /// Folds the campaign corpus into `Corpus/fuzz/<target>/`, keeping only inputs that add coverage
    /// over the seeds and what that folder already holds (libFuzzer `-merge=1`).
    func merge(target: FuzzTargetSpec, binary: String, corpus: String) throws -> Int {
        let fm = FileManager.default
        let destination = absolute("Corpus/fuzz/" + target.name)
        try fm.createDirectory(atPath: destination, withIntermediateDirectories: true)
        progress("merging new coverage into \(relative(destination))")
        // libFuzzer copies into its first directory whatever adds coverage to it: start that
        // directory with the seeds and the kept inputs, so only genuinely new inputs are added.
        let work = fm.temporaryDirectory.appendingPathComponent("sdui-merge-\(UUID().uuidString)").path
        try fm.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: work) }
        var known = Set<String>()
        for (n, file) in (target.seeds.map(absolute).flatMap(CorpusReader.files(under:)) + CorpusReader.files(under: destination)).enumerated() {
            let name = "known-\(n)"
            try fm.copyItem(atPath: file, toPath: work + "/" + name)
            known.insert(name)
        }
        let out = try ProcessRunner.run(binary, ["-merge=1", "-max_len=\(options.maxLength)", "-timeout=\(options.timeout)",
                                                 "-rss_limit_mb=\(options.rssLimitMB)", work, corpus])
        guard out.status == 0 else { throw CampaignError.mergeFailed(target: target.name, output: out.stderr) }
        var added = 0
        for name in try fm.contentsOfDirectory(atPath: work) where !known.contains(name) {
            let destinationFile = destination + "/" + name
            if !fm.fileExists(atPath: destinationFile) {
                try fm.copyItem(atPath: work + "/" + name, toPath: destinationFile)
                added += 1
            }
        }
        return added
    }
}

public enum CampaignError: Error, CustomStringConvertible {
    case mergeFailed(target: String, output: String)
    case fuzzerDidNotStart(target: String, status: Int32, log: String, command: String, output: String)
    public var description: String {
        switch self {
        case .fuzzerDidNotStart(let t, let status, let log, let command, let output):
            "the fuzzer of \(t) ended (status \(status)) before fuzzing anything; its output is in \(log)"
                + (output.isEmpty ? " (empty)" : ":\n\(output)") + "\nrun it by hand: \(command)"
        case .mergeFailed(let t, let out): "merging the corpus of \(t) failed:\n\(out.suffix(2000))"
        }
    }
}
