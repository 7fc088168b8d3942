import Foundation
import SDUIDecoderSlice
import SDUIPlatform
import SDUIPlatformProcesses

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
    /// Whether a `Codable` decoded value is also round-tripped (``CodableRoundTrip``).
    public var roundTrip = true

    public init(location: DecoderLocation, name: String? = nil, scratchFolder: String) {
        self.location = location
        self.name = name ?? location.moduleName
        self.scratchFolder = scratchFolder
    }

    public struct Prepared: Sendable {
        public var package: GeneratedFuzzPackage
        public var spec: FuzzTargetSpec
        /// The app's own samples used as seeds (empty when seeds were given).
        public var foundSeeds: [SeedFinder.Seed]
        /// The slice and the seeds, as a section of the campaign report.
        public var reportSection: String
    }

    /// Slices, writes the generated package and picks the seeds (`seeds` given, else found).
    /// `findSeeds`: with no seeds given, use the samples beside the code (a gate client needs none).
    public func prepare(seeds: [String], findSeeds: Bool = true, progress: (String) -> Void) throws -> Prepared {
        progress("slicing \(location.moduleName) from \(location.sources.joined(separator: ", "))")
        let slicer = DecoderSlicer(location: location, standInsFolder: HarnessCheckout.standIns,
                                   workFolder: scratchFolder + "/.slice/" + location.moduleName, os: os)
        let slice = try slicer.slice()
        let leftOut = slice.leftOut.count
        progress("\(location.moduleName): \(slice.files.count) file(s) sliced in \(String(format: "%.1f", slice.seconds)) s: "
                 + "\(leftOut) declaration(s) left out, stand-ins \(slice.standIns.isEmpty ? "none" : slice.standIns.joined(separator: ", ")) (see the report)")
        var package = GeneratedFuzzPackage(slice: slice, name: name, folder: scratchFolder)
        package.roundTrip = roundTrip
        try package.write()
        var seedFolders = seeds.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var found: [SeedFinder.Seed] = []
        if seeds.isEmpty, findSeeds {
            found = SeedFinder.find(in: location.sources)
            let folder = scratchFolder + "/seeds/" + location.moduleName
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (i, seed) in found.enumerated() {
                let base = URL(fileURLWithPath: seed.origin.split(separator: ":").first.map(String.init) ?? seed.origin).deletingPathExtension().lastPathComponent
                try Data(seed.bytes).write(to: URL(fileURLWithPath: folder + String(format: "/%03d-", i) + base + ".json"))
            }
            seedFolders = [folder]
            progress(found.isEmpty ? "\(location.moduleName): no sample responses found beside the code; the harness sketches starting documents from the keys the decoder reads (give --seeds)"
                                   : "\(location.moduleName): \(found.count) sample response(s) found beside the code used as seeds (listed in the report)")
        }
        var spec = FuzzTargetSpec(name: location.moduleName, product: package.product, seeds: seedFolders,
                                  summary: "\(location.decodeExpression) in \(location.moduleName)", decoderSources: location.sources)
        spec.generated = true
        var section = package.sliceReport
        if seeds.isEmpty, findSeeds {
            section += "\n## Seeds found beside the code\n\n"
            section += found.isEmpty ? "None: the harness sketched starting documents from the keys the decoder reads (its log says how many: `no seeds: N sketched`; give `--seeds DIR` for real responses).\n"
                : found.map { seed in
                    var origin = seed.origin
                    // Relative to the folder the decoder's and the samples' paths share (the project's).
                    let paths = location.sources + found.map { String($0.origin.split(separator: ":").first ?? "") }
                    if let root = GeneratedFuzzPackage.commonFolder(paths), origin.hasPrefix(root + "/") { origin.removeFirst(root.count + 1) }
                    return "- `\(origin)` (\(seed.bytes.count) bytes)\n"
                }.joined()
        }
        return Prepared(package: package, spec: spec, foundSeeds: found, reportSection: section)
    }
}

/// A decoder's folders as they were at a git revision of the repository that holds them (a
/// release tag, for an app version the gate still checks), written under the harness's scratch
/// folder: the user's work tree, index and branches are not touched (`git archive` reads objects).
public enum RevisionSources {
    public enum RevisionError: Error, CustomStringConvertible {
        case gitNotFound
        case notInARepository(String)
        case unknownRevision(String, repository: String)
        case git(String)

        public var description: String {
            switch self {
            case .gitNotFound: "git was not found on PATH (needed to read sources at a revision)"
            case .notInARepository(let folder): "\(folder) is not in a git repository, so it has no revisions to read"
            case .unknownRevision(let revision, let repository): "no revision \(revision) in the repository at \(repository) (a tag, branch or commit; `git tag` lists tags)"
            case .git(let message): message
            }
        }
    }

    /// The folders' copies at `revision`, under `destination` (replaced), in the same order.
    public static func materialize(_ folders: [String], at revision: String, into destination: String) throws -> [String] {
        guard let git = Toolchain.tool("git") else { throw RevisionError.gitNotFound }
        guard let first = folders.first else { return [] }
        let probe = try ProcessRunner.run(git, ["-C", first, "rev-parse", "--show-toplevel"], timeout: 60)
        guard probe.status == 0 else { throw RevisionError.notInARepository(first) }
        let root = URL(fileURLWithPath: probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).resolvingSymlinksInPath().path
        let verify = try ProcessRunner.run(git, ["-C", root, "rev-parse", "--verify", "--quiet", revision + "^{commit}"], timeout: 60)
        guard verify.status == 0 else { throw RevisionError.unknownRevision(revision, repository: root) }
        var relatives: [String] = []
        for folder in folders {
            let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            guard real == root || real.hasPrefix(root + "/") else { throw RevisionError.git("\(folder) is not in the repository at \(root)") }
            relatives.append(real == root ? "." : String(real.dropFirst(root.count + 1)))
        }
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let archive = destination + "/.sources.tar"
        let out = try ProcessRunner.run(git, ["-C", root, "archive", "--format=tar", "-o", archive, revision, "--"] + relatives, timeout: 300)
        guard out.status == 0 else {
            throw RevisionError.git("the sources \(relatives.joined(separator: ", ")) at \(revision): \(out.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        guard let tar = Toolchain.tool("tar") else { throw RevisionError.git("tar was not found on PATH") }
        let unpacked = try ProcessRunner.run(tar, ["-xf", archive, "-C", destination], timeout: 300)
        try? FileManager.default.removeItem(atPath: archive)
        guard unpacked.status == 0 else { throw RevisionError.git("unpacking the sources at \(revision): \(unpacked.stderr)") }
        return relatives.map { $0 == "." ? destination : destination + "/" + $0 }
    }
}
