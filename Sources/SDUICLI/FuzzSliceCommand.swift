import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUILiteralMining
import SDUIDecoderSlice
import SDUIScaffold

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
