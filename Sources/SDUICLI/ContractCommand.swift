import ArgumentParser
import Foundation
import SDUICrashAnalysis
import SDUICampaign
import SDUIDecoderSlice
import SDUIContract
import SDUIContractHTTP
import SDUIContractProcess
import SDUILiteralMining
import SDUIPlugIn

struct ContractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "The CI contract gate: server responses against golden renderings.",
        discussion: """
        A contracts directory (default: Contracts) holds sdui-contracts.json (base
        URL, headers, timeouts, concurrency, redactions, accept list), one file per
        request under contracts/, the golden renderings under goldens/ and,
        optionally, recorded responses under responses/. See docs/gate.md for the
        format.

        EXIT STATUS (check and record)
          0   every contract matches (or differs only below the --fail-on threshold)
          1   a difference at or above the threshold (default: breaking)
          2   the run could not be trusted: server unreachable, timeout, HTTP
              error, bad encoding, bad contract file, missing golden in CI — the
              gate fails closed
        """,
        subcommands: [ContractCheckCommand.self, ContractRecordCommand.self, ContractRequirementsCommand.self, ContractRulesCommand.self]
    )
}

/// Which contracts and clients a command works on, and where the clients' package is: shared by
/// `check`, `record` and `requirements`.
struct ContractSelection: ParsableArguments {
    @Option(name: .customLong("contracts"), help: ArgumentHelp("The contracts directory.", valueName: "dir"))
    var directory: String = "Contracts"

    @Option(name: .customLong("filter"), help: ArgumentHelp("Only contracts matching this glob (`home`, `home@ios`, `checkout/*`); repeatable.", valueName: "glob"))
    var filters: [String] = []

    @Option(name: .customLong("client"), help: ArgumentHelp("Only the clients matching this glob (`ios-5.2`, `ios-*`); repeatable.", valueName: "glob"))
    var clientFilters: [String] = []

    @Option(help: ArgumentHelp("The package whose products the config's clients name (built in its debug build).", valueName: "dir"))
    var packagePath: String = "."

    @Flag(help: "Use the client products as already built in --package-path's .build/debug (do not run swift build).")
    var noBuild = false
}

/// Options shared by `check` and `record`.
struct ContractRunOptions: ParsableArguments {
    @OptionGroup var selection: ContractSelection

    @Option(help: ArgumentHelp("The server to check (overrides SDUI_BASE_URL and the config's baseURL).", valueName: "url"))
    var baseURL: String?

    @Flag(help: "Use the recorded responses under responses/ instead of a server.")
    var offline = false

    @Option(help: ArgumentHelp("Run the i-th of n deterministic slices of the checks (cases × clients; CI machines split the work).", valueName: "i/n"))
    var shard: String?

    @Option(help: ArgumentHelp("Requests in flight at once (default: the config's, else the number of cores).", valueName: "n"))
    var concurrency: Int?

    @Option(help: ArgumentHelp("Per-request timeout in seconds (default: the config's, else 10).", valueName: "seconds"))
    var timeout: Double?

    @Option(help: ArgumentHelp("Report format on standard output.", valueName: "format"))
    var format: ContractReport.Format = .text

    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junitFile: String?

    @Option(help: ArgumentHelp("Also write the JSON report to this file.", valueName: "file"))
    var jsonReport: String?

    @Option(name: .customLong("json"), help: .hidden)
    var deprecatedJSON: String?

    var jsonFile: String? {
        DeprecatedNames.optionalValue(jsonReport, newName: "--json-report FILE", old: deprecatedJSON, oldName: "--json FILE", command: "sdui contract")
    }

    @Flag(help: "CI mode (also when CI=true): never write a file; a missing golden is a failure.")
    var ci = false

    @Flag(help: "Show passing contracts too.")
    var verbose = false

    var isCI: Bool { ci || RecordMode.isCI() }

    func validate() throws {
        if let shard, Shard(shard) == nil { throw ValidationError("--shard takes i/n with 1 <= i <= n, e.g. --shard 2/4 (got \(shard))") }
        if let concurrency, concurrency < 1 { throw ValidationError("--concurrency must be at least 1") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds") }
        if offline, baseURL != nil { throw ValidationError("--offline and --base-url exclude each other") }
    }

    /// Runs the gate (``ContractSession``) with a live server's HTTP fetcher and the config's
    /// clients, prints the report; returns the exit code.
    func execute(mode: ContractRunner.Mode, failOn: Severity) async -> Int32 {
        var request = ContractSession.Request(directory: selection.directory)
        request.mode = mode
        request.failOn = failOn
        request.filters = selection.filters
        request.clientFilters = selection.clientFilters
        request.shard = shard.flatMap(Shard.init)
        request.timeoutSeconds = timeout
        request.concurrency = concurrency
        request.offline = offline
        request.baseURL = baseURL
        request.environment = ProcessInfo.processInfo.environment
        request.ci = isCI
        request.format = format
        request.verbose = verbose
        request.junitFile = junitFile
        request.jsonFile = jsonFile
        let session = ContractSession(request, liveSource: { base, config, secrets, inFlight throws(ContractFailure) in
            try LiveResponses(baseURL: base, config: config, secrets: secrets, concurrency: inFlight)
        }, clients: { makeClients($0, timeout: $0.timeoutSeconds) })
        do {
            let outcome = try await session.run()
            print(outcome.report, terminator: "")
            for problem in outcome.unwrittenFiles { printError("sdui contract: \(problem)") }
            return outcome.exitCode
        } catch {
            printError("sdui contract: \(error.description)")
            return 2
        }
    }
}

extension ContractRunOptions {
    func makeClients(_ config: ContractConfig, timeout: Double) -> [any ContractClient] {
        contractClients(config, packagePath: selection.packagePath, contractsFolder: selection.directory, clientFilters: selection.clientFilters, noBuild: selection.noBuild, timeout: timeout)
    }
}

/// The config's clients (ClientFactory), with the campaign runner's debug build and crash
/// triage wired in: a client's crash is titled as the fuzz report titles it.
func contractClients(_ config: ContractConfig, packagePath: String, contractsFolder: String, clientFilters: [String], noBuild: Bool,
                     timeout: Double, explainsCrashes: Bool = true) -> [any ContractClient] {
    let root = URL(fileURLWithPath: packagePath).standardizedFileURL.path
    var factory = ClientFactory(packageRoot: root, build: { product in
        try DebugBuilder(packageRoot: root).build(product)
    }, explainCrash: { binary, product, body, seconds in
        explainClientCrash(DebugCrashReplay(packageRoot: root, product: product), binary: binary, body: body, seconds: seconds)
    })
    factory.plug = pluggedClientBuilder(config, root: root, contractsFolder: contractsFolder)
    factory.selection = clientFilters
    factory.noBuild = noBuild
    factory.timeout = timeout
    factory.explainsCrashes = explainsCrashes
    factory.progress = { printError("sdui contract: \($0)") }
    let clients = factory.clients(for: config)
    for case let client as ProcessClient in clients where client.launch.first != "/bin/sh" {
        // The kinds its code names are among its binary's literals (mined once, when asked).
        let binary = client.launch[0]
        client.mineStrings = { (try? DecoderLiterals.mineBinary(binary)).map { Set($0.strings) } }
    }
    return clients
}

struct ContractCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fetch every contract's response, render it and compare it with its golden rendering.",
        discussion: """
        Each response is fetched (from the server, or with --offline from responses/),
        rendered by every client the config lists (the bundled reference decoder when
        it lists none; a team's own decoder is a product of --package-path), redacted,
        and compared with that client's golden: goldens/<contract>[@variant].txt, or
        goldens/<client>/<contract>[@variant].txt. Components the response sends that
        a client neither renders nor shows as a placeholder are found from the payload
        itself (rule SDUI-B008), so a decoder that drops them silently is still
        caught. Every difference gets a rule ID and a severity (`sdui contract rules`
        lists them): breaking when the client no longer understands something it did,
        changed when the rendering differs but the client understands it all.
        Unchanged responses pass whatever their key order, whitespace, number spelling
        or compression. Differences whose fingerprint is in the config's accept list
        do not fail.

        EXAMPLES
          sdui contract check --offline
          sdui contract check --base-url http://127.0.0.1:8080 --format github \\
            --junit contracts.xml
          sdui contract check --shard 2/4 --fail-on changed
          sdui contract check --offline --package-path . --client 'ios-*'
        """
    )

    @OptionGroup var options: ContractRunOptions

    /// The differences that fail the gate.
    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case breaking, changed
        var severity: Severity { self == .changed ? .changed : .breaking }
    }

    @Option(help: ArgumentHelp("Fail on breaking differences (the default) or on any difference (changed).", valueName: "severity"))
    var failOn: FailOn = .breaking

    func run() async throws {
        let code = await options.execute(mode: .check, failOn: failOn.severity)
        if code != 0 { throw ExitCode(code) }
    }
}

struct ContractRecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the golden renderings that are missing (and, with --update, those that changed).",
        discussion: """
        Goldens are written atomically (a temporary file, then a rename). Without
        --update an existing golden is never overwritten: differences are reported as
        `check` reports them, with exit status 1. In CI (CI=true or --ci) nothing is
        written and a missing golden is an error (exit 2). Goldens no contract uses
        are reported as obsolete.

        EXAMPLES
          sdui contract record --base-url http://127.0.0.1:8080 --save-responses
          sdui contract record --offline --update --filter 'home@*'
        """
    )

    @OptionGroup var options: ContractRunOptions

    @Flag(help: "Rewrite goldens whose rendering changed.")
    var update = false

    @Flag(help: "Also keep each response as received under responses/ (for --offline and `sdui serve`).")
    var saveResponses = false

    func run() async throws {
        let code = await options.execute(mode: .record(update: update, saveResponses: saveResponses), failOn: .changed)
        if code != 0 { throw ExitCode(code) }
    }
}

struct ContractRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules: stable IDs, names, severities and what each means."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("Print the rules as text or as JSON.", valueName: "format"))
    var format: Format = .text

    func run() throws {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(ContractRule.all), as: UTF8.self))
        case .text:
            for severity in [Severity.breaking, .changed, .error] {
                print(severity == .error ? "error (exit 2: the run cannot be trusted)" : "\(severity.rawValue)")
                for rule in ContractRule.all where rule.severity == severity {
                    print("  \(rule.id)  \(rule.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(rule.summary)")
                }
            }
        }
    }
}

extension ContractReport.Format: ExpressibleByArgument {}

struct ContractRequirementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requirements",
        abstract: "Find what every app version requires of the responses, by probing its decoder.",
        discussion: """
        For each client and each recorded response (responses/), the client's decoder
        is asked about variants of the response: every key removed, set to null, given
        each other JSON type; a string given an unknown value; a whole number written
        1.0 and 1.5, pushed past 32 and 64 bits; an array emptied. Each variant is
        rendered and compared with the response's own rendering as the gate compares
        goldens (rejected, a component not shown, a placeholder, only changed).

        Prints, per client and component kind, the required keys and their JSON types,
        the optional ones and whether null is accepted, the known discriminator values
        and what an unknown value costs; then what differs between the clients. Writes
        a JSON Schema (2020-12) per client, <dir>/<client>.schema.json, that a backend
        validates its responses against in any language. Probing is deterministic and
        bounded: at most --budget decodes per response (the report says when the
        budget ran out).

        EXAMPLES
          sdui contract requirements --package-path .
          sdui contract requirements --client 'ios-*' --schemas build/schemas --overwrite

        EXIT STATUS
          0 requirements found; 2 could not run (bad contract file, no recorded
          response, a client that cannot be built, a schema file that cannot be
          written).
        """
    )

    @OptionGroup var selection: ContractSelection

    @Option(help: ArgumentHelp("Decodes per response, at most.", valueName: "n"))
    var budget: Int = 3000

    @Option(help: ArgumentHelp("Where the JSON Schemas are written (default: <contracts>/requirements).", valueName: "dir"))
    var schemas: String?

    @Flag(help: "Overwrite schema files that differ from the new ones (otherwise they are kept and named).")
    var overwrite = false

    @Flag(help: "Print the requirements as JSON instead of text.")
    var json = false

    func validate() throws {
        if budget < 1 { throw ValidationError("--budget must be at least 1") }
    }

    func run() async throws {
        var request = RequirementsSession.Request(directory: selection.directory)
        request.filters = selection.filters
        request.clientFilters = selection.clientFilters
        request.budget = budget
        request.schemaDirectory = schemas ?? (selection.directory as NSString).appendingPathComponent("requirements")
        request.overwrite = overwrite
        let session = RequirementsSession(request, clients: { config in
            // A probe needs to know that a variant crashes, not where: no debug replay per crash.
            contractClients(config, packagePath: selection.packagePath, contractsFolder: selection.directory, clientFilters: selection.clientFilters,
                            noBuild: selection.noBuild, timeout: config.timeoutSeconds, explainsCrashes: false)
        }, candidates: { client in
            // The client's binary holds its decoder's strings (kinds it compares with among them).
            guard let binary = (client as? ProcessClient)?.launch.first else { return [] }
            return (try? DecoderLiterals.mineBinary(binary).strings) ?? []
        })
        let outcome: RequirementsSession.Outcome
        do { outcome = try await session.run() } catch {
            printError("sdui contract: \(error.description)")
            throw ExitCode(2)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(outcome.requirements), as: UTF8.self))
        } else {
            print(outcome.report, terminator: "")
        }
        let folder = request.schemaDirectory ?? ""
        for name in outcome.written { printError("sdui contract: wrote \((folder as NSString).appendingPathComponent(name))") }
        for name in outcome.kept {
            printError("sdui contract: kept \((folder as NSString).appendingPathComponent(name)): it differs from the new schema; pass --overwrite to replace it")
        }
        let unavailable = outcome.requirements.filter { r in r.fields.isEmpty && !r.errors.isEmpty }
        if !unavailable.isEmpty { throw ExitCode(2) }
    }
}

/// Builds a client named by its decoder where it lives: its folders (read at its revision, if it
/// names one) sliced into the generated package under `<package>/.build-sdui-decoders`, the target
/// built in debug, a crash titled as the fuzz report titles it. Clients whose modules share a name
/// (two versions of one app) get the client's name added to it, so each is a target of its own.
func pluggedClientBuilder(_ config: ContractConfig, root: String, contractsFolder: String) -> ClientFactory.Plug {
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let base = URL(fileURLWithPath: contractsFolder, relativeTo: cwd).standardizedFileURL
    let scratch = root + "/.build-sdui-decoders"
    @Sendable func resolved(_ path: String) -> String { URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path }
    @Sendable func folders(_ p: PluggedClient) -> [String] { p.sources.map(resolved) }
    @Sendable func module(_ p: PluggedClient) -> String { p.module ?? DecoderLocation.moduleName(forFolder: folders(p).first ?? "Decoder") }
    let modules = config.clients.compactMap(\.plugged).map(module)
    return { client in
        guard let p = client.plugged else { throw ValidationError("client \(client.name) names no decoder") }
        var sources = folders(p)
        var settings = ModuleSettings.appDefault
        var unavailable: [UnavailableDependency] = []
        var compilerName: String?
        if sources.isEmpty, let packagePath = p.packagePath, let module = p.module {
            // A module of a package, as `--module NAME --package-path DIR` names it for the fuzzer.
            let found = try packageModule(module, packageRoot: resolved(packagePath))
            (sources, settings, unavailable, compilerName) = (found.folders, found.settings, found.unavailable, found.moduleName)
        } else if let found = ModuleSettingsFinder.settings(forSources: sources) {
            settings = found
        }
        if let revision = p.revision {
            sources = try RevisionSources.materialize(sources, at: revision, into: scratch + "/.revisions/" + client.name)
        }
        var name = compilerName ?? module(p)
        if modules.filter({ $0 == module(p) }).count > 1 {
            name += "_" + String(client.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }
        let expression = p.decode ?? DecoderLocation.decodeExpression(ofType: p.type ?? "")
        let plugged = PluggedDecoder(location: DecoderLocation(sources: sources, moduleName: name, decodeExpression: expression,
                                                               settings: settings, unavailableDependencies: unavailable),
                                     name: client.name, scratchFolder: scratch)
        let prepared = try plugged.prepare(seeds: [], findSeeds: false) { printError("sdui contract: " + $0) }
        let product = prepared.package.product
        let binary = try DebugBuilder(packageRoot: scratch, scratchPath: nil).build(product)
        return (binary, { body, seconds in
            explainClientCrash(DebugCrashReplay(packageRoot: scratch, product: product, generated: true), binary: binary, body: body, seconds: seconds)
        })
    }
}

/// A client's crash on `body`, titled as the fuzz report titles it: the body replayed through the
/// same debug build, the backtracer on. Nil when it does not crash again.
func explainClientCrash(_ replay: DebugCrashReplay, binary: String, body: [UInt8], seconds: Double) -> ClientFailure? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-client-crash-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    guard (try? Data(body).write(to: file)) != nil,
          let analysis = try? replay.analyse(binary: binary, input: file.path, timeout: Int(seconds.rounded(.up))),
          analysis.kind != .notReproduced else { return nil }
    let frames = analysis.frames.filter(\.isProject).prefix(8).map { "#\($0.index) \($0.function) \($0.location)" }
    return ClientFailure(.crashed, analysis.title, detail: frames.joined(separator: "\n"))
}
