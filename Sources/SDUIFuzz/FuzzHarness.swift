import Foundation
// The plug-in point (DecoderUnderTest, Rendering): a fuzz target's one import brings it.
@_exported import SDUIPlugIn
import SDUIPlatform
import SDUIJSON
import SDUIPayload

/// How the harness mutates inputs (its `LLVMFuzzerCustomMutator`).
public enum MutationStrategy: String, Sendable, CaseIterable {
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
/// (see docs/your-decoder.md).
public final class FuzzHarness<Decoded>: @unchecked Sendable {
    public let decoder: DecoderUnderTest<Decoded>
    public let strategy: MutationStrategy
    /// Invariant checks (render, re-encode, decode again) after a successful decode. Set
    /// `SDUI_FUZZ_INVARIANTS=off` to measure the harness without them (benchmarks).
    public var checksInvariants = ProcessInfo.processInfo.environment["SDUI_FUZZ_INVARIANTS"] != "off"
    /// `SDUI_FUZZ_PLAIN=1`: libFuzzer's own mutations only, whatever the strategy — the plain
    /// libFuzzer baseline of benchmarks, run with the same fuzz target.
    public let plain = ProcessInfo.processInfo.environment["SDUI_FUZZ_PLAIN"] == "1"
    /// Percentage of mutations that are SDUI-aware (the rest are libFuzzer's byte mutations).
    /// `SDUI_FUZZ_STRUCTURED_SHARE` overrides it.
    public var structuredShare = Int(ProcessInfo.processInfo.environment["SDUI_FUZZ_STRUCTURED_SHARE"] ?? "") ?? 50
    /// `SDUI_FUZZ_EXPLAIN=1` (set by `sdui repro`): say on standard error what the decoder made of
    /// each input — its own error, or its rendering — so an input is explained in its terms.
    let explainsOutcome = ProcessInfo.processInfo.environment["SDUI_FUZZ_EXPLAIN"] == "1"

    static func say(_ text: String) {
        FileHandle.standardError.write(Data(text.split(separator: "\n", omittingEmptySubsequences: false).map { "SDUIHarness: " + $0 }.joined(separator: "\n").utf8 + [0x0a]))
    }

    /// Inputs slower than `SDUI_FUZZ_SLOW_MS` (default 100 ms) are kept as `slow-*` artifacts:
    /// a screen that takes that long to decode janks the app even when it does not time out.
    let slowInputs = SlowInputs()
    private let lock = NSLock()
    private var dictionary: FuzzDictionary
    private var pool = SplicePool()
    /// The seed files as they were (compressed ones too): libFuzzer's fork mode keeps only the seeds
    /// that add coverage, which can drop the one document that holds what a bug needs.
    private var seedFiles: [[UInt8]] = []

    public init(_ decoder: DecoderUnderTest<Decoded>, mutation strategy: MutationStrategy = .structured,
                dictionary: FuzzDictionary = FuzzDictionary()) {
        self.decoder = decoder
        // `SDUI_FUZZ_MUTATION=bytes|structured|compressed` overrides the target's strategy, so
        // benchmarks can compare strategies on one binary.
        self.strategy = ProcessInfo.processInfo.environment["SDUI_FUZZ_MUTATION"].flatMap(MutationStrategy.init(rawValue:)) ?? strategy
        self.dictionary = dictionary
    }

    /// Checks one input; returns the broken invariant, if any. Used by tests and replay tools.
    public func check(_ bytes: [UInt8]) -> InvariantViolation? {
        var notAPayload = false
        return check(bytes, notAPayload: &notAPayload)
    }

    /// `notAPayload` is set when the bytes never reached the decoder's own code: ``FuzzPayload``
    /// could not open them (a broken compressed stream, garbage taken as raw deflate).
    func check(_ bytes: [UInt8], notAPayload: inout Bool) -> InvariantViolation? {
        let decoded: Decoded
        do {
            decoded = try decoder.decode(bytes)
        } catch {
            if explainsOutcome { Self.say("\(decoder.name) rejected the input: \(error)") }
            notAPayload = error is PayloadError
            guard decoder.isExpectedError(error) else {
                return InvariantViolation(kind: .untypedError, detail: "\(type(of: error)): \(error)")
            }
            if checksInvariants, let explain = decoder.explain {
                guard let text = explain(error), !text.isEmpty else {
                    return InvariantViolation(kind: .unexplainedError, detail: "\(error)")
                }
            }
            return nil
        }
        if explainsOutcome {
            Self.say("\(decoder.name) decoded the input" + (decoder.render.map { ", rendering:\n" + $0(decoded) } ?? ""))
        }
        guard checksInvariants, let render = decoder.render else { return nil }
        let rendering = render(decoded)
        guard let reencode = decoder.reencode else { return nil }
        let encoded: [UInt8]
        do {
            encoded = try reencode(decoded)
        } catch {
            // The decoder's own encoder cannot write what the decoder accepted: its error and
            // coding path are the finding (not a complaint about the bytes it did not write).
            return InvariantViolation(kind: .reencodingFailed, error: error)
        }
        let again: Decoded
        do {
            again = try decoder.decode(encoded)
        } catch {
            return InvariantViolation(kind: .reencodingRejected, error: error)
        }
        let second = render(again)
        guard second == rendering else {
            return InvariantViolation(kind: .roundTripChanged, detail: firstDifference(rendering, second))
        }
        // One input in four also goes through compression (which one depends on the input), so the
        // cost stays small while a corpus exercises every encoding.
        if let compress = decoder.reencodeCompressed {
            let pick = bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
            if pick % 4 == 0 {
                let compressed: [UInt8]
                do { compressed = try compress(decoded, pick / 4) } catch {
                    return InvariantViolation(kind: .reencodingFailed, error: error)
                }
                do {
                    let third = render(try decoder.decode(compressed))
                    if third != rendering {
                        return InvariantViolation(kind: .compressionChanged, detail: firstDifference(rendering, third))
                    }
                } catch {
                    return InvariantViolation(kind: .compressionChanged, detail: "compressed re-encoding rejected: \(error)")
                }
            }
        }
        return nil
    }

    /// `SDUI_FUZZ_KNOWN_CRASHES=FILE` (set by the campaign runner): crash sites already reported,
    /// shared by the campaign's processes. A crash at one of them is skipped (the input is left out
    /// of the corpus) instead of ending the process; see ``CrashSites``. Unset (libFuzzer alone,
    /// OSS-Fuzz, ClusterFuzzLite, replays): every crash ends the process, as libFuzzer expects.
    let knownCrashesFile = ProcessInfo.processInfo.environment["SDUI_FUZZ_KNOWN_CRASHES"].flatMap { $0.isEmpty ? nil : $0 }
    /// A skipped crash leaks what the decoder held when it stopped: past this many skips the
    /// process ends cleanly and libFuzzer's fork mode starts a fresh one (`SDUI_FUZZ_SKIP_LIMIT`).
    let skipLimit = Int(ProcessInfo.processInfo.environment["SDUI_FUZZ_SKIP_LIMIT"] ?? "") ?? 20_000
    private var crashSitesInstalled = false
    private var crashesSkipped = 0
    /// Inputs this process ran, and when it ran its first: the statistics a job ended early reports.
    private var executions = 0
    private var firstExecution: UInt64?
    /// libFuzzer's `-rss_limit_mb` (read from the command line; its default otherwise).
    private var rssLimitMB = 2048

    /// `LLVMFuzzerTestOneInput`: a broken invariant stops the process (libFuzzer keeps the input).
    public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let start = DispatchTime.now().uptimeNanoseconds
        executions += 1
        if firstExecution == nil { firstExecution = start }
        var notAPayload = false
        var violation: InvariantViolation?
        if let knownCrashesFile {
            // Installed on the first input, when libFuzzer's own handlers are in place to chain to.
            if !crashSitesInstalled {
                crashSitesInstalled = true
                if !CrashSites.install(knownSitesFile: knownCrashesFile, artifactPrefix: slowInputs.prefix) {
                    Self.say("could not watch for known crash sites (\(knownCrashesFile))")
                }
            }
            let outcome = CheckOutcome()
            let ended = CrashSites.run(bytes) { [self] in
                // A local, not `&outcome.notAPayload`: an inout access to a class's property is
                // tracked at run time, and a crash inside it would leave the access open.
                var skipped = false
                outcome.violation = check(bytes, notAPayload: &skipped)
                outcome.notAPayload = skipped
            }
            guard ended == .completed else {
                crashesSkipped += 1
                // What a crashed decode held stays allocated (a failed cast's message alone costs
                // the runtime a few hundred KB): end the job cleanly well before libFuzzer's memory
                // limit would report an out-of-memory that is not the decoder's.
                if crashesSkipped >= skipLimit
                    || (crashesSkipped % 64 == 0 && (Platform.peakResidentBytes() ?? 0) > rssLimitMB << 19) {
                    Self.say("\(crashesSkipped) crashes skipped (\(CrashSites.known) sites known); ending this job so the next starts clean")
                    endJobEarly(now: DispatchTime.now().uptimeNanoseconds)
                }
                return -1
            }
            violation = outcome.violation
            notAPayload = outcome.notAPayload
        } else {
            violation = check(bytes, notAPayload: &notAPayload)
        }
        if let violation {
            fatalError(violation.description)
        }
        let slow = slowInputs.record(bytes, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
        // Inputs that never reached the decoder stay out of the corpus (libFuzzer's -1): their only
        // novelty is a path through the harness's own inflater, and a corpus of such garbage
        // starves the mutators of documents the decoder actually reads. Slow inputs stay out too:
        // kept, they breed slower ones that eat the campaign's time budget (they are reported).
        return notAPayload || slow ? -1 : 0
    }

    /// Ends this fork-mode job cleanly. libFuzzer's fork mode adds up the executions of its jobs
    /// from the `stat::` lines each job prints as it ends (`-print_final_stats=1`): a job that
    /// `_exit`s without them counted none, so a campaign whose jobs mostly end this way (a
    /// crash-dense decoder that leaks) reported a fraction of the executions it ran.
    private func endJobEarly(now: UInt64) -> Never {
        let seconds = max(1, (now - (firstExecution ?? now)) / 1_000_000_000)
        let peakMB = (Platform.peakResidentBytes() ?? 0) >> 20
        // The three lines fork mode reads (FuzzerFork.cpp, ParseFinalStatsFromLog), as libFuzzer prints them.
        let stats = "stat::number_of_executed_units: \(executions)\nstat::average_exec_per_sec:     \(UInt64(executions) / seconds)\n"
            + "stat::peak_rss_mb:              \(peakMB)\n"
        FileHandle.standardError.write(Data(stats.utf8))
        _exit(0)
    }

    /// `LLVMFuzzerInitialize`: learns the dictionary and the splice pool from the corpus
    /// directories on the command line (and `SDUI_FUZZ_CORPUS`, colon-separated).
    public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
        Self.unblockSignals()
        var paths: [String] = []
        var given = FuzzDictionary()
        if let argc, let argv = argv?.pointee {
            for i in 1..<Int(argc.pointee) {
                guard let arg = argv[i].map({ String(cString: $0) }) else { continue }
                // The `-dict` file (the campaign runner's holds the literals mined from the decoder)
                // feeds the structure-aware mutator too, not only libFuzzer's byte mutations.
                if arg.hasPrefix("-dict="), let text = try? String(contentsOfFile: String(arg.dropFirst(6)), encoding: .utf8) {
                    given.formUnion(FuzzDictionary(libFuzzerDictionary: text))
                }
                if arg.hasPrefix("-timeout="), let seconds = UInt64(arg.dropFirst("-timeout=".count)), seconds > 0 {
                    slowInputs.timeoutNanoseconds = seconds * 1_000_000_000
                }
                if arg.hasPrefix("-rss_limit_mb="), let mb = Int(arg.dropFirst("-rss_limit_mb=".count)), mb > 0 { rssLimitMB = mb }
                if arg.hasPrefix("-artifact_prefix=") { slowInputs.prefix = String(arg.dropFirst("-artifact_prefix=".count)) }
                guard !arg.hasPrefix("-") else { continue }
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: arg, isDirectory: &isDirectory), isDirectory.boolValue { paths.append(arg) }
            }
        }
        for variable in ["SDUI_FUZZ_CORPUS", "SDUI_FUZZ_SEEDS"] {
            if let extra = ProcessInfo.processInfo.environment[variable] { paths += extra.split(separator: ":").map(String.init) }
        }
        lock.lock()
        dictionary.formUnion(given)
        lock.unlock()
        learn(from: paths)
        let d = lockedDictionary()
        FileHandle.standardError.write(Data(("SDUIHarness: \(decoder.name), mutation \(plain ? "plain (libFuzzer only)" : strategy.rawValue): "
            + "\(d.keys.count) keys, \(d.kinds.count) kinds, \(d.enumValues.count) corpus values, \(d.literals.count) literals, "
            + "\(d.pairs.count) key-literal pairs, \(d.typedKeys.count) typed keys, \(d.numbers.count) numbers; "
            + "libFuzzer's mutator \(LibFuzzerHooks.isLinked ? "found" : "NOT found")\n").utf8))
        return 0
    }

    func lockedDictionary() -> FuzzDictionary {
        lock.lock(); defer { lock.unlock() }
        return dictionary
    }

    /// A process started by Foundation's `Process` (the campaign runner, an IDE, a test) inherits a
    /// signal mask with nearly every signal blocked, SIGALRM and SIGABRT included: libFuzzer's
    /// `-timeout` alarm then never fires and a hang is never reported. The fuzzing thread unblocks
    /// them before libFuzzer starts running inputs.
    static func unblockSignals() {
        Platform.unblockAllSignals()
    }

    /// Learns dictionary entries and splice material from a corpus.
    public func learn(from corpusPaths: [String]) {
        let documents = CorpusReader.documents(in: corpusPaths, limit: 2_000)
        let seeds = seedPaths(corpusPaths).flatMap { CorpusReader.files(under: $0) }.prefix(500)
            .compactMap { FileManager.default.contents(atPath: $0) }.filter { $0.count <= 1 << 16 }.map { [UInt8]($0) }
        lock.lock(); defer { lock.unlock() }
        if !seeds.isEmpty { seedFiles = seeds }
        var learnt = FuzzDictionary(learningFrom: documents)
        learnt.formUnion(dictionary)
        dictionary = learnt
        pool = SplicePool(documents: documents, dictionary: learnt)
    }

    /// `LLVMFuzzerCustomMutator`.
    public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
        var rng = FuzzRandom(seed: UInt64(seed))
        let plan = plan(&rng, maxSize: maxSize)
        // Half of the mutations are libFuzzer's own: they run in libFuzzer's buffer, which already
        // has room for `maxSize` bytes, with no copy (most of an execution's cost otherwise).
        if plan.restart == nil, plan.step == .bytes, LibFuzzerHooks.isLinked {
            let produced = LibFuzzerHooks.mutate(data, size, maxSize)
            if produced > 0 { return produced }
        }
        var bytes = Array(UnsafeBufferPointer(start: data, count: size))
        apply(plan, to: &bytes, maxSize: maxSize, rng: &rng)
        let count = min(bytes.count, maxSize)
        bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: count) }
        return count
    }

    /// Mutates `bytes` with the harness's strategy (deterministic for a given seed).
    public func mutate(_ bytes: inout [UInt8], maxSize: Int, seed: UInt32) {
        var rng = FuzzRandom(seed: UInt64(seed))
        apply(plan(&rng, maxSize: maxSize), to: &bytes, maxSize: maxSize, rng: &rng)
    }

    enum MutationStep { case bytes, structured, compressed }

    /// What one mutation does, drawn first so both entry points agree on it.
    private func plan(_ rng: inout FuzzRandom, maxSize: Int) -> (restart: [UInt8]?, step: MutationStep) {
        var restart: [UInt8]?
        // Now and then start again from a seed as it was, so every seed stays within reach of the
        // structured moves even when libFuzzer's corpus no longer holds it.
        if !plain, strategy != .bytes, rng.chance(10), let seedFile = lockedSeed(&rng), seedFile.count <= maxSize {
            restart = seedFile
        }
        // SDUI-aware mutations are interleaved with libFuzzer's cheap byte mutations, which keep
        // exec/s high and explore the syntax around what the structured moves produce.
        switch strategy {
        case _ where plain: return (restart, .bytes)
        case .bytes: return (restart, .bytes)
        case .structured where rng.chance(structuredShare): return (restart, .structured)
        case .compressed where rng.chance(structuredShare): return (restart, .compressed)
        default: return (restart, .bytes)
        }
    }

    private func apply(_ plan: (restart: [UInt8]?, step: MutationStep), to bytes: inout [UInt8], maxSize: Int, rng: inout FuzzRandom) {
        if let restart = plan.restart { bytes = restart }
        switch plan.step {
        case .bytes: ByteMutator.mutate(&bytes, maxSize: maxSize, rng: &rng)
        case .structured: lockedStructureMutator().mutate(&bytes, maxSize: maxSize, rng: &rng)
        case .compressed: CompressionMutator(structure: lockedStructureMutator()).mutate(&bytes, maxSize: maxSize, rng: &rng)
        }
        if bytes.count > maxSize { bytes.removeLast(bytes.count - maxSize) }
    }

    /// `LLVMFuzzerCustomCrossOver`: splices a subtree of the second input into the first (JSON
    /// inside compression included), or joins byte halves when they are not JSON — or always, for
    /// a target whose mutation is libFuzzer's bytes only (`.bytes`, `SDUI_FUZZ_PLAIN=1`), so the
    /// one set of entry points every target exports changes nothing about how such a target mutates.
    public func crossOver(_ data1: UnsafePointer<UInt8>, _ size1: Int, _ data2: UnsafePointer<UInt8>, _ size2: Int,
                          _ out: UnsafeMutablePointer<UInt8>, _ maxOutSize: Int, _ seed: UInt32) -> Int {
        var rng = FuzzRandom(seed: UInt64(seed))
        let a = Array(UnsafeBufferPointer(start: data1, count: size1)), b = Array(UnsafeBufferPointer(start: data2, count: size2))
        var result = Array(a.prefix(rng.below(a.count + 1))) + Array(b.suffix(rng.below(b.count + 1)))
        let bytesOnly = plain || strategy == .bytes
        let (encA, textA) = bytesOnly ? (nil, nil) : CompressionMutator.open(a), (_, textB) = bytesOnly ? (nil, nil) : CompressionMutator.open(b)
        if let textA, let textB, let valueA = try? JSONParser(materializationDepth: 64).parse(textA),
           let valueB = try? JSONParser(materializationDepth: 64).parse(textB) {
            var structure = lockedStructureMutator()
            structure.pool = SplicePool(documents: [valueB], dictionary: structure.dictionary)
            var spliced = valueA
            var injections: [[UInt8]] = []
            structure.mutateOnce(&spliced, rng: &rng, injections: &injections)
            let json = JSONSerializer.serialize(spliced)
            result = (encA ?? .identity) == .identity ? json : Deflater.compress(json, as: encA!)
        }
        let count = min(result.count, maxOutSize)
        result.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: count) }
        return count
    }

    private func lockedSeed(_ rng: inout FuzzRandom) -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        return rng.pick(seedFiles)
    }

    /// The seed folders: `SDUI_FUZZ_SEEDS` (colon-separated; the campaign runner sets it, since a
    /// fork-mode child only sees its own slice of the corpus), else every corpus path given.
    private func seedPaths(_ corpusPaths: [String]) -> [String] {
        if let seeds = ProcessInfo.processInfo.environment["SDUI_FUZZ_SEEDS"] { return seeds.split(separator: ":").map(String.init) }
        return corpusPaths
    }

    private func lockedStructureMutator() -> JSONStructureMutator {
        lock.lock(); defer { lock.unlock() }
        return JSONStructureMutator(dictionary: dictionary, pool: pool)
    }

    private func firstDifference(_ a: String, _ b: String) -> String {
        let la = a.split(separator: "\n", omittingEmptySubsequences: false), lb = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(la.count, lb.count) where (i < la.count ? la[i] : "") != (i < lb.count ? lb[i] : "") {
            return "line \(i + 1): \(i < la.count ? String(la[i]) : "<none>") → \(i < lb.count ? String(lb[i]) : "<none>")"
        }
        return "renderings differ"
    }
}

/// What a guarded check leaves behind (a class: the check runs in an escaping closure).
final class CheckOutcome: @unchecked Sendable {
    var violation: InvariantViolation?
    var notAPayload = false
}

/// Keeps inputs that decoded slowly (but within the timeout) next to the crash artifacts.
final class SlowInputs: @unchecked Sendable {
    var prefix: String?
    var thresholdNanoseconds: UInt64 = UInt64(ProcessInfo.processInfo.environment["SDUI_FUZZ_SLOW_MS"].flatMap(Int.init) ?? 100) * 1_000_000
    /// libFuzzer's `-timeout` (read from the command line): an input that took longer is a
    /// timeout, even when libFuzzer's alarm (checked once a second) did not catch it in time.
    var timeoutNanoseconds: UInt64 = 1_200 * 1_000_000_000
    /// At most this many distinct slow inputs per artifact folder, over all of a campaign's jobs:
    /// one slow family can otherwise write hundreds of near-copies.
    let limit = 20

    /// Whether the input was slow; a slow one is written as a `slow-<ms>ms-<hash>` artifact while the
    /// folder holds fewer than ``limit`` distinct inputs; the same input again keeps one file, with
    /// its slowest time. One past the timeout is written as `timeout-<hash>`, which triage replays
    /// and reports as a timeout.
    @discardableResult
    func record(_ bytes: [UInt8], nanoseconds: UInt64) -> Bool {
        guard nanoseconds >= thresholdNanoseconds else { return false }
        guard let prefix else { return true }
        let ms = nanoseconds / 1_000_000
        let hash = String(fnv1a64(bytes), radix: 16)
        let fm = FileManager.default
        if nanoseconds >= timeoutNanoseconds {
            let name = prefix + "timeout-" + hash
            if !fm.fileExists(atPath: name) {
                _ = fm.createFile(atPath: name, contents: Data(bytes))
                FileHandle.standardError.write(Data("SDUIHarness: input took \(ms) ms, past the timeout (\(timeoutNanoseconds / 1_000_000) ms): kept as \(name)\n".utf8))
            }
            return true
        }
        let kept = keptSlow(prefix: prefix)
        if let same = kept.first(where: { $0.hash == hash }) {
            guard ms > same.ms else { return true }  // kept already, at least this slow
            try? fm.removeItem(atPath: same.path)
        } else if kept.count >= limit {
            return true
        }
        let name = prefix + "slow-\(ms)ms-" + hash
        _ = fm.createFile(atPath: name, contents: Data(bytes))
        FileHandle.standardError.write(Data("SDUIHarness: slow input: \(ms) ms (threshold \(thresholdNanoseconds / 1_000_000) ms), kept as \(name)\n".utf8))
        return true
    }

    /// The slow inputs kept so far, counted in the folder, not in this process: fork mode runs many
    /// short-lived jobs.
    private func keptSlow(prefix: String) -> [(path: String, ms: UInt64, hash: String)] {
        let folder = prefix.hasSuffix("/") ? prefix : (prefix as NSString).deletingLastPathComponent
        let stem = prefix.hasSuffix("/") ? "" : (prefix as NSString).lastPathComponent
        let directory = folder.isEmpty ? "." : folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(stem + "slow-") else { return nil }
            // slow-<ms>ms-<hash>
            let parts = name.dropFirst(stem.count + 5).split(separator: "-", maxSplits: 1)
            guard parts.count == 2, parts[0].hasSuffix("ms"), let ms = UInt64(parts[0].dropLast(2)) else { return nil }
            return ((directory as NSString).appendingPathComponent(name), ms, String(parts[1]))
        }
    }

    private func fnv1a64(_ bytes: [UInt8]) -> UInt64 { StableHash.fnv1a64(bytes) }
}
