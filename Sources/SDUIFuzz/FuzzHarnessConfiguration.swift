import Foundation

/// Everything a fuzz binary is told by whoever runs it — a campaign, `sdui repro`, a benchmark —
/// as one value, written as one JSON file whose path is in `SDUI_FUZZ_CONFIG`. The campaign writes
/// one per target beside the target's artifacts (`artifacts/<target>/harness.json`, what a replay
/// of a kept input needs) and one for its fuzzing jobs (`logs/<target>.harness.json`, which adds
/// the shared crash-site file and the outcome records), so a crash input and the file beside it
/// reproduce anywhere:
///
/// ```sh
/// SDUI_FUZZ_CONFIG=artifacts/decode/harness.json .build-fuzz/release/FuzzDecode artifacts/decode/crash-…
/// ```
///
/// The variable may hold the JSON itself instead of a path (`SDUI_FUZZ_CONFIG='{"contentEncoding":"gzip"}'`),
/// as a printed command carries a small configuration. Relative paths in a file are relative to
/// the file's folder (inline, to the current folder). A key left out keeps its default;
/// without `SDUI_FUZZ_CONFIG` (libFuzzer run by hand, OSS-Fuzz, ClusterFuzzLite) every value is its
/// default and the structure-aware mutator reads the dictionary beside the binary
/// (`<binary>.dict`, OSS-Fuzz's convention) when there is one.
public struct FuzzHarnessConfiguration: Codable, Sendable, Equatable {
    /// The environment variable that holds the configuration file's path.
    public static let environmentVariable = "SDUI_FUZZ_CONFIG"
    /// The file's name beside a target's artifacts.
    public static let fileName = "harness.json"

    /// Invariant checks after a successful decode (render, re-encode, decode again). Off only to
    /// measure the harness without them (benchmarks).
    public var checksInvariants = true
    /// libFuzzer's own mutations only, whatever the target's strategy: the plain-libFuzzer
    /// baseline of benchmarks, run with the same fuzz target.
    public var plain = false
    /// The mutation strategy instead of the target's own (benchmarks compare strategies on one binary).
    public var mutation: MutationStrategy?
    /// Percentage of mutations that are SDUI-aware (the rest are libFuzzer's byte mutations).
    public var structuredShare = 50
    /// Say on standard error what the decoder made of each input — its own error, or its
    /// rendering — and record it (`sdui repro`).
    public var explains = false
    /// Inputs that take at least this long are kept as `slow-<ms>ms-<hash>` artifacts: a screen that
    /// takes that long to decode janks the app even when it does not time out.
    public var slowMilliseconds = 100
    /// libFuzzer's `-timeout`, in seconds: an input slower than this is kept as `timeout-<hash>`,
    /// even when libFuzzer's alarm (checked once a second) did not catch it. Nil: libFuzzer's default.
    public var timeoutSeconds: Int?
    /// libFuzzer's `-rss_limit_mb`: a job whose skipped crashes leaked past half of it ends cleanly.
    public var rssLimitMB = 2048
    /// Where slow and timeout inputs and inputs of new crash sites are kept (libFuzzer's
    /// `-artifact_prefix`, a folder ending in `/` or a file-name prefix). Nil: they are not kept.
    public var artifactPrefix: String?
    /// The file of crash sites a campaign's jobs share: a crash at a site in it is skipped and the
    /// process fuzzes on (see ``CrashSites``). Nil: every crash ends the process, as libFuzzer expects.
    public var knownCrashSites: String?
    /// With ``knownCrashSites`` and a timeout: end an input early once it has run as long as a slow
    /// one inside a hang the campaign already met, and keep a new hang's input at the timeout
    /// without ending the job (``CrashSites/watchHangs(checkAfterMilliseconds:keepAfterMilliseconds:)``).
    public var watchesHangs = true
    /// Crashes one process skips before it ends cleanly (a skipped crash leaks what the decoder held).
    public var skipLimit = 20_000
    /// With ``knownCrashSites``: whether inputs run in a fork server's child (see ``ForkServer``),
    /// so what the decoder leaks on each skipped crash goes with the child instead of ending the job.
    public var forkServer = ForkServerMode.auto
    /// Seed folders (or files): the dictionary, the splice pool and the restarts from a seed learn
    /// from them. libFuzzer's fork mode gives each job only a slice of the corpus.
    public var seeds: [String] = []
    /// What the campaign learned once from `seeds` and its dictionary (a ``LearnedCorpus`` file): a
    /// job reads it instead of the seed folders, so its start does not grow with them.
    public var learned: String?
    /// A dictionary in libFuzzer's format for the structure-aware mutator too (the campaign's holds
    /// the literals mined from the decoder); the same file is libFuzzer's `-dict`.
    public var dictionary: String?
    /// Where the binary appends what it observed, one ``FuzzOutcomeRecord`` per line (JSON lines).
    public var outcomes: String?
    /// A replayed file is opened with this `Content-Encoding` (`gzip`, `deflate`) whatever its
    /// name says; nil: the encoding its name declares (`x.json.gz`), else what its bytes are.
    public var contentEncoding: String?

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case checksInvariants, plain, mutation, structuredShare, explains, slowMilliseconds, timeoutSeconds, rssLimitMB,
             artifactPrefix, knownCrashSites, watchesHangs, skipLimit, forkServer, seeds, learned, dictionary, outcomes, contentEncoding
    }

    /// Every key is optional: one left out keeps its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = Self()
        checksInvariants = try c.decodeIfPresent(Bool.self, forKey: .checksInvariants) ?? d.checksInvariants
        plain = try c.decodeIfPresent(Bool.self, forKey: .plain) ?? d.plain
        mutation = try c.decodeIfPresent(MutationStrategy.self, forKey: .mutation)
        structuredShare = try c.decodeIfPresent(Int.self, forKey: .structuredShare) ?? d.structuredShare
        explains = try c.decodeIfPresent(Bool.self, forKey: .explains) ?? d.explains
        slowMilliseconds = try c.decodeIfPresent(Int.self, forKey: .slowMilliseconds) ?? d.slowMilliseconds
        timeoutSeconds = try c.decodeIfPresent(Int.self, forKey: .timeoutSeconds)
        rssLimitMB = try c.decodeIfPresent(Int.self, forKey: .rssLimitMB) ?? d.rssLimitMB
        artifactPrefix = try c.decodeIfPresent(String.self, forKey: .artifactPrefix)
        knownCrashSites = try c.decodeIfPresent(String.self, forKey: .knownCrashSites)
        watchesHangs = try c.decodeIfPresent(Bool.self, forKey: .watchesHangs) ?? d.watchesHangs
        skipLimit = try c.decodeIfPresent(Int.self, forKey: .skipLimit) ?? d.skipLimit
        forkServer = try c.decodeIfPresent(ForkServerMode.self, forKey: .forkServer) ?? d.forkServer
        seeds = try c.decodeIfPresent([String].self, forKey: .seeds) ?? d.seeds
        learned = try c.decodeIfPresent(String.self, forKey: .learned)
        dictionary = try c.decodeIfPresent(String.self, forKey: .dictionary)
        outcomes = try c.decodeIfPresent(String.self, forKey: .outcomes)
        contentEncoding = try c.decodeIfPresent(String.self, forKey: .contentEncoding)
    }

    /// What replaying a kept input needs of a fuzzing configuration: the same checks and encoding,
    /// nothing skipped, nothing kept, nothing mutated.
    public var forReplay: FuzzHarnessConfiguration {
        var replay = FuzzHarnessConfiguration()
        replay.checksInvariants = checksInvariants
        replay.contentEncoding = contentEncoding
        replay.timeoutSeconds = timeoutSeconds
        replay.rssLimitMB = rssLimitMB
        return replay
    }

    // MARK: - The file

    /// A configuration file that cannot be used, said with its path and what is wrong.
    public struct FileError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "the fuzz harness configuration \(path) cannot be used: \(reason)" }
    }

    /// Reads a configuration file; its relative paths become relative to the current folder.
    public static func read(from path: String) throws -> FuzzHarnessConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else { throw FileError(path: path, reason: "no such file") }
        var configuration = try parse(data, source: path)
        let folder = (path as NSString).deletingLastPathComponent
        configuration.resolvePaths(against: folder.isEmpty ? "." : folder)
        return configuration
    }

    /// A configuration from its JSON; `source` names where it came from in an error.
    public static func parse(_ data: Data, source: String) throws -> FuzzHarnessConfiguration {
        do {
            return try JSONDecoder().decode(FuzzHarnessConfiguration.self, from: data)
        } catch let error as DecodingError {
            throw FileError(path: source, reason: Self.describe(error))
        }
    }

    /// The configuration as one line of JSON, only its keys that differ from the defaults (what a
    /// command line carries in `SDUI_FUZZ_CONFIG`); nil when nothing differs.
    public var inlineJSON: String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let mine = try? encoder.encode(self), let plain = try? encoder.encode(FuzzHarnessConfiguration()),
              let a = try? JSONSerialization.jsonObject(with: mine) as? [String: Any],
              let b = try? JSONSerialization.jsonObject(with: plain) as? [String: Any] else { return nil }
        // Values of the same Codable type: their descriptions differ exactly when the values do.
        let differing = a.filter { key, value in b[key].map { String(describing: $0) != String(describing: value) } ?? true }
        guard !differing.isEmpty, let data = try? JSONSerialization.data(withJSONObject: differing, options: [.sortedKeys, .withoutEscapingSlashes]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes the configuration as `path`, atomically; paths inside stay as they are (make them
    /// relative to the file's folder for a file that reproduces anywhere).
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The paths, made relative to `folder` where they are under it (for a file written there).
    public func relative(to folder: String) -> FuzzHarnessConfiguration {
        let base = (folder as NSString).standardizingPath
        func rel(_ path: String) -> String {
            let full = (path as NSString).standardizingPath
            if full == base { return "." }
            if full.hasPrefix(base + "/") { return String(full.dropFirst(base.count + 1)) + (path.hasSuffix("/") ? "/" : "") }
            return path
        }
        var copy = self
        copy.mapPaths(rel)
        return copy
    }

    mutating func resolvePaths(against folder: String) {
        mapPaths { path in
            guard !path.hasPrefix("/") else { return path }
            let full = (folder as NSString).appendingPathComponent(path)
            // A prefix that names a folder keeps its trailing slash (`appendingPathComponent` may drop it).
            return path.hasSuffix("/") && !full.hasSuffix("/") ? full + "/" : full
        }
    }

    private mutating func mapPaths(_ change: (String) -> String) {
        artifactPrefix = artifactPrefix.map(change)
        knownCrashSites = knownCrashSites.map(change)
        seeds = seeds.map(change)
        learned = learned.map(change)
        dictionary = dictionary.map(change)
        outcomes = outcomes.map(change)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String { keys.isEmpty ? "the top level" : keys.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .typeMismatch(let type, let c): return "\(path(c.codingPath)): expected \(type)"
        case .valueNotFound(let type, let c): return "\(path(c.codingPath)): expected \(type), found null"
        case .keyNotFound(let key, _): return "missing \(key.stringValue)"
        case .dataCorrupted(let c): return "\(path(c.codingPath)): \(c.debugDescription) \(c.underlyingError.map { "(\($0))" } ?? "")"
        @unknown default: return "\(error)"
        }
    }

    // MARK: - The process's configuration

    /// This process's configuration: the file `SDUI_FUZZ_CONFIG` names, else the defaults (with
    /// the dictionary beside the binary when there is one). A file that cannot be used ends the
    /// process with a message saying why: fuzzing on without what the caller asked for would
    /// measure or reproduce something else.
    public static let current: FuzzHarnessConfiguration = load(environment: ProcessInfo.processInfo.environment,
                                                                executable: CommandLine.arguments.first)

    /// Where this process writes its outcome records, over what its configuration says: a tool
    /// that runs a printed reproduce line as it is (its configuration a file the campaign wrote)
    /// still gets the replay's typed records.
    public static let outcomesVariable = "SDUI_FUZZ_OUTCOMES"

    static func load(environment: [String: String], executable: String?) -> FuzzHarnessConfiguration {
        var configuration = FuzzHarnessConfiguration()
        if let value = environment[environmentVariable], !value.isEmpty {
            do {
                // The variable holds the file's path, or (a command line to paste) the JSON itself.
                configuration = value.hasPrefix("{") ? try parse(Data(value.utf8), source: environmentVariable) : try read(from: value)
            } catch {
                FileHandle.standardError.write(Data("SDUIHarness: \(error)\n".utf8))
                exit(2)
            }
        } else if let executable, FileManager.default.fileExists(atPath: executable + ".dict") {
            configuration.dictionary = executable + ".dict"
        }
        if let outcomes = environment[outcomesVariable], !outcomes.isEmpty { configuration.outcomes = outcomes }
        return configuration
    }
}
