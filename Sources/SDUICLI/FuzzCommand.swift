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
