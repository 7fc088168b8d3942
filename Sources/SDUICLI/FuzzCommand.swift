import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUILiteralMining
import SDUIDecoderSlice
import SDUIScaffold

struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run fuzz campaigns against the bundled decoder or your own, and triage what they find.",
        discussion: """
        With no subcommand, runs a campaign (see `sdui fuzz run --help`). Fuzz
        binaries are built with libFuzzer and AddressSanitizer into .build-fuzz, apart
        from normal builds.
        """,
        subcommands: [FuzzRunCommand.self, FuzzSliceCommand.self, FuzzInitCommand.self, FuzzDictCommand.self, FuzzBuildCommand.self, FuzzListCommand.self, FuzzRegressCommand.self,
                      FuzzCoverageCommand.self, FuzzPlotCommand.self],
        defaultSubcommand: FuzzRunCommand.self
    )
}

struct LibFuzzerOption: ParsableArguments {
    @Option(name: .customLong("libfuzzer"), help: ArgumentHelp("""
        A libFuzzer archive without main (libclang_rt.fuzzer_no_main*.a) to build with, for a \
        toolchain that ships none (Xcode's): e.g. Homebrew llvm's lib/clang/*/lib/darwin/\
        libclang_rt.fuzzer_no_main_osx.a. Binaries go to .build-fuzz-driver.
        """, valueName: "archive"))
    var archive: String?
}

struct PackageOption: ParsableArguments {
    @Option(help: ArgumentHelp("The package holding the fuzz targets: yours, or this harness for its bundled targets (default: the nearest folder above the current one holding Package.swift).", valueName: "dir"))
    var packagePath: String?

    func root() throws -> String {
        if let packagePath { return URL(fileURLWithPath: packagePath).standardizedFileURL.path }
        var url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
            url.deleteLastPathComponent()
        }
        throw ValidationError("no Package.swift above \(FileManager.default.currentDirectoryPath); run inside the package or pass --package-path DIR")
    }
}

struct FuzzRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Fuzz one or more targets for a time budget and write a campaign report.",
        discussion: """
        Builds each target's fuzzer (unless --no-build), checks that it is coverage-
        and ASan-instrumented, fuzzes it with `-fork=JOBS` for the budget, showing
        progress (time left, exec/s, coverage, corpus, crash inputs), keeps every
        crash/timeout/oom input under OUTPUT/artifacts/<target>/, replays each to get
        its demangled, symbolized stack, groups them by a stable signature (kind,
        message, top project frames) and writes OUTPUT/report.md and
        OUTPUT/report.json. Seeds are read, never written; --merge adds the inputs
        that bring new coverage to Corpus/fuzz/<target>/.

        TARGETS
        \(FuzzTargetCatalog.helpText)

        YOUR DECODER WHERE IT LIVES (no target file, no edits)
          --decode EXPR (Swift over `data: Data`, as the app calls it) or --type T
          (decoded with JSONDecoder), and where the code is: --sources DIR (a folder of
          an Xcode app's sources, repeatable) or --module M (a module of the package at
          --package-path). The harness slices the sources (view code left out, Apple
          frameworks this system lacks stood in; each listed per File.swift:LINE in the
          report), generates the fuzz target beside them in .build-sdui-decoders/, and,
          with no --seeds, seeds from the JSON the app carries (mocks, previews, test
          fixtures, JSON in multi-line string literals).

        EXAMPLES
          sdui fuzz                     # 20 s per default target, report printed
          sdui fuzz run --sources "Shop/Shop" --decode 'try ScreenParser.parse(data)' --time 120
          sdui fuzz run --module SectionsKit --type SectionsResponse --package-path Packages/SectionsKit
          sdui fuzz run compressed --time 600 --jobs 2
          sdui fuzz run FuzzMyDecoder --seeds MyCorpus --time 300 --merge
          sdui fuzz run FuzzMyDecoder --seeds MyCorpus --plain   # the baseline

        WHAT THE HARNESS ADDS FOR ANY DECODER
          The dictionary holds the seeds' keys, discriminator values and enum-like
          strings, plus the literals, keys and integer constants mined from the
          decoder's sources and from the fuzz binary (Swift small-string immediates,
          long literals; ELF and Mach-O). A target of your own has its decoder's
          sources found through the package graph: its own targets and those of the
          products it uses from other packages (by path or a checkout), two package
          hops deep; --mine-sources adds more.
          The structure-aware mutators use it too, with number moves across type
          boundaries and by orders of magnitude, values copied between fields, and
          mutation inside compressed seeds. -timeout is 1 s and slower-than-100-ms
          inputs are reported; --value-profile adds libFuzzer's value profile.

        EXIT STATUS
          0 no crash found; 1 crashes found (see the report); 2 the campaign could not
            run (build failure, uninstrumented binary); 64 usage error. A timeout is
            replayed in a build without sanitizers (.build-fuzz-plain) and labelled
            hang, slowdown or instrumentation; one labelled instrumentation (fast and
            linear there) is reported and does not count as a crash.
        """
    )

    @Argument(help: "Targets to fuzz (default: all).")
    var targets: [String] = []

    @Option(name: .long, help: ArgumentHelp("Seconds of fuzzing per target (default: sdui.json's fuzzSeconds, else 20).", valueName: "seconds"))
    var time: Int?

    @Option(help: "Parallel fuzzing processes per target (-fork=N); default: the number of cores.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Seed folder (repeatable); default: the target's own seeds.", valueName: "dir"))
    var seeds: [String] = []

    @Option(help: ArgumentHelp("A libFuzzer dictionary to use instead of the one generated from the seeds and the decoder.", valueName: "file"))
    var dict: String?

    @Option(help: ArgumentHelp("Another source folder of the decoder to mine for literals (repeatable), beyond those found through the package graph.", valueName: "dir"))
    var mineSources: [String] = []

    @Flag(help: "Do not mine the decoder's sources and binary for literals and constants.")
    var noMine = false

    @Flag(inversion: .prefixedNo, help: "libFuzzer's value profile (-use_value_profile=1): comparison operands count as coverage. Off by default: on JSON decoders it fills the corpus with undecodable inputs.")
    var valueProfile = false

    @Flag(help: "Plain libFuzzer, as a baseline: no dictionary, no SDUI-aware mutation, no value profile, a restart after every crash.")
    var plain = false

    @Option(help: "Longest input libFuzzer generates (-max_len).")
    var maxLen: Int = 65_536

    @Option(help: ArgumentHelp("Seconds after which an input counts as a timeout (-timeout). A screen that takes a second to decode freezes the app: that is a bug. Inputs slower than 100 ms are listed as slow (the harness configuration's slowMilliseconds).", valueName: "seconds"))
    var timeout: Int = 1

    @Option(help: "Memory limit per fuzzing process in MB (-rss_limit_mb).")
    var rssLimitMb: Int = 2048

    @Option(help: ArgumentHelp("Campaign folder (default: campaigns/<date-time>).", valueName: "dir"))
    var output: String?

    @Flag(help: "Fold the inputs that add coverage into Corpus/fuzz/<target>/ at the end.")
    var merge = false

    @Flag(help: "Use the fuzz binaries already in .build-fuzz.")
    var noBuild = false

    @OptionGroup var libFuzzer: LibFuzzerOption

    @Flag(help: "After fuzzing, measure source coverage of the seeds and the campaign's corpus (OUTPUT/coverage/, linked from the report).")
    var coverage = false

    @Flag(help: "End each target's run at its first crash (otherwise fuzzing goes on, keeping every crash input).")
    var stopOnCrash = false

    @Flag(help: "Restart the fuzzing process after every crash, as libFuzzer does alone. By default a crash at a site already reported is skipped (the input is not kept again) and fuzzing goes on in the same process, so a decoder that crashes often keeps its speed; each new site is still reported and replayed in a fresh process.")
    var restartOnCrash = false

    @OptionGroup var package: PackageOption

    @OptionGroup var decoder: DecoderLocationOptions

    func validate() throws {
        try decoder.validate(targets: targets)
        if let time, time < 1 { throw ValidationError("--time must be at least 1 second") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxLen < 1 || timeout < 1 || rssLimitMb < 1 { throw ValidationError("--max-len, --timeout and --rss-limit-mb must be positive") }
    }

    func run() throws {
        var root: String
        var specs: [FuzzTargetSpec]
        var appendix: String?
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        var campaignFolder = output ?? "campaigns/\(stamp)"
        // sdui.json's seeds and budget stand in for options not given.
        let project = decoder.names(over: targets) ? try? decoder.projectDecoder() : nil
        let seeds = self.seeds.isEmpty ? (project.map { p in (p.located.file.seeds ?? []).map(p.located.absolute) } ?? []) : self.seeds
        let time = self.time ?? project?.located.file.fuzzSeconds ?? 20
        if decoder.names(over: targets) {
            // The decoder where it lives: the campaign runs in the generated package, its output
            // lands where the user is.
            let plugged = try decoder.pluggedDecoder(package: package)
            let prepared: PluggedDecoder.Prepared
            do {
                prepared = try plugged.prepare(seeds: seeds) { printError("sdui fuzz: " + $0) }
            } catch {
                printError("sdui fuzz: \(error)")
                throw ExitCode(2)
            }
            root = prepared.package.folder
            specs = [prepared.spec]
            appendix = prepared.reportSection
            if !campaignFolder.hasPrefix("/") { campaignFolder = FileManager.default.currentDirectoryPath + "/" + campaignFolder }
        } else {
            root = try package.root()
            let names = targets.isEmpty || targets == ["all"] ? FuzzTargetCatalog.defaultNames : targets
            specs = names.map { FuzzTargetCatalog.spec(named: $0, seeds: seeds) }
        }
        let options = campaignOptions(specs, output: campaignFolder, appendix: appendix, seconds: time)
        let campaign = Campaign(options: options, packageRoot: root) { printError("sdui fuzz: " + $0) }
        let results: [TargetResult]
        do {
            results = try campaign.run()
        } catch {
            printError("sdui fuzz: \(error)")
            throw ExitCode(2)
        }
        let dir = options.output.hasPrefix("/") ? options.output : root + "/" + options.output
        print((try? String(contentsOfFile: dir + "/report.md", encoding: .utf8))
              ?? CampaignReport(results: results, options: options, packageRoot: root).markdown)
        printError("sdui fuzz: report written to \(dir)/report.md and report.json")
        // A timeout that is only the price of the sanitizers (fast and linear without them) is
        // reported, not failed on.
        if results.contains(where: { !$0.failingCrashes.isEmpty }) { throw ExitCode(1) }
    }

    /// The campaign these options ask for.
    func campaignOptions(_ specs: [FuzzTargetSpec], output: String, appendix: String?, seconds: Int) -> CampaignOptions {
        var options = CampaignOptions(targets: specs, output: output)
        options.reportAppendix = appendix
        options.secondsPerTarget = seconds
        options.jobs = jobs
        options.maxLength = maxLen
        options.timeout = timeout
        options.rssLimitMB = rssLimitMb
        options.dictionary = dict
        options.mineDecoder = !noMine
        options.extraDecoderSources = mineSources
        options.valueProfile = valueProfile
        options.plain = plain
        options.merge = merge
        options.build = !noBuild
        options.stopOnCrash = stopOnCrash
        options.skipKnownCrashes = !restartOnCrash
        options.coverage = coverage
        options.libFuzzerArchive = libFuzzer.archive
        return options
    }
}

struct FuzzDictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dict",
        abstract: "Generate a libFuzzer dictionary from a corpus (keys, discriminator values, enum strings, JSON tokens) and a decoder's code.",
        discussion: """
        Reads every file under the given paths (plain JSON or gzip/zlib/raw deflate),
        learns object keys, discriminator keys (type, viewType, view_type, … and any
        key ending in "type"/"kind") with their values, and short enum-like strings,
        and writes them with JSON tokens in libFuzzer's -dict format. Works for any
        JSON protocol: no hand-written dictionary needed.

        EXAMPLES
          sdui fuzz dict Corpus/seeds -o sdui.dict
          sdui fuzz dict MyCorpus > my.dict
          sdui fuzz dict MyCorpus --sources Sources/MyDecoder --binary .build-fuzz/release/FuzzMyDecoder -o my.dict
        """
    )

    @Argument(help: "Corpus files or folders (default: Corpus/seeds).")
    var paths: [String] = []

    @Option(name: [.customShort("o"), .customLong("output-file")], help: ArgumentHelp("Write here instead of standard output (atomically).", valueName: "file"))
    var outputFile: String?

    @Option(name: .customLong("output"), help: .hidden)
    var deprecatedOutput: String?

    var output: String? { DeprecatedNames.optionalValue(outputFile, newName: "--output-file", old: deprecatedOutput, oldName: "--output FILE", command: "sdui fuzz dict") }

    @Option(help: ArgumentHelp("A decoder source folder to mine for literals, keys and constants (repeatable).", valueName: "dir"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("A (fuzz) binary to mine for the Swift string literals it compares against (repeatable).", valueName: "file"))
    var binary: [String] = []

    func run() throws {
        let documents = CorpusReader.documents(in: paths.isEmpty ? ["Corpus/seeds"] : paths)
        guard !documents.isEmpty else {
            printError("sdui fuzz dict: no JSON documents found under \(paths.isEmpty ? "Corpus/seeds" : paths.joined(separator: ", "))")
            throw ExitCode(66)
        }
        var dictionary = FuzzDictionary(learningFrom: documents)
        var mined = SourceLiteralMiner.mine(sources: sources)
        for file in binary {
            do { mined.merge(try DecoderLiterals.mineBinary(file)) } catch {
                printError("sdui fuzz dict: \(error)")
                throw ExitCode(2)
            }
        }
        dictionary.add(mined)
        let text = dictionary.libFuzzerFormat
        if let output {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            printError("sdui fuzz dict: \(text.split(separator: "\n").count - 1) tokens from \(documents.count) documents written to \(output)")
        } else {
            print(text, terminator: "")
        }
    }
}

struct FuzzBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build fuzz targets into .build-fuzz and verify their coverage and ASan instrumentation.",
        discussion: """
        Needs a toolchain with libFuzzer: swift.org's (Linux, macOS). Xcode's has
        none: then select a swift.org toolchain (TOOLCHAINS=swift sdui fuzz build), or
        pass --libfuzzer ARCHIVE; the command says so, with the ways out, before it
        builds anything.

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

struct FuzzListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the known fuzz targets.",
        discussion: """
        text: name, product and what each target fuzzes. clusterfuzzlite: the lines of
        .clusterfuzzlite/targets.tsv (the targets worth fuzzing, each with its seed
        folders), which is written from this list: sdui fuzz list --format
        clusterfuzzlite > .clusterfuzzlite/targets.tsv
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, clusterfuzzlite
    }

    @Option(help: "What to print.")
    var format: Format = .text

    func run() {
        switch format {
        case .text:
            for t in FuzzTargetCatalog.targets {
                print("\(t.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(t.product.padding(toLength: 18, withPad: " ", startingAt: 0)) \(t.summary)")
            }
        case .clusterfuzzlite:
            print(FuzzTargetCatalog.clusterFuzzLiteTSV, terminator: "")
        }
    }
}

struct FuzzInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the fuzz target the harness would generate into your repository.",
        discussion: """
        For teams who want the target in their own repository: writes
        Sources/Fuzz<Module>/Fuzz<Module>.swift (the same harness and entry points as
        `sdui fuzz run --decode …` generates), importing your decoder's module, and
        prints the lines to add to Package.swift. The file is in a module of its own,
        so the decode expression must reach what your module makes public. Never
        overwrites a file.

        EXAMPLES
          sdui fuzz init --module MyDecoder --decode 'try MyScreen.decode(data)'
          sdui fuzz init --module MyDecoder --type MyScreen --output Fuzz/Targets
        """
    )

    @Option(help: ArgumentHelp("The decoder's module, imported by the target.", valueName: "name"))
    var module: String

    @OptionGroup var call: DecoderCallOptions

    @Option(help: ArgumentHelp("The folder to write the target into (default: Sources/Fuzz<Module>).", valueName: "dir"))
    var output: String?

    func validate() throws {
        if !call.isGiven { throw ValidationError("give one of --decode 'try MyScreen.decode(data)' or --type MyScreen") }
    }

    func run() throws {
        let target = "Fuzz" + module
        let folder = output ?? "Sources/\(target)"
        let path = folder + "/\(target).swift"
        guard !FileManager.default.fileExists(atPath: path) else {
            printError("sdui fuzz init: \(path) exists; it is not overwritten (move it away, or pass --output DIR)")
            throw ExitCode(1)
        }
        let text = FuzzEntryTemplate.repositoryTarget(name: module, decoderModule: module,
                                                      decodeExpression: call.expression)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        print("wrote \(path)")
        print("add to Package.swift's targets:")
        print("    .executableTarget(name: \"\(target)\", dependencies: [\"\(module)\", .product(name: \"SDUIFuzz\", package: \"SDUIHarness\")]\(output == nil ? "" : ", path: \"\(folder)\""))")
    }
}

struct FuzzSliceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slice",
        abstract: "Show how your decoder is plugged in where it lives, without fuzzing.",
        discussion: """
        Slices the decoder's sources as `sdui fuzz run --decode …` would (view code
        left out, Apple frameworks this system lacks stood in, what does not compile
        pruned, never the decode path), writes the generated package, and prints what
        was left out or stood in per File.swift:LINE and the samples found as seeds.
        Your files are only read.

        EXIT STATUS
          0 the slice compiles; 2 it cannot be made (the error names the declaration
            and why); 64 usage error.
        """
    )

    @OptionGroup var decoder: DecoderLocationOptions

    @OptionGroup var package: PackageOption

    func validate() throws {
        try decoder.validate(targets: [])
        guard decoder.isGiven else { throw ValidationError("name the decoder: --sources DIR (or --module NAME) and --decode EXPR (or --type T), or in sdui.json (sdui init writes it)") }
    }

    func run() throws {
        let plugged = try decoder.pluggedDecoder(package: package)
        do {
            let prepared = try plugged.prepare(seeds: []) { printError("sdui fuzz slice: " + $0) }
            print(prepared.reportSection, terminator: "")
            printError("sdui fuzz slice: generated package in \(prepared.package.folder)")
        } catch {
            printError("sdui fuzz slice: \(error)")
            throw ExitCode(2)
        }
    }
}
