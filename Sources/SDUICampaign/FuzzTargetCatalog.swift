/// A fuzz target the campaign runner knows: its libFuzzer product and default seed corpus.
public struct FuzzTargetSpec: Sendable, Hashable {
    /// Short name used on the command line and in reports (`decode`, `compressed`, …).
    public var name: String
    /// The SwiftPM executable product.
    public var product: String
    /// Seed directories, relative to the package root.
    public var seeds: [String]
    public var summary: String
    /// Source folders of the decoder, relative to the package root, mined for the literals it
    /// compares against (a user target's whole `Sources/`).
    public var decoderSources: [String]
    /// Whether the decoder's sources are found from the package graph (a user's target, whose
    /// decoder may sit in another package), with `decoderSources` as the fallback.
    public var findsSourcesInPackageGraph: Bool
    /// Why the target exists (a user's own target is `.fuzzed`).
    public var role: FuzzTargetCatalog.Role
    /// The decoder's folder in the regression store (`Corpus/crashes/<decoder>`), where it has one.
    public var regressionDecoder: String?
    /// Whether the decoder reads Screen protocol v1 (the bundled decoder and the fixtures built on
    /// its parser), so an input is explained by where the reference decoder stops; a plugged-in
    /// decoder's by what it says itself and the values its code compares against.
    public var speaksProtocolV1: Bool
    /// A target the harness generated around a decoder slice (``GeneratedFuzzPackage``): its
    /// module is the decoder's own, not plumbing.
    public var generated = false
    /// Which entry points the target's file exports.
    public var entryPoints: FuzzTargetCatalog.EntryPoints = .harness

    public init(name: String, product: String, seeds: [String], summary: String, decoderSources: [String] = ["Sources"],
                findsSourcesInPackageGraph: Bool = false, role: FuzzTargetCatalog.Role = .fuzzed, regressionDecoder: String? = nil,
                speaksProtocolV1: Bool = false, entryPoints: FuzzTargetCatalog.EntryPoints = .harness) {
        self.name = name
        self.product = product
        self.seeds = seeds
        self.summary = summary
        self.decoderSources = decoderSources
        self.findsSourcesInPackageGraph = findsSourcesInPackageGraph
        self.role = role
        self.regressionDecoder = regressionDecoder
        self.speaksProtocolV1 = speaksProtocolV1
        self.entryPoints = entryPoints
    }

    /// The decoder's source folders, absolute: from the package graph where the target asks for
    /// it (saying which through `progress`), else `decoderSources` under the root.
    public func resolvedDecoderSources(packageRoot: String, scratchPath: String? = nil, progress: (String) -> Void = { _ in }) -> [String] {
        let fallback = decoderSources.map { $0.hasPrefix("/") ? $0 : packageRoot + "/" + $0 }
        guard findsSourcesInPackageGraph else { return fallback }
        do {
            let found = try PackageGraph(packageRoot: packageRoot, scratchPath: scratchPath).decoderSources(of: product)
            progress("\(name): decoder sources from the package graph: "
                     + found.map { "\($0.target) (\($0.package))" }.joined(separator: ", "))
            return found.map(\.path)
        } catch {
            progress("\(name): the package graph could not be read (\(error)); mining \(decoderSources.joined(separator: ", "))")
            return fallback
        }
    }
}

/// The one list of this package's fuzz targets. Everything else is derived from it: `sdui fuzz
/// run --help` and `sdui fuzz list`, `.clusterfuzzlite/targets.tsv` (`sdui fuzz list --format
/// clusterfuzzlite`), the targets CI fuzzes and replays (`scripts/fuzz-ci.sh` reads that list);
/// `FuzzTargetCatalogTests` fails when `Package.swift` or the checked-in `targets.tsv` disagrees.
public enum FuzzTargetCatalog {
    /// Why a target exists, which decides where it runs.
    public enum Role: String, Sendable, Hashable {
        /// A decoder worth fuzzing: fuzzed by default, in CI and on ClusterFuzzLite/OSS-Fuzz.
        case fuzzed
        /// A test fixture with a known bug (the harness's own tests and CI's planted-bug proof).
        case fixture
        /// A benchmark baseline (no harness).
        case baseline
    }

    /// The entry points a target's file exports.
    public enum EntryPoints: Sendable, Hashable {
        /// ``FuzzEntryTemplate/entryPoints(harness:)`` word for word, as every generated target:
        /// test, initialize (dictionary, known crash sites, slow inputs), mutate, cross over, replay.
        case harness
        /// `LLVMFuzzerTestOneInput` and the replayer only: what is measured is libFuzzer without the
        /// harness (the benchmark baselines), or a classification of libFuzzer's own verdict
        /// (timeout, out-of-memory) that the harness's slow-input keeping would stand between.
        case bare
    }

    static let reference = ["Sources/SDUIScreen", "Sources/SDUIPayload", "Sources/SDUIJSON"]
    static let fixtures = ["Sources/SDUIFuzzFixtures"]

    public static let targets: [FuzzTargetSpec] = [
        .init(name: "decode", product: "FuzzDecode", seeds: ["Corpus/seeds"],
              summary: "reference decoder, plain bytes, libFuzzer mutations + invariants", decoderSources: reference,
              role: .fuzzed, regressionDecoder: "reference", speaksProtocolV1: true),
        .init(name: "compressed", product: "FuzzCompressed", seeds: ["Corpus/seeds"],
              summary: "reference decoder, compression-aware mutator (inflate, mutate, deflate; header/trailer surgery)",
              decoderSources: reference, role: .fuzzed, regressionDecoder: "reference", speaksProtocolV1: true),
        .init(name: "structured", product: "FuzzStructured", seeds: ["Corpus/seeds"],
              summary: "reference decoder, structure-aware JSON mutator with SDUI knowledge", decoderSources: reference,
              role: .fuzzed, regressionDecoder: "reference", speaksProtocolV1: true),
        .init(name: "view-items", product: "FuzzViewItems", seeds: ["Corpus/view-items"],
              summary: "second decoder (view_type/view_data, JSONDecoder) plugged in as a user would",
              decoderSources: ["Sources/ViewItemsDecoder"], role: .fuzzed, regressionDecoder: "view-items"),
        .init(name: "planted", product: "FuzzPlanted", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: planted bug behind the compression-aware mutator", decoderSources: fixtures, role: .fixture, speaksProtocolV1: true),
        .init(name: "planted-plain", product: "FuzzPlantedPlain", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: planted bug under plain libFuzzer (baseline)", decoderSources: fixtures, role: .fixture, speaksProtocolV1: true, entryPoints: .bare),
        .init(name: "hang", product: "FuzzHang", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: hangs on a spacer of height 4242 (timeout classification)", decoderSources: fixtures, role: .fixture, speaksProtocolV1: true, entryPoints: .bare),
        .init(name: "hog", product: "FuzzHog", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: allocates without bound on a stack of spacing 4242 (OOM classification)",
              decoderSources: fixtures, role: .fixture, speaksProtocolV1: true, entryPoints: .bare),
        .init(name: "bare", product: "FuzzBare", seeds: ["Corpus/seeds"],
              summary: "benchmark baseline: decoder only, no harness", decoderSources: [], role: .baseline, speaksProtocolV1: true, entryPoints: .bare),
    ]

    /// What `all` (and no target at all) means: the targets worth fuzzing.
    public static var defaultNames: [String] { targets.filter { $0.role == .fuzzed }.map(\.name) }

    /// The TARGETS part of `sdui fuzz run --help`.
    public static var helpText: String {
        let fuzzed = targets.filter { $0.role == .fuzzed }
        let others = targets.filter { $0.role != .fuzzed }
        let width = (fuzzed.map(\.name.count).max() ?? 0) + 2
        var lines = fuzzed.flatMap { wrapped($0.summary, first: "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0)) }
        lines += wrapped("the \(fuzzed.count) above (the default)", first: "  " + "all".padding(toLength: width, withPad: " ", startingAt: 0))
        lines += wrapped(others.map(\.name).joined(separator: ", ") + ": test fixtures and the benchmark baseline", first: "  ")
        lines += wrapped("Any other name is taken as the SwiftPM product of your own fuzz target.", first: "  ")
        return lines.joined(separator: "\n")
    }

    /// `text` after `first`, in lines of at most 78 characters, continued under its first word.
    static func wrapped(_ text: String, first: String) -> [String] {
        let indent = String(repeating: " ", count: first.count)
        var lines: [String] = [], line = first
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > 78 {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        return lines + [line]
    }

    /// `.clusterfuzzlite/targets.tsv`: the targets worth fuzzing, each with its seed folders, the
    /// inputs campaigns merged for it and the crash inputs kept for its decoder.
    public static var clusterFuzzLiteTSV: String {
        var lines = [
            "# The fuzz targets ClusterFuzzLite/OSS-Fuzz builds: one line each, PRODUCT <tab> seed corpus",
            "# directories (space-separated, relative to the repository; missing ones are skipped).",
            "# Written by `sdui fuzz list --format clusterfuzzlite` from the one list of targets",
            "# (FuzzTargetCatalog); your own decoder's target gets a line of its own (docs/ci.md).",
        ]
        for t in targets where t.role == .fuzzed {
            let dirs = t.seeds + ["Corpus/fuzz/\(t.name)"] + (t.regressionDecoder.map { ["Corpus/crashes/\($0)"] } ?? [])
            lines.append("\(t.product)\t\(dirs.joined(separator: " "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `--decoder` accepts besides target names: `reference` is the bundled decoder.
    public static func spec(forDecoder name: String) -> FuzzTargetSpec? {
        if name == "reference" { return targets.first { $0.name == "decode" } }
        return targets.first { $0.name == name || $0.product == name }
    }

    /// A catalog target by name, or an ad-hoc one for any other product name (a user's own target).
    public static func spec(named name: String, seeds: [String]) -> FuzzTargetSpec {
        if var known = targets.first(where: { $0.name == name || $0.product == name }) {
            if !seeds.isEmpty { known.seeds = seeds }
            return known
        }
        return FuzzTargetSpec(name: name, product: name, seeds: seeds.isEmpty ? ["Corpus/seeds"] : seeds, summary: "user target",
                              findsSourcesInPackageGraph: true)
    }
}
