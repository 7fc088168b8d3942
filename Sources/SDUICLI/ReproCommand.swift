import ArgumentParser
import Foundation
import SDUICampaign

struct ReproCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repro",
        abstract: "Replay crash inputs, explain them, minimize them and keep them as regression tests.",
        discussion: """
        For each input: the detected encoding, compressed and decompressed sizes,
        whether it is valid JSON and where the reference decoder stops (JSON path) —
        or, for your own decoder, what it says itself (its error or rendering) and the
        values of the input its code compares against (mined literals, kinds and keys
        no --seeds file has, numbers at the edges); then a replay through the decoder
        under test in its sanitizer fuzz build (libFuzzer + ASan) and in a normal
        debug build, each TRIES times with SWIFT_DETERMINISTIC_HASHING=1. Prints the
        demangled, symbolized stack with the project's frames marked (→), the kind
        (crash, timeout, oom, sanitizer report, or no longer reproduces; an input that
        reproduces in some tries only is flaky, not fixed) and the stable signature
        used by campaign reports.

        Accepts libFuzzer artifacts (crash-*, timeout-*, oom-*),
        OSS-Fuzz/ClusterFuzzLite testcases (clusterfuzz-testcase-minimized-*), and raw
        HTTP response bodies (use --encoding when the Content-Encoding header is
        known). A directory replays everything in it, with a summary table.

        EXAMPLES
          sdui repro --decoder planted campaigns/X/artifacts/planted/crash-9d60bd62
          sdui repro --decoder planted --minimize --keep crash-9d60bd62
          sdui repro --encoding gzip captured-body.bin
          sdui repro campaigns/latest/artifacts/decode/
          sdui repro --decoder FuzzMyDecoder --seeds FuzzCorpus --package-path . crash-1f
          sdui repro --sources Shop/Shop --decode 'try HomeScreen.decode(data)' --keep crash-1f

        EXIT STATUS
          0 no input reproduces; 1 an input reproduces (or is flaky); 2 could not run
            (missing input, not a payload, unknown decoder, build failure); 64 usage
            error.
        """
    )

    @Argument(help: "Crash inputs, testcases, captured bodies, or folders of them.")
    var inputs: [String]

    @Option(help: "The decoder under test: reference (default, unless sdui.json names one), view-items, a fixture (planted, hang, hog), or a fuzz product name.")
    var decoder: String = "reference"

    @Option(name: [.customShort("e"), .customLong("encoding")], help: ArgumentHelp("The Content-Encoding of a captured body (default: sniffed).", valueName: "encoding"))
    var encodingArgument: EncodingArgument?
    var encoding: String? { encodingArgument?.rawValue }

    @Option(help: ArgumentHelp("The decoder's seed folder (repeatable): a plugged-in decoder's input is explained by what it has that no seed has.", valueName: "dir"))
    var seeds: [String] = []

    @Option(help: "Replays per build.")
    var tries: Int = 3

    @Option(help: ArgumentHelp("Seconds before a replay counts as a timeout (as in campaigns: a screen that takes a second to decode is a bug).", valueName: "seconds"))
    var timeout: Int = 1

    @Option(help: "Memory limit of a replay, in MB.")
    var rssLimitMb: Int = 2048

    @Flag(help: "Minimize each reproducing crash with libFuzzer (-minimize_crash=1), keeping its signature.")
    var minimize = false

    @Option(help: "Seconds of minimization per input.")
    var minimizeTime: Int = 60

    @Flag(help: "Store each reproducing (minimized) input as a regression case named after its signature.")
    var keep = false

    @Option(help: ArgumentHelp("The crash store: where --keep stores regression cases.", valueName: "dir"))
    var crashStore: String = "Corpus/crashes"

    @Option(name: .customLong("keep-dir"), help: .hidden)
    var deprecatedKeepDir: String?

    var keepDir: String { DeprecatedNames.value(crashStore, newName: "--crash-store", old: deprecatedKeepDir, oldName: "--keep-dir", command: "sdui repro") }

    @Option(help: "How the input was found, recorded by --keep (default: from its file name).")
    var foundBy: String?

    @Flag(help: "Skip the debug replay (the decoder's normal debug build, Swift's backtracer on).")
    var noDebug = false

    @Flag(help: "Use the binaries already built.")
    var noBuild = false

    @Flag(help: "Print a JSON array instead of text.")
    var json = false

    @OptionGroup var package: PackageOption

    @OptionGroup var located: DecoderLocationOptions

    func validate() throws {
        try located.validate(targets: [])
        if located.flagsGiven && decoder != "reference" { throw ValidationError("--decoder and --decode/--type/--sources do not go together: name the decoder one way") }
        if tries < 1 || timeout < 1 || rssLimitMb < 1 || minimizeTime < 1 {
            throw ValidationError("--tries, --timeout, --rss-limit-mb and --minimize-time must be positive")
        }
    }

    /// The decoder under test: a name (the bundled ones, a product of the package), or the
    /// decoder where it lives (replayed in its generated package, kept where the user is).
    func decoderUnderTest() throws -> (root: String, spec: FuzzTargetSpec, keepFolder: String, seeds: [String]) {
        // A bundled decoder named with --decoder wins over sdui.json's.
        if located.isGiven && (located.flagsGiven || decoder == "reference") {
            let prepared: PluggedDecoder.Prepared
            do {
                prepared = try located.pluggedDecoder(package: package).prepare(seeds: seeds) { printError("sdui repro: " + $0) }
            } catch {
                printError("sdui repro: \(error)")
                throw ExitCode(2)
            }
            let keepFolder = keepDir.hasPrefix("/") ? keepDir : FileManager.default.currentDirectoryPath + "/" + keepDir
            return (prepared.package.folder, prepared.spec, keepFolder, prepared.spec.seeds)
        }
        let root = try package.root()
        guard let named = ReproSession.decoder(named: decoder, packageRoot: root) else {
            let known = (["reference"] + FuzzTargetCatalog.targets.map(\.name)).joined(separator: ", ")
            printError("sdui repro: no decoder named \"\(decoder)\"; use one of \(known), or the name of an executable product of the package at \(root) (--package-path)")
            throw ExitCode(2)
        }
        return (root, named, keepDir, seeds)
    }

    func run() throws {
        let (root, spec, keepFolder, explainSeeds) = try decoderUnderTest()
        let (files, problems) = ReproSession.inputs(inputs)
        if files.isEmpty {
            for p in problems { printError("sdui repro: \(p)") }
            if problems.isEmpty { printError("sdui repro: no inputs") }
            throw ExitCode(2)
        }
        var replay = ReproOptions(decoder: spec)
        replay.contentEncoding = encoding
        replay.tries = tries
        replay.timeout = timeout
        replay.rssLimitMB = rssLimitMb
        replay.debugReplay = !noDebug
        replay.build = !noBuild
        var request = ReproRequest(replay: replay)
        request.seeds = explainSeeds
        request.minimize = minimize
        request.minimizeSeconds = minimizeTime
        request.keepDirectory = keep ? keepFolder : nil
        request.foundBy = foundBy
        let session = ReproSession(request: request, packageRoot: root)
        do {
            printError("sdui repro: building \(spec.product) (sanitizer\(noDebug ? "" : " and debug") builds)")
            try session.prepare()
        } catch {
            printError("sdui repro: \(error)")
            throw ExitCode(2)
        }

        var results: [ReproReport] = []
        var failed = false
        for file in files {
            do {
                let report = try session.reproduce(file)
                results.append(report)
                if !json { print(report.text) }
            } catch {
                failed = true
                printError("sdui repro: \(file): \(error)")
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else if files.count > 1 || !problems.isEmpty {
            print(ReproReport.table(results))
        }
        for p in problems { printError("sdui repro: \(p)") }
        if failed || !problems.isEmpty { throw ExitCode(2) }
        if results.contains(where: { $0.reproduces }) { throw ExitCode(1) }
    }
}
