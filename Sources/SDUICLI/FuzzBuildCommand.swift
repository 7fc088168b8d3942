import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUILiteralMining
import SDUIDecoderSlice
import SDUIScaffold

struct FuzzBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build fuzz targets into .build-fuzz and verify their coverage and ASan instrumentation.",
        discussion: """
        Needs a toolchain with libFuzzer: swift.org's (Linux, macOS). Xcode's has
        none: then select a swift.org toolchain (TOOLCHAINS=swift sdui fuzz build), or
        pass --libfuzzer ARCHIVE; the command says so, with the ways out, before it
        builds anything.

        Coverage goes to the decoder under test only: in this package and in a
        generated one (your decoder where it lives) the manifest gives the decoder's
        modules coverage and ASan and the harness's ASan only
        (SDUI_FUZZ_INSTRUMENT=decoder or plugged, set by this command). A package's own
        fuzz targets get every module instrumented unless its manifest reads
        SDUI_FUZZ_INSTRUMENT too (docs/fuzzing.md, "What a fuzz build instruments");
        SDUI_FUZZ_INSTRUMENT=everything asks for every module anywhere.

        Your decoder where it lives (--sources/--module with --decode/--type): its
        generated target is built as `sdui fuzz run` builds it. --copy-to DIR then
        copies each binary to DIR/<target>, and the JSON samples your app carries to
        DIR/<target>_seeds/ (what ClusterFuzzLite's build.sh, written by `sdui init`,
        zips into <target>_seed_corpus.zip).

        EXIT STATUS
          0 all built and instrumented; 2 no libFuzzer, a build failed, or a binary is
            not instrumented.
        """
    )

    @Argument(help: "Targets or products (default: every catalog target).")
    var targets: [String] = []

    @Flag(help: "Only verify binaries already built.")
    var noBuild = false

    @Option(help: ArgumentHelp("Copy each built fuzz binary (and its seeds) into this folder, e.g. ClusterFuzzLite's $OUT.", valueName: "dir"))
    var copyTo: String?

    @OptionGroup var libFuzzer: LibFuzzerOption

    @OptionGroup var package: PackageOption

    @OptionGroup var located: DecoderLocationOptions

    func validate() throws { try located.validate(targets: targets) }

    func run() throws {
        if located.names(over: targets) { return try buildLocated() }
        let builder = FuzzBuilder(packageRoot: try package.root(), libFuzzerArchive: libFuzzer.archive)
        let specs = targets.isEmpty ? FuzzTargetCatalog.targets : targets.map { FuzzTargetCatalog.spec(named: $0, seeds: []) }
        for spec in specs {
            do {
                if !noBuild { try builder.build(spec.product) }
                let check = try builder.verify(spec.product)
                print("\(spec.product): ok, \(check.counters) inline 8-bit counters, AddressSanitizer on")
                if let copyTo { try copy(builder.binary(spec.product), named: spec.product, seeds: [], to: copyTo) }
            } catch {
                printError("sdui fuzz build: \(error)")
                throw ExitCode(2)
            }
        }
    }

    /// The decoder where it lives: sliced, its target generated, built and verified.
    func buildLocated() throws {
        do {
            let prepared = try located.pluggedDecoder(package: package).prepare(seeds: []) { printError("sdui fuzz build: " + $0) }
            let product = prepared.package.product
            let builder = FuzzBuilder(packageRoot: prepared.package.folder, libFuzzerArchive: libFuzzer.archive)
            if !noBuild { try builder.build(product) }
            let check = try builder.verify(product)
            print("\(product): ok, \(check.counters) inline 8-bit counters, AddressSanitizer on (\(builder.binary(product)))")
            if let copyTo { try copy(builder.binary(product), named: product, seeds: prepared.foundSeeds.map(\.bytes), to: copyTo) }
        } catch {
            printError("sdui fuzz build: \(error)")
            throw ExitCode(2)
        }
    }

    func copy(_ binary: String, named product: String, seeds: [[UInt8]], to folder: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let destination = folder + "/" + product
        if fm.fileExists(atPath: destination) { try fm.removeItem(atPath: destination) }  // a build output, rebuilt each time
        try fm.copyItem(atPath: binary, toPath: destination)
        guard !seeds.isEmpty else { print("copied \(product) to \(destination)"); return }
        let seedFolder = folder + "/" + product + "_seeds"
        try fm.createDirectory(atPath: seedFolder, withIntermediateDirectories: true)
        for bytes in seeds {
            try Data(bytes).write(to: URL(fileURLWithPath: seedFolder + "/" + StableHash.hex(StableHash.fnv1a64(bytes))), options: .atomic)
        }
        print("copied \(product) to \(destination), \(seeds.count) seed(s) to \(seedFolder)")
    }
}
