import Foundation
import SDUIJSON
import SDUIPayload
import SDUIPlugIn

/// What happened to one contract case.
public struct CaseResult: Sendable {
    public enum Status: String, Sendable, Codable, Comparable {
        case pass, changed, breaking, error
        /// `record` only: a golden was written.
        case recorded, updated

        private var rank: Int { [.pass: 0, .recorded: 0, .updated: 0, .changed: 1, .breaking: 2, .error: 3][self]! }
        public static func < (a: Status, b: Status) -> Bool { a.rank < b.rank }
    }

    public var contractCase: ContractCase
    /// The client that rendered it (nil: the bundled decoder, when the config names no clients).
    public var client: String?
    /// `goldens/<case>.txt`, or `goldens/<client>/<case>.txt`.
    public var goldenPath: String
    public var status: Status
    /// Differences from the golden (accepted ones included, marked).
    public var findings: [Finding]
    /// Why the case could not be checked.
    public var failure: ContractFailure?
    public var golden: String?
    public var rendering: String?
    /// The URL or recorded file the response came from.
    public var source: String?
    /// Elapsed time for fetch + decode + render + compare.
    public var seconds: Double
    /// For a breaking result, what the response breaks of the client's requirements schema
    /// (`requirements/<client>.schema.json`, written by `sdui contract requirements`), one line each.
    public var requirements: [String] = []
    /// That schema, relative to the contracts directory.
    public var requirementsFile: String?
    /// For a client that crashed on the response (`SDUI-B011`), the crash's stack (its project frames).
    public var crashDetail: String?

    /// `home@ios`, or `ios-5.2:home@ios` for a named client.
    public var id: String { client.map { "\($0):\(contractCase.id)" } ?? contractCase.id }
}

/// The outcome of a `check` or `record` run.
public struct ContractRun: Sendable {
    public var results: [CaseResult]
    /// Golden files no contract uses.
    public var obsoleteGoldens: [String]
    /// Accept-list entries that matched nothing (only computed when every case ran).
    public var staleAcceptEntries: [AcceptEntry]
    /// The threshold the exit code applies.
    public var failOn: Severity
    public var seconds: Double
    /// The named clients checked (empty: the bundled decoder alone).
    public var clients: [ClientConfig] = []

    public func share(of client: String) -> Double? { clients.first { $0.name == client }?.share }

    /// 0 pass, 1 a difference at or above the threshold, 2 the run cannot be trusted.
    public var exitCode: Int32 {
        if results.contains(where: { $0.status == .error }) { return 2 }
        let failing = results.flatMap(\.findings).contains { !$0.isAccepted && $0.rule.severity >= failOn }
        return failing ? 1 : 0
    }

    public func count(_ status: CaseResult.Status) -> Int { results.filter { $0.status == status }.count }
}

/// Runs contracts: fetch, render, compare with goldens, classify; or record goldens.
public struct ContractRunner: Sendable {
    public enum Mode: Sendable, Hashable {
        case check
        /// Write missing goldens; with `update`, rewrite changed ones; with `saveResponses`, also
        /// keep what the server sent under `responses/`.
        case record(update: Bool, saveResponses: Bool)

        /// When goldens are written, in the vocabulary `assertContract` shares: check never writes,
        /// record writes missing goldens, record with `update` every golden that differs.
        public var records: RecordMode {
            switch self {
            case .check: .never
            case .record(let update, _): update ? .all : .missing
            }
        }
    }

    public var suite: ContractSuite
    public var source: any ResponseSource
    public var renderer: ResponseRenderer
    /// The clients to check, named as in the config (one unnamed reference client when it names none).
    public var clients: [any ContractClient]
    public var secrets: Secrets
    /// Requests in flight at once.
    public var concurrency: Int
    /// In CI nothing is ever written, and a missing golden is a failure.
    public var ci: Bool
    public var failOn: Severity
    /// Each client's requirements schema, when the contracts folder has one (see
    /// ``loadRequirements()``): a breaking result says which requirement the response broke.
    public var requirements: [String: (schema: RequirementsSchema, file: String)] = [:]

    /// The schemas `sdui contract requirements` wrote under `requirements/`, by client name; a
    /// schema that cannot be read is left out (the check does not depend on it).
    public static func requirements(in suite: ContractSuite, clients: [String]) -> [String: (schema: RequirementsSchema, file: String)] {
        var out: [String: (schema: RequirementsSchema, file: String)] = [:]
        for name in clients {
            let file = "requirements/" + RequirementsSession.fileName(for: name)
            guard let bytes = try? suite.directory.read(file), let schema = try? RequirementsSchema(json: bytes, client: name) else { continue }
            out[name] = (schema, file)
        }
        return out
    }

    public init(suite: ContractSuite, source: any ResponseSource, renderer: ResponseRenderer,
                clients: [any ContractClient] = [ReferenceClient()], secrets: Secrets,
                concurrency: Int, ci: Bool, failOn: Severity = .breaking) {
        self.suite = suite
        self.source = source
        self.renderer = renderer
        self.clients = clients
        self.secrets = secrets
        self.concurrency = max(1, concurrency)
        self.ci = ci
        self.failOn = failOn
    }

    /// Runs `cases` (a selection of the suite's) through every client, with at most ``concurrency`` in flight.
    public func run(_ cases: [ContractCase], mode: Mode, complete: Bool) async -> ContractRun {
        await run(cases.map { ContractCheck(contractCase: $0, clients: suite.clientNames) }, mode: mode, complete: complete)
    }

    /// Runs checks: each case's response is fetched once and rendered by each of its clients.
    public func run(_ checks: [ContractCheck], mode: Mode, complete: Bool) async -> ContractRun {
        let start = ContinuousClock.now
        var results = [[CaseResult]?](repeating: nil, count: checks.count)
        await withTaskGroup(of: (Int, [CaseResult]).self) { group in
            var next = 0
            while next < min(concurrency, checks.count) {
                let n = next
                group.addTask { (n, await self.runCase(checks[n], mode: mode)) }
                next += 1
            }
            while let (n, result) = await group.next() {
                results[n] = result
                if next < checks.count {
                    let m = next
                    group.addTask { (m, await self.runCase(checks[m], mode: mode)) }
                    next += 1
                }
            }
        }
        var finished = results.flatMap { $0! }
        // The accept list: acknowledged findings no longer fail; entries matching nothing are stale.
        var used = Set<String>()
        for r in finished.indices {
            for f in finished[r].findings.indices {
                if let entry = suite.config.accept.first(where: { $0.fingerprint == finished[r].findings[f].fingerprint }) {
                    finished[r].findings[f].acceptedBecause = entry
                    used.insert(entry.fingerprint)
                }
            }
            if finished[r].status == .changed || finished[r].status == .breaking {
                let open = finished[r].findings.filter { !$0.isAccepted }
                finished[r].status = open.contains { $0.rule.severity == .breaking } ? .breaking : open.isEmpty ? .pass : .changed
            }
        }
        let stale = complete ? suite.config.accept.filter { !used.contains($0.fingerprint) } : []
        // A record run that leaves any golden different from its response has not done its job.
        return ContractRun(results: finished, obsoleteGoldens: suite.obsoleteGoldens(), staleAcceptEntries: stale,
                           failOn: mode == .check ? failOn : .changed, seconds: Self.seconds(since: start),
                           clients: suite.config.clients)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    func runCase(_ check: ContractCheck, mode: Mode) async -> [CaseResult] {
        let c = check.contractCase
        let start = ContinuousClock.now
        let fetched = await source.fetch(c)
        var results: [CaseResult] = []
        for name in check.clients {
            let clientStart = results.isEmpty ? start : ContinuousClock.now
            var result = CaseResult(contractCase: c, client: name, goldenPath: suite.goldenPath(for: c, client: name), status: .error,
                                    findings: [], failure: nil, golden: nil, rendering: nil, source: nil, seconds: 0)
            defer { results.append(result) }
            switch fetched {
            case .failure(let failure):
                result.failure = failure
            case .success(let response):
                result.source = response.source
                guard let client = clients.first(where: { $0.name == (name ?? ReferenceClient.defaultName) }) else {
                    result.failure = ContractFailure(.clientUnavailable, "no client named \(name ?? ReferenceClient.defaultName)")
                    break
                }
                let golden: String?
                do throws(ContractFileError) {
                    golden = try suite.directory.read(result.goldenPath).map { String(decoding: $0, as: UTF8.self) }
                } catch {
                    result.failure = ContractFailure(.goldenUnreadable, error.description)
                    break
                }
                result.golden = golden
                let goldenRendering = golden.flatMap { try? Rendering.parse($0) }
                switch await renderer.render(response, client: client, secrets: secrets, golden: goldenRendering) {
                case .failure(let failure) where failure.rule.severity == .breaking:
                    // A crash is the check's result, the worst breaking change there is: the check
                    // was made. Exit 2 stays for checks that could not be made.
                    result.findings = [Finding(rule: failure.rule, contract: result.id, path: "$",
                                               message: "the app crashes on this response: \(failure.message)", new: failure.message)]
                    result.status = .breaking
                    result.crashDetail = failure.detail
                case .failure(let failure):
                    result.failure = failure
                case .success(let rendering):
                    result.rendering = rendering.text
                    compare(&result, rendering, response: response, mode: mode)
                    if result.status == .breaking, let schema = requirements[client.name] {
                        // Which requirement the response broke, as the backend's validator would say it.
                        if let text = try? PayloadText.decode(response), let payload = try? JSONParser().parse(text) {
                            result.requirements = schema.schema.violations(of: payload)
                            result.requirementsFile = schema.file
                        }
                    }
                }
            }
            result.seconds = Self.seconds(since: clientStart)
        }
        return results
    }

    private func compare(_ result: inout CaseResult, _ rendering: ResponseRendering, response: FetchedResponse, mode: Mode) {
        let golden = result.golden
        defer {
            if case .record(_, let saveResponses) = mode, !ci, saveResponses, result.failure == nil,
               // Responses are the server's, the same for every client: the first client keeps them.
               result.client == suite.clientNames.first!,
               let failure = save(response, for: result.contractCase, overwrite: mode.records == .all) {
                result.status = .error
                result.failure = failure
            }
        }
        switch GoldenCheck.verify(rendering.rendering, text: rendering.text, against: golden, mode: ci ? .never : mode.records,
                                  contract: result.id, sent: rendering.sent) {
        case .pass:
            result.status = .pass
        case .differs(let findings):
            result.findings = findings
            result.status = findings.contains { $0.rule.severity == .breaking } ? .breaking : .changed
        case .write:
            do throws(ContractFileError) {
                try suite.directory.write(Array(rendering.text.utf8), to: result.goldenPath)
            } catch {
                result.failure = ContractFailure(.goldenUnreadable, "cannot write the golden: \(error.description)")
                return
            }
            result.status = golden == nil ? .recorded : .updated
            result.golden = rendering.text
        case .missing:
            result.failure = ContractFailure(.goldenMissing,
                ci ? "\(result.goldenPath) does not exist; CI never writes goldens: run `sdui contract record` locally and commit it"
                   : "\(result.goldenPath) does not exist: run `sdui contract record` to write it")
        case .unreadable(let why):
            result.failure = ContractFailure(.goldenUnreadable, "\(result.goldenPath) \(why); re-record it with `sdui contract record --update`")
        }
    }

    /// Keeps the response as sent, under the extension for its `Content-Encoding`.
    private func save(_ response: FetchedResponse, for c: ContractCase, overwrite: Bool) -> ContractFailure? {
        let ext: String
        switch response.contentEncoding?.lowercased() {
        case nil, "identity"?, ""?: ext = ".json"
        case "gzip"?, "x-gzip"?: ext = ".json.gz"
        case "deflate"?: ext = ".json.zz"
        default: return ContractFailure(.badEncoding, "cannot save a response with Content-Encoding \(response.contentEncoding!)")
        }
        // A response echoing a secret must not end up in the repository.
        if let text = try? PayloadDecoder().decode(response.body, declared: response.contentEncoding.flatMap { try? DeclaredEncoding(contentEncoding: $0) }).text,
           secrets.scrub(String(decoding: text, as: UTF8.self)) != String(decoding: text, as: UTF8.self) {
            return ContractFailure(.contractInvalid, "the response contains the value of an environment variable; not saved")
        }
        let recorded = RecordedResponses(directory: suite.directory)
        do {
            if let existing = try recorded.file(for: c.id) {
                guard overwrite else { return nil }
                if existing.relative != "responses/\(c.id)\(ext)" {
                    try FileManager.default.removeItem(at: suite.directory.file(existing.relative))
                }
            }
            try suite.directory.write(response.body, to: "responses/\(c.id)\(ext)")
        } catch let error as ContractFileError {
            return ContractFailure(.contractInvalid, error.description)
        } catch {
            return ContractFailure(.contractInvalid, "cannot replace the recorded response: \(error.localizedDescription)")
        }
        return nil
    }
}
