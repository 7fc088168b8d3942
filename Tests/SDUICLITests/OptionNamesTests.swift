import Foundation
import Testing
import TestSupport

/// One name per option across subcommands: every option `--help` shows, in every subcommand, is
/// one of the vocabulary below with the one kind of value it takes there. An option whose name is
/// new fails here until it is added: first check that no existing name already says what it means
/// (`--package-path`, not `--path`; `--crash-store`, not `--dir`; `--output` a folder and
/// `--output-file` a file). Renamed options keep their old names hidden (``DeprecatedNames``).
@Suite struct OptionNamesTests {
    /// Every visible long option and what follows it (`flag` for none), across all subcommands.
    static let vocabulary: [String: String] = [
        "base-url": "url", "binary": "file", "budget": "n", "ci": "flag", "client": "glob", "concurrency": "n",
        "contracts": "dir", "copy-to": "dir", "corpus": "path", "coverage": "flag", "crash-store": "dir", "decode": "expr",
        "decoder": "decoder", "decoder-name": "name", "decoder-scratch-path": "dir", "dict": "file", "encoding": "encoding", "fail-on": "severity",
        "filter": "glob", "fork-server": "mode", "format": "format", "found-by": "found-by", "harness-repository": "owner/name", "help": "flag",
        "host": "host", "jobs": "jobs", "json": "flag", "json-report": "file", "junit": "file", "keep": "flag",
        "libfuzzer": "archive", "log": "flag", "max-components": "max-components", "max-decoded-bytes": "max-decoded-bytes",
        "max-input-bytes": "max-input-bytes", "max-len": "max-len", "max-stack-depth": "max-stack-depth", "merge": "flag",
        "min-line-coverage": "percent", "mine-sources": "dir", "minimize": "flag", "minimize-time": "minimize-time",
        "module": "name", "no-build": "flag", "no-debug": "flag", "no-hang-watch": "flag", "no-mine": "flag", "no-round-trip": "flag", "offline": "flag",
        "output": "dir", "output-file": "file", "overwrite": "flag", "package-path": "dir", "plain": "flag", "port": "port",
        "restart-on-crash": "flag", "revision": "rev", "rss-limit-mb": "rss-limit-mb", "save-responses": "flag", "schemas": "dir",
        "seeds": "dir", "shard": "i/n", "sources": "dir", "stats": "flag", "stop-on-crash": "flag", "time": "seconds",
        "timeout": "seconds", "title": "title", "tries": "tries", "type": "type", "update": "flag", "value-profile": "flag",
        "verbose": "flag", "version": "flag",
    ]

    /// Names retired for the ones above: never shown again.
    static let retired = ["path", "dir", "keep-dir"]

    /// (command, long name, value name or `flag`, short letter) of every option line of the OPTIONS sections.
    static func options() throws -> [(command: String, name: String, value: String, short: String?)] {
        var found: [(String, String, String, String?)] = []
        for (path, help) in try CLIReferenceTests.commands() {
            var inOptions = false
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasSuffix(":"), !line.hasPrefix(" ") { inOptions = line == "OPTIONS:" || line.hasSuffix("OPTIONS:"); continue }
                guard inOptions, let match = line.firstMatch(of: /^  (?:-(\w), )?--([a-z0-9-]+)(?: <([^>]+)>)?/) else { continue }
                found.append((path.joined(separator: " "), String(match.2), match.3.map(String.init) ?? "flag", match.1.map(String.init)))
            }
        }
        return found
    }

    @Test func everyOptionHasOneNameAndOneKindOfValue() throws {
        let options = try Self.options()
        #expect(options.count > 100, "the walk found the subcommands' options")
        for option in options {
            let command = "sdui \(option.command)"
            guard let kind = Self.vocabulary[option.name] else {
                Issue.record("\(command): --\(option.name) is a new option name: reuse an existing one if it means the same, else add it to OptionNamesTests.vocabulary")
                continue
            }
            #expect(kind == option.value, "\(command): --\(option.name) <\(option.value)>, elsewhere <\(kind)>: one kind of value per name")
            #expect(!Self.retired.contains(option.name), "\(command): --\(option.name) was retired")
        }
        // A short letter stands for one long name everywhere.
        var shorts: [String: Set<String>] = [:]
        for option in options { if let short = option.short { shorts[short, default: []].insert(option.name) } }
        for (short, names) in shorts { #expect(names.count == 1, "-\(short) stands for \(names.sorted())") }
    }

    /// The retired names still work, hidden, and say what to type instead.
    @Test func retiredNamesStillWorkAndSaySo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Corpus"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"screen": "home", "components": [{"type": "text", "data": {"title": "Hi"}}]}"#.utf8)
            .write(to: dir.appendingPathComponent("Corpus/home.json"))
        let out = try run(CLIReferenceTests.sdui, ["fuzz", "dict", "--output", dir.appendingPathComponent("a.dict").path, dir.appendingPathComponent("Corpus").path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("--output FILE is deprecated: use --output-file"), "\(out.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.dict").path))
        // The new names (and no name at all) say nothing of deprecation.
        let current = try run(CLIReferenceTests.sdui, ["fuzz", "dict", "-o", dir.appendingPathComponent("b.dict").path, dir.appendingPathComponent("Corpus").path])
        #expect(current.status == 0 && !current.stderr.contains("deprecated"), "\(current.stderr)")
        let help = try run(CLIReferenceTests.sdui, ["fuzz", "regress", "--help"]).stdout
        #expect(help.contains("--crash-store <dir>") && !help.contains("--dir "))
    }
}
