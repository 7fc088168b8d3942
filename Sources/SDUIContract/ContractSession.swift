import Foundation
import SDUIPlugIn

/// One run of the gate as `sdui contract check` and `record` make it, as a library call: load the
/// contracts folder, apply the caller's overrides, pick the checks and where responses come from,
/// run every check through its client, render the report and write the report files.
///
/// A live server and out-of-process clients need modules the gate's core does not (HTTP,
/// processes), so the caller hands them in: `liveSource` opens a server's responses, `clients`
/// turns the config's clients into runnable ones. Everything else is decided here, and tested here.
public struct ContractSession {
    /// What to run: the command line's options, in the library's terms.
    public struct Request: Sendable {
        /// The contracts folder (`sdui-contracts.json`, `contracts/`, `goldens/`, `responses/`).
        public var directory: String
        public var mode: ContractRunner.Mode = .check
        public var failOn: Severity = .breaking
        /// Globs over case ids (`home`, `home@ios`, `checkout/*`); empty: every case.
        public var filters: [String] = []
        /// Globs over client names; empty: every client.
        public var clientFilters: [String] = []
        public var shard: Shard?
        /// Overrides the config's per-request timeout.
        public var timeoutSeconds: Double?
        /// Requests in flight (default: the config's, else `cores`).
        public var concurrency: Int?
        /// The recorded responses under `responses/` instead of a server.
        public var offline = false
        /// The server (default: `SDUI_BASE_URL` in `environment`, else the config's `baseURL`).
        public var baseURL: String?
        /// Where `${NAME}` secrets and `SDUI_BASE_URL` are read from.
        public var environment: [String: String] = [:]
        /// CI mode: nothing is written; a missing golden fails.
        public var ci = false
        public var format: ContractReport.Format = .text
        /// Passing contracts shown too.
        public var verbose = false
        /// Also write the JUnit XML / JSON report here.
        public var junitFile: String?
        public var jsonFile: String?
        /// The default of `concurrency` when the config has none.
        public var cores = ProcessInfo.processInfo.activeProcessorCount

        public init(directory: String) { self.directory = directory }
    }

    /// Why a run could not start, or its report could not be kept; each is exit status 2.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The contracts folder does not load (a file and JSON path say where).
        case contractInvalid(ContractFileError)
        /// No case or client matches the filters.
        case nothingMatches(String)
        /// Neither `--offline` nor a server was given.
        case noServer(directory: String)
        /// The server's responses could not be opened (a bad base URL, say).
        case source(ContractFailure)

        public var description: String {
            switch self {
            case .contractInvalid(let error): return "\(ContractRule.contractInvalid.id) \(error.description)"
            case .nothingMatches(let what): return what
            case .noServer(let directory):
                return "no server to check. Pass --base-url URL, set SDUI_BASE_URL, set \"baseURL\" in "
                    + "\(directory)/\(ContractConfig.fileName), or use --offline for the recorded responses."
            case .source(let failure): return failure.description
            }
        }
    }

    /// A finished run.
    public struct Outcome: Sendable {
        public var run: ContractRun
        /// The report in the requested format, secrets scrubbed.
        public var report: String
        /// Report files that could not be written (`file: why`); the run then exits 2.
        public var unwrittenFiles: [String]
        /// 0 pass, 1 a difference at or above `failOn`, 2 the run cannot be trusted.
        public var exitCode: Int32 { unwrittenFiles.isEmpty ? run.exitCode : 2 }
    }

    /// Opens a live server's responses: base URL, the config (with overrides), the secrets, the
    /// number of requests in flight.
    public typealias LiveSource = (String, ContractConfig, Secrets, Int) throws(ContractFailure) -> any ResponseSource

    public var request: Request
    public var liveSource: LiveSource?
    public var clients: (ContractConfig) -> [any ContractClient]

    /// - Parameters:
    ///   - liveSource: how to fetch from a server; nil allows `offline` runs only.
    ///   - clients: the config's clients, runnable (none: the bundled reference decoder).
    public init(_ request: Request, liveSource: LiveSource?, clients: @escaping (ContractConfig) -> [any ContractClient]) {
        self.request = request
        self.liveSource = liveSource
        self.clients = clients
    }

    public func run() async throws(Failure) -> Outcome {
        let loaded: ContractSuite
        do { loaded = try ContractSuite.load(URL(fileURLWithPath: request.directory)) } catch { throw .contractInvalid(error) }
        var config = loaded.config
        if let timeout = request.timeoutSeconds { config.timeoutSeconds = timeout }
        let inFlight = request.concurrency ?? (config.concurrency > 0 ? config.concurrency : max(1, request.cores))
        let checks = loaded.checks(filters: request.filters, clients: request.clientFilters, shard: request.shard)
        if checks.isEmpty {
            let globs = request.filters + request.clientFilters
            let clientNames = config.clients.map(\.name)
            throw .nothingMatches("no contract or client matches" + (globs.isEmpty ? "" : " \(globs.joined(separator: ", "))")
                                  + " in \(request.directory)"
                                  + (clientNames.isEmpty ? "" : " (clients: \(clientNames.joined(separator: ", ")))"))
        }
        // Learn every secret up front so nothing prints one, whichever case fails first.
        var secrets = Secrets(environment: request.environment)
        for c in checks.map(\.contractCase) {
            for (_, value) in config.headers + c.headers + c.query { _ = secrets.expand(value) }
        }
        let source: any ResponseSource
        if request.offline {
            source = RecordedResponses(directory: loaded.directory)
        } else {
            guard let base = request.baseURL ?? request.environment["SDUI_BASE_URL"] ?? config.baseURL, let liveSource else {
                throw .noServer(directory: request.directory)
            }
            do { source = try liveSource(base, config, secrets, inFlight) } catch { throw .source(error) }
        }
        let suite = ContractSuite(directory: loaded.directory, config: config, contracts: loaded.contracts)
        let clients = self.clients(config)
        var runner = ContractRunner(suite: suite, source: source,
                                    renderer: ResponseRenderer(redactions: config.redactions,
                                                               accounting: ComponentAccounting(discriminators: config.discriminators)),
                                    clients: clients, secrets: secrets, concurrency: inFlight, ci: request.ci, failOn: request.failOn)
        runner.requirements = ContractRunner.requirements(in: suite, clients: clients.map(\.name))
        let complete = request.filters.isEmpty && request.clientFilters.isEmpty && request.shard == nil
        let run = await runner.run(checks, mode: request.mode, complete: complete)
        await source.close()
        for client in clients { client.close() }

        let report = ContractReport(run: run, directoryName: request.directory, mode: request.mode, verbose: request.verbose)
        var unwritten: [String] = []
        for (file, text) in [(request.junitFile, report.junit()), (request.jsonFile, report.json())] {
            guard let file else { continue }
            // Report files are outputs the user asked for, not contract files: written even in CI.
            do { try Data(secrets.scrub(text).utf8).write(to: URL(fileURLWithPath: file), options: .atomic) } catch {
                unwritten.append("cannot write \(file): \(error.localizedDescription)")
            }
        }
        // GitHub Actions: the matrix and the diffs go to the job summary, which the annotations
        // (one line each) cannot hold.
        if request.format == .github {
            do { try GitHubStepSummary.append(secrets.scrub(report.githubSummary()), environment: request.environment) } catch {
                unwritten.append("cannot append to $GITHUB_STEP_SUMMARY: \(error.localizedDescription)")
            }
        }
        return Outcome(run: run, report: secrets.scrub(report.render(request.format)), unwrittenFiles: unwritten)
    }
}
