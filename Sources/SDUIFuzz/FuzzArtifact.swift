import Foundation

/// An input a fuzzing run kept (libFuzzer's `crash-`, `timeout-`, `oom-`, `leak-` and `slow-unit-`
/// files, the engine's `crash-<site key>` and the harness's `timeout-` and `slow-<ms>ms-` files),
/// read once from disk: its kind, the crash-site key its name carries, when it was written and the
/// harness configuration a replay of it needs (the `harness.json` the campaign writes beside its
/// artifacts). Triage, the timing of timeouts, the report and `sdui repro` take this value; none
/// of them reads a file name for its kind again.
public struct FuzzArtifact: Sendable, Hashable {
    /// What the run that kept the input saw it do.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case crash, timeout, oom, leak
        /// Decoded within the timeout, but slower than the harness's threshold (`slow-…`): kept for
        /// the report, never triaged as a bug.
        case slow

        /// The words a report uses for where such an input came from.
        public var origin: String {
            switch self {
            case .crash: "libFuzzer crash artifact"
            case .timeout: "libFuzzer timeout artifact"
            case .oom: "libFuzzer out-of-memory artifact"
            case .leak: "libFuzzer leak artifact"
            case .slow: "slow input kept by the harness"
            }
        }

        /// The kind a fuzzing run's name for a kept input says; nil for any other name. The one
        /// place a name is read for its kind (``FuzzArtifact/init(path:)``, and the campaign's
        /// running count, which does not read the files).
        public init?(fileName name: String) {
            if name.hasPrefix("slow-") { self = .slow; return }
            guard let kind = [Kind.crash, .timeout, .oom, .leak].first(where: { name.hasPrefix($0.rawValue + "-") }) else { return nil }
            self = kind
        }
    }

    /// Where it is (as given: absolute in a campaign).
    public let path: String
    public let kind: Kind
    /// The engine's key of the crash site the input was kept under (`crash-<16 hex digits>`); nil
    /// for an input libFuzzer kept (`crash-<sha1>`) and for every other kind.
    public let site: CrashIdentity?
    /// When it was written (its modification time), nil when that cannot be read.
    public let written: Date?
    /// The harness configuration the campaign wrote beside it for its replays, when there is one.
    public let configuration: String?

    /// The artifact at `path`, nil when its name is not one a fuzzing run gives what it keeps.
    public init?(path: String) {
        let name = (path as NSString).lastPathComponent
        guard let kind = Kind(fileName: name) else { return nil }
        self.path = path
        self.kind = kind
        self.site = kind == .crash ? CrashIdentity(hex: name.dropFirst("crash-".count)) : nil
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        self.written = attributes?[.modificationDate] as? Date
        let beside = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(FuzzHarnessConfiguration.fileName)
        self.configuration = FileManager.default.fileExists(atPath: beside) ? beside : nil
    }

    public var name: String { (path as NSString).lastPathComponent }

    /// Whether triage replays it: every kind but a slow input.
    public var isFinding: Bool { kind != .slow }

    /// The artifacts under `folder` (recursively), earliest written first (then by name), so
    /// triage meets a bug at its first input.
    public static func all(under folder: String) -> [FuzzArtifact] {
        let found = CorpusReader.files(under: folder).compactMap(FuzzArtifact.init(path:))
        return found.sorted { a, b in
            let (x, y) = (a.written ?? .distantFuture, b.written ?? .distantFuture)
            return x != y ? x < y : a.path < b.path
        }
    }
}
