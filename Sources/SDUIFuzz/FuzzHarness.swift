import Foundation
// The plug-in point (DecoderUnderTest, Rendering): a fuzz target's one import brings it.
@_exported import SDUIPlugIn
import SDUIPlatform
import SDUIJSON
import SDUIPayload
import CSDUIFuzzEngine

/// How the harness mutates inputs (its `LLVMFuzzerCustomMutator`).
public enum MutationStrategy: String, Sendable, CaseIterable, Codable {
    /// libFuzzer's byte mutations only.
    case bytes
    /// JSON-tree mutations with SDUI knowledge, byte mutations for non-JSON inputs.
    case structured
    /// Inflate, mutate the JSON structure-aware, deflate again (gzip, zlib, raw); or mutate the
    /// compressed bytes themselves.
    case compressed
}

/// Runs a decoder under test for libFuzzer: checks invariants on every input and provides the
/// SDUI-aware mutators. A fuzz target is a few lines that forward libFuzzer's entry points here
/// (see docs/your-decoder.md). What the harness is told comes from one
/// ``FuzzHarnessConfiguration``; what it observed goes out as ``FuzzOutcomeRecord``s.
///
/// The concerns live in their own files: the invariants (`FuzzHarness+Invariants.swift`), the
/// mutation schedule (`FuzzHarness+Mutation.swift`), the corpus (`FuzzHarness+Corpus.swift`).
public final class FuzzHarness<Decoded>: @unchecked Sendable {
    public let decoder: DecoderUnderTest<Decoded>
    public let strategy: MutationStrategy
    /// What this harness was told (``FuzzHarnessConfiguration/current`` unless given).
    public let configuration: FuzzHarnessConfiguration
    /// Invariant checks (render, re-encode, decode again) after a successful decode.
    public var checksInvariants: Bool
    /// libFuzzer's own mutations only, whatever the strategy (the plain-libFuzzer baseline).
    public let plain: Bool
    /// Percentage of mutations that are SDUI-aware (the rest are libFuzzer's byte mutations).
    public var structuredShare: Int

    /// Slow and timed-out inputs, kept beside the crash artifacts.
    let slowInputs: SlowInputs
    let outcomes: OutcomeLog?
    let moves = MoveTally()
    let lock = NSLock()
    var dictionary: FuzzDictionary
    var pool = SplicePool()
    /// What the mutators parsed and inflated, kept between mutations (``OpenedDocuments``).
    let documents = MutatorDocuments()
    /// Whether the mutators keep what they parsed and inflated between mutations (they mutate the
    /// same either way; off only to measure what keeping saves: `sdui-bench mutate-chains`).
    public var keepsParsedDocuments = true
    /// The seed files as they were (compressed ones too): libFuzzer's fork mode keeps only the seeds
    /// that add coverage, which can drop the one document that holds what a bug needs.
    var seedFiles: [[UInt8]] = []
    /// How many of ``seedFiles`` were sketched from the dictionary (``SeedSketch``): no seed was given.
    var sketchedSeeds = 0

    private var crashSitesInstalled = false
    /// Where inputs run once a fork server was chosen (``FuzzHarnessConfiguration/forkServer``).
    private var forkServer: ForkServer?
    /// What this process held at the last 64th skipped crash (``ForkServerMode/auto``).
    private var heldAtLastWindow: Int?
    private var crashesSkipped = 0
    /// Inputs this process ran, and when it ran its first: the statistics a job ended early reports.
    private var executions = 0
    private var firstExecution: UInt64?
    private var lastMovesRecord: UInt64 = 0
    private var lastMovesRecordExecutions = 0

    public init(_ decoder: DecoderUnderTest<Decoded>, mutation strategy: MutationStrategy = .structured,
                dictionary: FuzzDictionary = FuzzDictionary(), configuration: FuzzHarnessConfiguration = .current) {
        self.decoder = decoder
        self.configuration = configuration
        self.strategy = configuration.mutation ?? strategy
        self.dictionary = dictionary
        self.checksInvariants = configuration.checksInvariants
        self.plain = configuration.plain
        self.structuredShare = configuration.structuredShare
        self.slowInputs = SlowInputs(configuration)
        self.outcomes = configuration.outcomes.map(OutcomeLog.init(path:))
    }

    static func say(_ text: String) {
        FileHandle.standardError.write(Data(text.split(separator: "\n", omittingEmptySubsequences: false).map { "SDUIHarness: " + $0 }.joined(separator: "\n").utf8 + [0x0a]))
    }

    /// `LLVMFuzzerTestOneInput`: a broken invariant stops the process (libFuzzer keeps the input).
    public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let start = DispatchTime.now().uptimeNanoseconds
        executions += 1
        if firstExecution == nil { firstExecution = start }
        var notAPayload = false
        var violation: InvariantViolation?
        if let knownCrashSites = configuration.knownCrashSites {
            guard let outcome = runSkippingKnownCrashes(bytes, knownCrashSites: knownCrashSites, start: start) else { return -1 }
            (violation, notAPayload) = outcome
        } else {
            violation = check(bytes, notAPayload: &notAPayload)
        }
        if let violation {
            outcomes?.append(.invariantViolated(violation, input: String(StableHash.fnv1a64(bytes), radix: 16)))
            fatalError(violation.description)
        }
        let slow = slowInputs.record(bytes, nanoseconds: DispatchTime.now().uptimeNanoseconds - start, log: outcomes)
        // Inputs that never reached the decoder stay out of the corpus (libFuzzer's -1): their only
        // novelty is a path through the harness's own inflater, and a corpus of such garbage
        // starves the mutators of documents the decoder actually reads. Slow inputs stay out too:
        // kept, they breed slower ones that eat the campaign's time budget (they are reported).
        return notAPayload || slow ? -1 : 0
    }

    /// Runs one input with known crash sites skipped (see ``CrashSites``): the check's outcome, or
    /// nil when it crashed at a site (the input is left out of the corpus). In a fork server's
    /// child when one was chosen (``ForkServer``), else in this process.
    private func runSkippingKnownCrashes(_ bytes: [UInt8], knownCrashSites: String, start: UInt64) -> (InvariantViolation?, Bool)? {
        // Installed on the first input, when libFuzzer's own handlers are in place to chain to.
        if !crashSitesInstalled {
            crashSitesInstalled = true
            if !CrashSites.install(knownSitesFile: knownCrashSites, artifactPrefix: configuration.artifactPrefix) {
                Self.say("could not watch for known crash sites (\(knownCrashSites))")
            } else {
                watchHangs()
            }
            if configuration.forkServer == .always { startForkServer(reason: "--fork-server always") }
        }
        if let forkServer, let raw = forkServer.run(bytes) {
            let verdict = ChildVerdict(raw)
            if verdict.outcome != .completed {
                crashesSkipped += 1
                return nil
            }
            // A broken invariant is run again here, where it stops the job as libFuzzer expects.
            if !verdict.violated { return (nil, verdict.notAPayload) }
        }
        let (ended, outcome) = guardedCheck(bytes, start: start)
        guard ended == .completed else {
            crashesSkipped += 1
            // What a crashed decode held stays allocated (a failed cast's message alone costs
            // the runtime a few hundred KB): end the job cleanly well before libFuzzer's memory
            // limit would report an out-of-memory that is not the decoder's, unless a fork
            // server can take the leaks (ForkServerMode.auto).
            if crashesSkipped % 64 == 0 { watchLeaks() }
            if crashesSkipped >= configuration.skipLimit
                || (crashesSkipped % 64 == 0 && (Platform.peakResidentBytes() ?? 0) > configuration.rssLimitMB << 19) {
                Self.say("\(crashesSkipped) crashes skipped (\(CrashSites.known) sites known); ending this job so the next starts clean")
                endJobEarly(now: DispatchTime.now().uptimeNanoseconds)
            }
            return nil
        }
        return (outcome.violation, outcome.notAPayload)
    }

    /// The check of one input with skipping armed, in whichever process runs it.
    private func guardedCheck(_ bytes: [UInt8], start: UInt64) -> (CrashSites.Outcome, CheckOutcome) {
        let outcome = CheckOutcome()
        let ended = CrashSites.run(bytes) { [self] in
            // A local, not `&outcome.notAPayload`: an inout access to a class's property is
            // tracked at run time, and a crash inside it would leave the access open.
            var skipped = false
            outcome.violation = check(bytes, notAPayload: &skipped)
            outcome.notAPayload = skipped
        }
        if ended == .skippedKnownHang || ended == .keptNewHang {
            let ms = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            outcomes?.append(.hangEnded(milliseconds: ms, newSite: ended == .keptNewHang))
        }
        return (ended, outcome)
    }

    /// ``ForkServerMode/auto``: every 64 skipped crashes, how much more this process holds (``ForkServer/heldBytes()``); a
    /// window that leaked ``ForkServer/leakPerSkippedCrash`` per skip starts the fork server. The
    /// first window is not judged (the runtime's caches and the corpus fill it).
    private func watchLeaks() {
        guard forkServer == nil, configuration.forkServer == .auto, ForkServer.allowed(.auto), let held = ForkServer.heldBytes() else { return }
        defer { heldAtLastWindow = held }
        guard let last = heldAtLastWindow, held - last >= ForkServer.leakPerSkippedCrash * 64 else { return }
        startForkServer(reason: "skipped crashes leaked \((held - last) >> 16) KB each over the last 64")
    }

    private func startForkServer(reason: String) {
        let deadline = configuration.timeoutSeconds.map { $0 * 1000 + 1000 }
        forkServer = ForkServer(growthLimitBytes: configuration.rssLimitMB << 18, deadlineMilliseconds: deadline) { [self] bytes in
            let (ended, outcome) = guardedCheck(bytes, start: DispatchTime.now().uptimeNanoseconds)
            return ChildVerdict(outcome: ended, notAPayload: outcome.notAPayload, violated: outcome.violation != nil).raw
        }
        Self.say("running inputs in a fork server's child from now on (\(reason)); a child makes way for a fresh one "
                 + "once it has grown by \(configuration.rssLimitMB >> 2) MB")
    }

    /// Starts the hang watch (``CrashSites/watchHangs(checkAfterMilliseconds:keepAfterMilliseconds:)``):
    /// an input is checked against the known hangs once it has run as long as a slow input (it
    /// janks the app already), and a new hang is kept at libFuzzer's timeout, which the watch must
    /// beat to keep the job alive.
    private func watchHangs() {
        guard configuration.watchesHangs, let timeout = configuration.timeoutSeconds, timeout > 0 else { return }
        let keepAfter = timeout * 1000
        let checkAfter = min(max(1, configuration.slowMilliseconds), keepAfter)
        if !CrashSites.watchHangs(checkAfterMilliseconds: checkAfter, keepAfterMilliseconds: keepAfter) {
            Self.say("could not watch for known hangs: each input that reaches one runs to the timeout")
        }
    }

    /// Credits the last mutation's moves when its input took edges this process had not taken
    /// before. Called at the start of the next mutation, outside any input's run: libFuzzer clears
    /// the counters just before a run, so they still hold the last one's, and the bookkeeping's own
    /// edges (instrumented Swift) never count as an input's features. The counts go out as a
    /// record every 512 inputs or every second: a job may end at any moment, and one that a
    /// sanitizer report ends runs no exit handler (on a crash-dense decoder, jobs of a second or
    /// two are common).
    func creditLastMutation() {
        moves.ran(reachedNewCode: sdui_coverage_new_counters() > 0)
        maybeFlushMoves(now: DispatchTime.now().uptimeNanoseconds)
    }

    private func maybeFlushMoves(now: UInt64) {
        guard outcomes != nil, executions - lastMovesRecordExecutions >= 512 || now - lastMovesRecord > 1_000_000_000 else { return }
        lastMovesRecord = now
        lastMovesRecordExecutions = executions
        flushMoves()
    }

    func flushMoves() {
        if let outcomes, let counts = moves.drain() { outcomes.append(.mutationMoves(counts)) }
    }

    /// Ends this fork-mode job cleanly. libFuzzer's fork mode adds up the executions of its jobs
    /// from the `stat::` lines each job prints as it ends (`-print_final_stats=1`): a job that
    /// `_exit`s without them counted none, so a campaign whose jobs mostly end this way (a
    /// crash-dense decoder that leaks) reported a fraction of the executions it ran.
    private func endJobEarly(now: UInt64) -> Never {
        let seconds = max(1, (now - (firstExecution ?? now)) / 1_000_000_000)
        let peakMB = (Platform.peakResidentBytes() ?? 0) >> 20
        flushMoves()
        outcomes?.append(.jobEnded(executions: executions, crashesSkipped: crashesSkipped, knownSites: CrashSites.known, peakRSSMB: peakMB))
        // The three lines fork mode reads (FuzzerFork.cpp, ParseFinalStatsFromLog), as libFuzzer prints them.
        let stats = "stat::number_of_executed_units: \(executions)\nstat::average_exec_per_sec:     \(UInt64(executions) / seconds)\n"
            + "stat::peak_rss_mb:              \(peakMB)\n"
        FileHandle.standardError.write(Data(stats.utf8))
        _exit(0)
    }

    /// `LLVMFuzzerInitialize`: learns the dictionary and the splice pool from the configuration's
    /// dictionary and seeds and from the corpus folders libFuzzer was given (its arguments that
    /// are folders; no flag is read: what the harness needs of them is in the configuration).
    public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
        Self.unblockSignals()
        var folders: [String] = []
        if let argc, let argv = argv?.pointee {
            for i in 1..<Int(argc.pointee) {
                guard let arg = argv[i].map({ String(cString: $0) }), !arg.hasPrefix("-") else { continue }
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: arg, isDirectory: &isDirectory), isDirectory.boolValue { folders.append(arg) }
            }
        }
        // Counted once the first jobs' mutations run; written at exit too, for a job that ends on time.
        if outcomes != nil { atexit { FuzzHarnessExit.flush() } }
        FuzzHarnessExit.register { [weak self] in self?.flushMoves() }
        prepare(corpus: folders)
        let d = lockedDictionary()
        FileHandle.standardError.write(Data(("SDUIHarness: \(decoder.name), mutation \(plain ? "plain (libFuzzer only)" : strategy.rawValue): "
            + "\(d.keys.count) keys, \(d.kinds.count) kinds, \(d.enumValues.count) corpus values, \(d.literals.count) literals, "
            + "\(d.pairs.count) key-literal pairs, \(d.typedKeys.count) typed keys, \(d.numbers.count) numbers; "
            + (sketchedSeeds > 0 ? "no seeds: \(sketchedSeeds) sketched from the typed keys; " : "")
            + "libFuzzer's mutator \(LibFuzzerHooks.isLinked ? "found" : "NOT found")\n").utf8))
        return 0
    }

    /// A process started by Foundation's `Process` (the campaign runner, an IDE, a test) inherits a
    /// signal mask with nearly every signal blocked, SIGALRM and SIGABRT included: libFuzzer's
    /// `-timeout` alarm then never fires and a hang is never reported. The fuzzing thread unblocks
    /// them before libFuzzer starts running inputs.
    static func unblockSignals() {
        Platform.unblockAllSignals()
    }
}

/// What a guarded check leaves behind (a class: the check runs in an escaping closure).
final class CheckOutcome: @unchecked Sendable {
    var violation: InvariantViolation?
    var notAPayload = false
}

/// The harness's work at a normal exit (libFuzzer's `-max_total_time`, `-runs`): an `atexit`
/// handler cannot capture context, so the one harness of the process registers here.
enum FuzzHarnessExit {
    nonisolated(unsafe) private static var handler: (() -> Void)?
    static func register(_ body: @escaping () -> Void) { handler = body }
    static func flush() { handler?() }
}
