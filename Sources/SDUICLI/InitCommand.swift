import ArgumentParser
import Foundation
import SDUIDecoderSlice
import SDUIPlatformProcesses
import SDUIScaffold

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write what a team needs to start: contracts, the gate workflow, .gitignore lines, ClusterFuzzLite files.",
        discussion: """
        Run in your repository's root, naming your decoder as `sdui fuzz run` takes it.
        Writes sdui.json first (the decoder said once: fuzz run, repro, fuzz regress,
        fuzz build, the workflows and the ClusterFuzzLite build read it when no option
        names a decoder), then Contracts/ (sdui-contracts.json with your app as a
        client, one example contract, and as its response one of the JSON samples
        your app carries),
        .github/workflows/sdui.yml (the gate on every pull request; kept crashes
        replayed and a short campaign, their SARIF sent to code scanning), the
        .gitignore lines for campaign output and generated packages, and
        .clusterfuzzlite/ (project.yaml, Dockerfile, build.sh) building your decoder's
        fuzz target, with .github/workflows/cflite-pr.yml and cflite-batch.yml running
        it. Never overwrites a file: one that exists is kept and said so.
        Without a decoder, the contracts use the bundled reference decoder and no
        ClusterFuzzLite files are written.

        Then: sdui contract record --offline, and commit what was written.

        EXAMPLES
          sdui init --sources ShopApp --decode 'try HomeScreen.decode(data)'
          sdui init --module Feed --type FeedScreen
        """
    )

    @OptionGroup var decoder: DecoderLocationOptions

    @Option(help: ArgumentHelp("The repository to write into (default: the current folder).", valueName: "dir"))
    var packagePath: String = "."

    @Option(name: .customLong("path"), help: .hidden)
    var deprecatedPath: String?

    var path: String { DeprecatedNames.value(packagePath, newName: "--package-path", old: deprecatedPath, oldName: "--path", command: "sdui init") }

    @Option(help: ArgumentHelp("The GitHub repository of SDUIHarness the workflow and Dockerfile use (default: this checkout's origin, when it is on GitHub).", valueName: "owner/name"))
    var harnessRepository: String?

    func validate() throws {
        guard decoder.isGiven else { return }
        try decoder.validate(targets: [])
        if decoder.revision != nil { throw ValidationError("--revision names an older app version: add it to Contracts/sdui-contracts.json after init") }
    }

    func run() throws {
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        // Run again in a repository that has sdui.json: the decoder is the one it names.
        let decoder = try self.decoder.withProjectDecoder().options
        var named: ProjectScaffold.Decoder?
        var sample: (origin: String, bytes: [UInt8])?
        if decoder.isGiven {
            let cwd = FileManager.default.currentDirectoryPath
            let folders = decoder.sources.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: cwd)).standardizedFileURL.path }
            for folder in folders where !FileManager.default.fileExists(atPath: folder) {
                throw ValidationError("--sources \(folder): no such folder")
            }
            let relative = try folders.map { folder -> String in
                guard folder.hasPrefix(root + "/") else { throw ValidationError("--sources \(folder) is not inside \(root), the repository written to") }
                return String(folder.dropFirst(root.count + 1))
            }
            named = .init(decodeExpression: decoder.call.decode, typeName: decoder.call.type, sources: relative, module: decoder.module, roundTrip: !decoder.noRoundTrip)
            sample = SeedFinder.find(in: folders).first { $0.origin.hasSuffix(".json") && (try? JSONSerialization.jsonObject(with: Data($0.bytes))) != nil }
                .map { ($0.origin, $0.bytes) }
        }
        let repository = harnessRepository ?? Self.originRepository()
        var scaffold = ProjectScaffold(decoder: named, harnessRepository: repository ?? "your-org/SDUIHarness", sampleResponse: sample,
                                       harnessReference: Self.checkoutReference())
        scaffold.projectName = URL(fileURLWithPath: root).lastPathComponent
        let outcomes: [ProjectScaffold.Outcome]
        do { outcomes = try scaffold.write(into: root) } catch {
            printError("sdui init: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        for outcome in outcomes { print(outcome) }
        if let sample {
            let shown = sample.origin.hasPrefix(root + "/") ? String(sample.origin.dropFirst(root.count + 1)) : sample.origin
            print("the example response is \(shown), from your app's own samples")
        }
        if named != nil && sample == nil {
            print("no JSON sample found beside the decoder: put a recorded response in Contracts/responses/home.json, or record one from your server (sdui contract record --base-url URL --save-responses)")
        }
        if repository == nil {
            print("the workflow and Dockerfile name your-org/SDUIHarness: replace it with where you get SDUIHarness from (or pass --harness-repository OWNER/NAME)")
        }
        print("next: sdui contract record --offline, review Contracts/goldens/, and commit what was written")
    }

    /// The commit of the harness checkout this `sdui` was built from, described by its tag or
    /// branch: what the workflow pins until releases are tagged (nil outside a git checkout: then
    /// the version's tag).
    static func checkoutReference() -> ProjectScaffold.HarnessReference? {
        guard let git = Toolchain.tool("git") else { return nil }
        func ask(_ arguments: [String]) -> String? {
            guard let out = try? ProcessRunner.run(git, ["-C", HarnessCheckout.root] + arguments, timeout: 30), out.status == 0 else { return nil }
            let text = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        guard let hash = ask(["rev-parse", "HEAD"]), hash.count == 40 else { return nil }
        let described = ask(["describe", "--tags", "--exact-match", "HEAD"]) ?? ask(["rev-parse", "--abbrev-ref", "HEAD"]).flatMap { $0 == "HEAD" ? nil : $0 } ?? "a commit"
        return .commit(hash, describedAs: described)
    }

    /// `OWNER/NAME` of this checkout's `origin` remote when it is a GitHub repository.
    static func originRepository() -> String? {
        guard let git = Toolchain.tool("git"),
              let out = try? ProcessRunner.run(git, ["-C", HarnessCheckout.root, "remote", "get-url", "origin"], timeout: 30),
              out.status == 0 else { return nil }
        return Self.gitHubRepository(fromRemote: out.stdout)
    }

    /// `git@github.com:o/n.git`, `https://github.com/o/n` → `o/n`.
    static func gitHubRepository(fromRemote url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let range = trimmed.range(of: "github.com[:/]", options: .regularExpression) else { return nil }
        var rest = String(trimmed[range.upperBound...])
        if rest.hasSuffix(".git") { rest.removeLast(4) }
        let parts = rest.split(separator: "/")
        return parts.count == 2 ? rest : nil
    }
}
