import Foundation
import SDUIFuzz
import SDUILiteralMining

// `sdui-fuzz-dict [-o FILE] [--sources DIR]… PATH…`: the libFuzzer dictionary `sdui fuzz dict` writes, as a
// dependency-light tool for build scripts (.clusterfuzzlite/build.sh) that should not build the
// whole CLI (HTTP client and server included) just to learn a dictionary.
var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
if let o = arguments.firstIndex(of: "-o"), o + 1 < arguments.count {
    output = arguments[o + 1]
    arguments.removeSubrange(o...(o + 1))
}
var sources: [String] = []
while let o = arguments.firstIndex(of: "--sources"), o + 1 < arguments.count {
    sources.append(arguments[o + 1])
    arguments.removeSubrange(o...(o + 1))
}
guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
    FileHandle.standardError.write(Data("usage: sdui-fuzz-dict [-o FILE] [--sources DECODER_SOURCES]… CORPUS_PATH…\n".utf8))
    exit(64)
}
let documents = CorpusReader.documents(in: arguments)
guard !documents.isEmpty else {
    FileHandle.standardError.write(Data("sdui-fuzz-dict: no JSON documents under \(arguments.joined(separator: ", "))\n".utf8))
    exit(66)
}
var dictionary = FuzzDictionary(learningFrom: documents)
dictionary.add(SourceLiteralMiner.mine(sources: sources))
let text = dictionary.libFuzzerFormat
if let output {
    do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
        FileHandle.standardError.write(Data("sdui-fuzz-dict: cannot write \(output): \(error.localizedDescription)\n".utf8))
        exit(73)
    }
    FileHandle.standardError.write(Data("sdui-fuzz-dict: \(text.split(separator: "\n").count) lines from \(documents.count) documents → \(output)\n".utf8))
} else {
    print(text, terminator: "")
}
