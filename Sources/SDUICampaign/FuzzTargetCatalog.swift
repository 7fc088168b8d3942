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

    public init(name: String, product: String, seeds: [String], summary: String, decoderSources: [String] = ["Sources"],
                findsSourcesInPackageGraph: Bool = false) {
        self.name = name
        self.product = product
        self.seeds = seeds
        self.summary = summary
        self.decoderSources = decoderSources
        self.findsSourcesInPackageGraph = findsSourcesInPackageGraph
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

public enum FuzzTargetCatalog {
    public static let targets: [FuzzTargetSpec] = [
        .init(name: "decode", product: "FuzzDecode", seeds: ["Corpus/seeds"],
              summary: "reference decoder, plain bytes, libFuzzer mutations + invariants", decoderSources: ["Sources/SDUIScreen", "Sources/SDUIPayload", "Sources/SDUIJSON"]),
        .init(name: "compressed", product: "FuzzCompressed", seeds: ["Corpus/seeds"],
              summary: "reference decoder, compression-aware mutator (inflate, mutate, deflate; header/trailer surgery)", decoderSources: ["Sources/SDUIScreen", "Sources/SDUIPayload", "Sources/SDUIJSON"]),
        .init(name: "structured", product: "FuzzStructured", seeds: ["Corpus/seeds"],
              summary: "reference decoder, structure-aware JSON mutator with SDUI knowledge", decoderSources: ["Sources/SDUIScreen", "Sources/SDUIPayload", "Sources/SDUIJSON"]),
        .init(name: "view-items", product: "FuzzViewItems", seeds: ["Corpus/view-items"],
              summary: "second decoder (view_type/view_data, JSONDecoder) plugged in as a user would", decoderSources: ["Sources/ViewItemsDecoder"]),
        .init(name: "planted", product: "FuzzPlanted", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: planted bug behind the compression-aware mutator", decoderSources: ["Sources/SDUIFuzzFixtures"]),
        .init(name: "planted-plain", product: "FuzzPlantedPlain", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: planted bug under plain libFuzzer (baseline)", decoderSources: ["Sources/SDUIFuzzFixtures"]),
        .init(name: "hang", product: "FuzzHang", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: hangs on a spacer of height 4242 (timeout classification)", decoderSources: ["Sources/SDUIFuzzFixtures"]),
        .init(name: "hog", product: "FuzzHog", seeds: ["Corpus/seeds"],
              summary: "TEST FIXTURE: allocates without bound on a stack of spacing 4242 (OOM classification)", decoderSources: ["Sources/SDUIFuzzFixtures"]),
        .init(name: "bare", product: "FuzzBare", seeds: ["Corpus/seeds"],
              summary: "benchmark baseline: decoder only, no harness", decoderSources: []),
    ]

    /// What `all` (and no target at all) means: the bundled decoder's targets and the second decoder.
    public static let defaultNames = ["decode", "compressed", "structured", "view-items"]

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
