import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUILiteralMining
import SDUIDecoderSlice
import SDUIScaffold

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
