import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUILiteralMining
import SDUIDecoderSlice
import SDUIScaffold

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
