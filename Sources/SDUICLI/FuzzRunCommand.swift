import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUILiteralMining
import SDUIDecoderSlice
import SDUIScaffold

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

    @Flag(help: "Let every input that reaches a hang already reported run to the timeout (which ends its fuzzing job), as libFuzzer does alone. By default such an input is ended once it has run as long as a slow input, and a new hang's input is kept at the timeout without ending the job; each new hang is still reported and replayed in a fresh process.")
    var noHangWatch = false

    @Option(help: ArgumentHelp("Where each fuzzing job runs its inputs: 'auto' runs them in the job's own process until its skipped crashes are seen to leak fast (128 KB or more each, over 64), then in a child forked from the job, which makes way for a fresh one once it has grown by a quarter of --rss-limit-mb, so a leaking decoder does not end the job; 'always' forks from the first input; 'never' stays in process. Linux; on macOS 'auto' stays in process (libdispatch refuses a forked child).", valueName: "mode"))
    var forkServer: ForkServerMode = .auto

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
        options.watchHangs = !noHangWatch
        options.forkServer = forkServer
        options.coverage = coverage
        options.libFuzzerArchive = libFuzzer.archive
        return options
    }
}

extension ForkServerMode: ExpressibleByArgument {}
