import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUILiteralMining
import SDUIDecoderSlice
import SDUIScaffold

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
