import Foundation
import SDUIDecoderSlice
import SDUIPlatform

/// A decoder plugged in where it lives, with no file of the user's written or changed: its
/// sources are sliced (``DecoderSlicer``), the harness generates the fuzz target around them
/// (``GeneratedFuzzPackage``), and when no seeds are given the app's own samples are found
/// (``SeedFinder``). What a campaign, `sdui fuzz init` and reproduction need, in one place.
public struct PluggedDecoder: Sendable {
    public var location: DecoderLocation
    /// The decoder's name in reports (default: its module's).
    public var name: String
    /// The generated package every decoder plugged in from here shares (``GeneratedFuzzPackage``).
    public var scratchFolder: String
    public var os: HostOS = .current

    public init(location: DecoderLocation, name: String? = nil, scratchFolder: String) {
        self.location = location
        self.name = name ?? location.moduleName
        self.scratchFolder = scratchFolder
    }

    public var packageFolder: String { scratchFolder }

    public struct Prepared: Sendable {
        public var package: GeneratedFuzzPackage
        public var spec: FuzzTargetSpec
        /// The app's own samples used as seeds (empty when seeds were given).
        public var foundSeeds: [SeedFinder.Seed]
        /// The slice and the seeds, as a section of the campaign report.
        public var reportSection: String
    }

    /// Slices, writes the generated package and picks the seeds (`seeds` given, else found).
    public func prepare(seeds: [String], progress: (String) -> Void) throws -> Prepared {
        progress("slicing \(location.moduleName) from \(location.sources.joined(separator: ", "))")
        let slicer = DecoderSlicer(location: location, standInsFolder: HarnessCheckout.standIns,
                                   workFolder: scratchFolder + "/.slice/" + location.moduleName, os: os)
        let slice = try slicer.slice()
        let leftOut = slice.leftOut.count
        progress("\(location.moduleName): \(slice.files.count) file(s) sliced in \(String(format: "%.1f", slice.seconds)) s: "
                 + "\(leftOut) declaration(s) left out, stand-ins \(slice.standIns.isEmpty ? "none" : slice.standIns.joined(separator: ", ")) (see the report)")
        let package = GeneratedFuzzPackage(slice: slice, name: name, folder: packageFolder)
        try package.write()
        var seedFolders = seeds.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var found: [SeedFinder.Seed] = []
        if seeds.isEmpty {
            found = SeedFinder.find(in: location.sources)
            let folder = scratchFolder + "/seeds/" + location.moduleName
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (i, seed) in found.enumerated() {
                let base = URL(fileURLWithPath: seed.origin.split(separator: ":").first.map(String.init) ?? seed.origin).deletingPathExtension().lastPathComponent
                try Data(seed.bytes).write(to: URL(fileURLWithPath: folder + String(format: "/%03d-", i) + base + ".json"))
            }
            seedFolders = [folder]
            progress(found.isEmpty ? "\(location.moduleName): no sample responses found beside the code; fuzzing starts from nothing (give --seeds)"
                                   : "\(location.moduleName): \(found.count) sample response(s) found beside the code used as seeds (listed in the report)")
        }
        var spec = FuzzTargetSpec(name: location.moduleName, product: package.product, seeds: seedFolders,
                                  summary: "\(location.decodeExpression) in \(location.moduleName)", decoderSources: location.sources)
        spec.generated = true
        var section = package.sliceReport
        if seeds.isEmpty {
            section += "\n## Seeds found beside the code\n\n"
            section += found.isEmpty ? "None: the campaign started from an empty corpus (give `--seeds DIR`).\n"
                : found.map { seed in
                    var origin = seed.origin
                    if let root = GeneratedFuzzPackage.commonFolder(location.sources), origin.hasPrefix(root + "/") { origin.removeFirst(root.count + 1) }
                    return "- `\(origin)` (\(seed.bytes.count) bytes)\n"
                }.joined()
        }
        return Prepared(package: package, spec: spec, foundSeeds: found, reportSection: section)
    }
}
