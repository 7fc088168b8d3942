import ArgumentParser
import Foundation
import SDUICrashAnalysis
import SDUICampaign
import SDUIDecoderSlice
import SDUIContract
#if HTTP
import SDUIContractHTTP
#endif
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
            #if HTTP
            try LiveResponses(baseURL: base, config: config, secrets: secrets, concurrency: inFlight)
            #else
            throw ContractFailure(.contractInvalid, noHTTPBuild)
            #endif
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
