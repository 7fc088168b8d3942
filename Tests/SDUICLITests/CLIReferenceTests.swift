import Foundation
import Testing
import TestSupport

/// docs/cli.md's reference is every command's `--help`, as the built `sdui` prints it: a help text
/// changed without the document (or the other way round) fails here. Re-write it with
/// `SDUI_RECORD_DOCS=1 swift test --filter CLIReferenceTests`.
@Suite struct CLIReferenceTests {
    static let sdui = TestPaths.productsDirectory.appendingPathComponent("sdui")
    static let document = TestPaths.packageRoot.appendingPathComponent("docs/cli.md")
    static let begin = "<!-- BEGIN sdui --help: written by SDUI_RECORD_DOCS=1 swift test --filter CLIReferenceTests -->"
    static let end = "<!-- END sdui --help -->"

    /// Every command, found from the SUBCOMMANDS sections of the help itself, depth first.
    static func commands(_ path: [String] = []) throws -> [(path: [String], help: String)] {
        let help = try run(sdui, path + ["--help"]).stdout
        var found = [(path, help)]
        var inSubcommands = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "SUBCOMMANDS:" { inSubcommands = true; continue }
            if inSubcommands, line.isEmpty { inSubcommands = false }
            // A subcommand's line: two spaces, its name; its description's continuations are indented further.
            if inSubcommands, line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first {
                found += try commands(path + [String(name)])
            }
        }
        return found
    }

    static func reference() throws -> String {
        try commands().map { command in
            "### `\((["sdui"] + command.path).joined(separator: " "))`\n\n```text\n\(command.help.trimmingCharacters(in: .newlines))\n```\n"
        }.joined(separator: "\n")
    }

    @Test func theDocumentIsTheHelp() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "docs/cli.md lacks the line \(Self.begin)")
        let stop = try #require(text.range(of: Self.end), "docs/cli.md lacks the line \(Self.end)")
        let current = try Self.reference()
        let documented = String(text[start.upperBound..<stop.lowerBound]).trimmingCharacters(in: .newlines)
        #expect(try Self.commands().count >= 15, "every subcommand is found from the help")
        if ProcessInfo.processInfo.environment["SDUI_RECORD_DOCS"] == "1" {
            let updated = String(text[..<start.upperBound]) + "\n\n" + current + "\n" + String(text[stop.lowerBound...])
            try Data(updated.utf8).write(to: Self.document, options: .atomic)
            return
        }
        #expect(documented == current.trimmingCharacters(in: .newlines),
                "docs/cli.md's reference differs from `sdui … --help`: SDUI_RECORD_DOCS=1 swift test --filter CLIReferenceTests, then review git diff docs/cli.md")
    }
}
