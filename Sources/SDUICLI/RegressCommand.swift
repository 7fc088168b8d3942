import ArgumentParser
import Foundation
import SDUICampaign

struct FuzzRegressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regress",
        abstract: "Replay every kept crash input (Corpus/crashes) through its decoder's sanitizer build.",
        discussion: "Exit status: 0 none crashes; 1 a kept input crashes again (a regression); 2 could not run."
    )

    @Option(help: ArgumentHelp("The regression store.", valueName: "dir"))
    var dir: String = "Corpus/crashes"

    @Flag(help: "Use the binaries already built.")
    var noBuild = false

    @OptionGroup var package: PackageOption

    @OptionGroup var located: DecoderLocationOptions

    func validate() throws { try located.validate(targets: []) }

    func run() throws {
        var root: String
        var storeFolder: String
        var cases: [(input: String, sidecar: RegressionStore.Sidecar)]
        var generated = false
        if located.isGiven {
            // The decoder where it lives: its kept inputs (those its module's product kept) replayed
            // through its generated package; the store is where the user is.
            let prepared: PluggedDecoder.Prepared
            do {
                prepared = try located.pluggedDecoder(package: package).prepare(seeds: [], findSeeds: false) { printError("sdui fuzz regress: " + $0) }
            } catch {
                printError("sdui fuzz regress: \(error)")
                throw ExitCode(2)
            }
            root = prepared.package.folder
            storeFolder = dir.hasPrefix("/") ? dir : FileManager.default.currentDirectoryPath + "/" + dir
            cases = RegressionStore(directory: storeFolder).cases().filter { $0.sidecar.product == prepared.package.product }
            generated = true
        } else {
            root = try package.root()
            storeFolder = dir.hasPrefix("/") ? dir : root + "/" + dir
            cases = RegressionStore(directory: storeFolder).cases()
        }
        guard !cases.isEmpty else { print("no kept crash inputs under \(dir)"); return }
        let builder = FuzzBuilder(packageRoot: root)
        var crashed = 0
        for product in Set(cases.map(\.sidecar.product)).sorted() where !noBuild {
            do { try builder.build(product) } catch { printError("sdui fuzz regress: \(error)"); throw ExitCode(2) }
        }
        for (input, sidecar) in cases {
            let triage = CrashTriage(packageRoot: root, fuzzProduct: sidecar.product, generated: generated)
            var env = ["SWIFT_DETERMINISTIC_HASHING": "1"]
            if let e = sidecar.contentEncoding { env["SDUI_CONTENT_ENCODING"] = e }
            let (analysis, _) = try triage.replay(binary: builder.binary(sidecar.product), input: input, timeout: 10, rssLimitMB: 2048, extraEnvironment: env)
            let ok = analysis.kind == .notReproduced
            if !ok { crashed += 1 }
            let shown = input.replacingOccurrences(of: (generated ? FileManager.default.currentDirectoryPath : root) + "/", with: "")
            print("\(ok ? "ok     " : "CRASHES") \(shown)  [\(sidecar.product)] \(ok ? "" : analysis.title)")
        }
        print("\(cases.count) kept input(s): \(crashed) crash again.")
        if crashed > 0 { throw ExitCode(1) }
    }
}
