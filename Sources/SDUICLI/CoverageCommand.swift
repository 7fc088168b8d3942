import ArgumentParser
import Foundation
import SDUICampaign

struct FuzzCoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Measure the source coverage a corpus reaches: llvm-cov HTML report and per-module summary.",
        discussion: """
        Builds each target as a replayer with -profile-generate
        -profile-coverage-mapping (scratch path .build-coverage), replays its corpus
        (default: the target's seeds and Corpus/fuzz/<target>), merges the profiles
        with llvm-profdata and writes OUTPUT/html/index.html (llvm-cov show),
        OUTPUT/summary.md and OUTPUT/summary.json (line and function coverage per
        module).

        EXAMPLES
          sdui fuzz coverage                # the reference decoder on Corpus/
          sdui fuzz coverage decode --corpus campaigns/X/corpus/decode
          sdui fuzz coverage --min-line-coverage 90 --module SDUIPayload \\
            --module SDUIScreen

        EXIT STATUS
          0 report written (and every --module at or above --min-line-coverage)
          1 a --module below --min-line-coverage
          2 the report could not be made
        """
    )

    @Argument(help: "Targets (default: decode).")
    var targets: [String] = []

    @Option(help: ArgumentHelp("Corpus folder or file to replay (repeatable; default: the target's seeds and Corpus/fuzz/<target>).", valueName: "path"))
    var corpus: [String] = []

    @Option(name: .customLong("output"), help: ArgumentHelp("Report folder.", valueName: "dir"))
    var outputFolder: String = ".build-coverage/report"

    @Option(name: .customShort("o"), help: .hidden)
    var deprecatedShortOutput: String?

    var output: String { DeprecatedNames.value(outputFolder, newName: "--output", old: deprecatedShortOutput, oldName: "-o", command: "sdui fuzz coverage") }

    @Option(help: ArgumentHelp("Fail (exit 1) when a --module's line coverage is below this percentage.", valueName: "percent"))
    var minLineCoverage: Double?

    @Option(help: ArgumentHelp("A module the --min-line-coverage goal applies to (repeatable).", valueName: "name"))
    var module: [String] = []

    @OptionGroup var package: PackageOption

    func validate() throws {
        if minLineCoverage != nil, module.isEmpty { throw ValidationError("--min-line-coverage needs at least one --module NAME") }
    }

    func run() throws {
        let root = try package.root()
        let absolute = { (p: String) in p.hasPrefix("/") ? p : root + "/" + p }
        let specs = (targets.isEmpty ? ["decode"] : targets).map { FuzzTargetCatalog.spec(named: $0, seeds: []) }
        let corpora = specs.map { spec in
            (product: spec.product, paths: corpus.isEmpty ? (spec.seeds + ["Corpus/fuzz/\(spec.name)"]).map(absolute) : corpus.map(absolute))
        }
        let result: CoverageReport.Result
        do {
            result = try CoverageReport(packageRoot: root).run(corpora, output: absolute(output))
        } catch {
            printError("sdui fuzz coverage: \(error)")
            throw ExitCode(2)
        }
        print(CoverageReport.markdown(result, relativeTo: absolute(output)), terminator: "")
        printError("sdui fuzz coverage: report in \(output)/html/index.html, summary in \(output)/summary.md")
        if let goal = minLineCoverage {
            var failed = false
            for name in module {
                guard let m = result.modules.first(where: { $0.module == name }) else {
                    printError("sdui fuzz coverage: module \(name) is not in the report (modules: \(result.modules.map(\.module).joined(separator: ", ")))")
                    throw ExitCode(2)
                }
                let ok = m.linePercent >= goal
                if !ok { failed = true }
                print("\(ok ? "ok  " : "LOW ") \(name): \(String(format: "%.1f", m.linePercent)) % of lines (goal \(String(format: "%.0f", goal)) %)")
            }
            if failed { throw ExitCode(1) }
        }
    }
}

struct FuzzPlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw coverage and corpus size against time (SVG) from a libFuzzer log.",
        discussion: """
        Reads libFuzzer's status lines (`#N NEW cov: … corp: …`, or fork mode's `…
        time: Ns`) from a log file or standard input. Fork-mode logs are plotted
        against time, plain-mode logs against executions. Campaign reports draw the
        same plot for every target (OUTPUT/plots/<target>.svg).

        EXAMPLE
          sdui fuzz plot campaigns/X/logs/decode.log -o decode.svg
        """
    )

    @Argument(help: ArgumentHelp("The log (`-` for standard input).", valueName: "log"))
    var log: String

    @Option(name: [.customShort("o"), .customLong("output-file")], help: ArgumentHelp("Write the SVG here (atomically) instead of standard output.", valueName: "file"))
    var outputFile: String?

    @Option(name: .customLong("output"), help: .hidden)
    var deprecatedOutput: String?

    var output: String? { DeprecatedNames.optionalValue(outputFile, newName: "--output-file", old: deprecatedOutput, oldName: "--output FILE", command: "sdui fuzz plot") }

    @Option(help: "The plot's title.")
    var title: String?

    func run() throws {
        let data: Data
        if log == "-" { data = FileHandle.standardInput.readDataToEndOfFile() } else {
            guard let d = FileManager.default.contents(atPath: log) else {
                printError("sdui fuzz plot: cannot read \(log)")
                throw ExitCode(66)
            }
            data = d
        }
        let (points, xIsTime) = CoveragePlot.timeline(fromLog: String(decoding: data, as: UTF8.self))
        guard !points.isEmpty else {
            printError("sdui fuzz plot: no libFuzzer status lines (`#N … cov: …`) in \(log)")
            throw ExitCode(65)
        }
        let svg = CoveragePlot.svg(points, title: title ?? "coverage and corpus: \(log == "-" ? "stdin" : (log as NSString).lastPathComponent)", xIsTime: xIsTime)
        if let output {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            printError("sdui fuzz plot: \(points.count) status lines → \(output)")
        } else {
            print(svg, terminator: "")
        }
    }
}
