import ArgumentParser
import Foundation
import SDUICrashAnalysis
import SDUICampaign
import SDUIFuzz
import SDUIDecoderSlice
import SDUIPlugIn

struct FuzzRegressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regress",
        abstract: "Replay every kept crash input (Corpus/crashes) through its decoder's sanitizer build.",
        discussion: """
        --format picks what CI reads: text (default), sarif (SARIF 2.1.0 for GitHub code scanning: a \
        result per crashing input, at your innermost frame), junit (a test case per kept input), xcode \
        (path:line: error: lines) or github (annotations, and a table in $GITHUB_STEP_SUMMARY). \
        Progress goes to standard error in every format but text.

        Exit status: 0 none crashes; 1 a kept input crashes again (a regression); 2 could not run.
        """
    )

    @Option(help: ArgumentHelp("The crash store: the kept crash inputs (sdui repro --keep writes them there).", valueName: "dir"))
    var crashStore: String = "Corpus/crashes"

    @Option(name: .customLong("dir"), help: .hidden)
    var deprecatedDir: String?

    var dir: String { DeprecatedNames.value(crashStore, newName: "--crash-store", old: deprecatedDir, oldName: "--dir", command: "sdui fuzz regress") }

    @Flag(help: "Use the binaries already built.")
    var noBuild = false

    @Option(help: ArgumentHelp("Report format on standard output: text, sarif, junit, xcode or github.", valueName: "format"))
    var format: CrashFindingFormat = .text

    @OptionGroup var package: PackageOption

    @OptionGroup var located: DecoderLocationOptions

    func validate() throws { try located.validate(targets: []) }

    typealias Store = RegressSession.Store

    /// The stores of kept crash inputs: the package's own, or (a decoder where it lives) those its
    /// module's product kept, replayed through its generated package, the store being where the
    /// user is. With sdui.json naming the decoder and no option, both: every kept input is replayed
    /// through what kept it (the file's decoder, or a fuzz target of the package beside it).
    func stores() throws -> [Store] {
        let storeFolder = dir.hasPrefix("/") ? dir : FileManager.default.currentDirectoryPath + "/" + dir
        guard located.isGiven else { return [try packageStore(excluding: nil)] }
        let prepared: PluggedDecoder.Prepared
        do {
            prepared = try located.pluggedDecoder(package: package).prepare(seeds: [], findSeeds: false) { printError("sdui fuzz regress: " + $0) }
        } catch {
            printError("sdui fuzz regress: \(error)")
            throw ExitCode(2)
        }
        let plugged = Store(root: prepared.package.folder, generated: true,
                            cases: RegressionStore(directory: storeFolder).cases().filter { $0.sidecar.product == prepared.package.product })
        guard !located.flagsGiven, let others = try? packageStore(excluding: prepared.package.product), !others.cases.isEmpty else { return [plugged] }
        return [plugged, others]
    }

    /// The package's own store (its fuzz targets' kept inputs), without those of `product`.
    func packageStore(excluding product: String?) throws -> Store {
        let root = try package.root()
        let cases = RegressionStore(directory: dir.hasPrefix("/") ? dir : root + "/" + dir).cases().filter { $0.sidecar.product != product }
        return Store(root: root, generated: false, cases: cases)
    }

    /// What `run` prints when there is nothing to replay, in the format asked for.
    func reportNothingKept() {
        let verdict = "no kept crash inputs under \(dir)"
        switch format {
        case .sarif: print(String(decoding: CrashFindingFormat.sarif([]), as: UTF8.self))
        case .junit: print(CrashFindingFormat.junit([], suite: "sdui-fuzz-regress"), terminator: "")
        default: print(verdict)
        }
        if format == .github { _ = try? GitHubStepSummary.append(CrashFindingFormat.githubSummary(title: "sdui fuzz regress", verdict: verdict, [])) }
    }

    func run() throws {
        let stores = try stores()
        let total = stores.reduce(0) { $0 + $1.cases.count }
        guard total > 0 else { return reportNothingKept() }
        var replays: [CrashFindingFormat.Replay] = []
        for kept in stores where !kept.cases.isEmpty { replays += try replay(kept) }
        let crashed = replays.filter { $0.finding != nil }.count
        let verdict = "\(total) kept input(s): \(crashed) crash again."
        print(Self.render(replays, format: format, verdict: verdict), terminator: "")
        if format == .github {
            let text = CrashFindingFormat.githubSummary(title: "sdui fuzz regress", verdict: verdict, replays.compactMap(\.finding))
            do { try GitHubStepSummary.append(text) } catch { printError("sdui fuzz regress: cannot append to $GITHUB_STEP_SUMMARY: \(error)") }
        }
        if crashed > 0 { throw ExitCode(1) }
    }

    /// Replays a store's kept inputs through the library's session (building first unless --no-build).
    func replay(_ kept: Store) throws -> [CrashFindingFormat.Replay] {
        var session = RegressSession()
        session.build = !noBuild
        do {
            return try session.replay(kept) { line in if format == .text { print(line) } else { printError(line) } }
        } catch let error as RegressSession.RegressError {
            printError("sdui fuzz regress: \(error)")
            throw ExitCode(2)
        }
    }

    static func render(_ replays: [CrashFindingFormat.Replay], format: CrashFindingFormat, verdict: String) -> String {
        let findings = replays.compactMap(\.finding)
        switch format {
        case .text: return verdict + "\n"
        case .sarif:
            return String(decoding: CrashFindingFormat.sarif(findings, baseDirectory: CrashFinding.reportBase(), documentation: HarnessCheckout.documentationURL),
                          as: UTF8.self) + "\n"
        case .junit: return CrashFindingFormat.junit(replays, suite: "sdui-fuzz-regress")
        case .xcode: return CrashFindingFormat.xcode(findings) + verdict + "\n"
        case .github: return CrashFindingFormat.githubAnnotations(findings) + verdict + "\n"
        }
    }
}

extension CrashFindingFormat: ExpressibleByArgument {}
