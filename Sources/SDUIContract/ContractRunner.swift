import Foundation
import SDUIPayload

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

    public var id: String { contractCase.id }
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
    }

    public var suite: ContractSuite
    public var source: any ResponseSource
    public var renderer: ResponseRenderer
    public var secrets: Secrets
    /// Requests in flight at once.
    public var concurrency: Int
    /// In CI nothing is ever written, and a missing golden is a failure.
    public var ci: Bool
    public var failOn: Severity

    public init(suite: ContractSuite, source: any ResponseSource, renderer: ResponseRenderer, secrets: Secrets,
                concurrency: Int, ci: Bool, failOn: Severity = .breaking) {
        self.suite = suite
        self.source = source
        self.renderer = renderer
        self.secrets = secrets
        self.concurrency = max(1, concurrency)
        self.ci = ci
        self.failOn = failOn
    }

    /// Runs `cases` (a selection of the suite's) with at most ``concurrency`` in flight.
    public func run(_ cases: [ContractCase], mode: Mode, complete: Bool) async -> ContractRun {
        let start = ContinuousClock.now
        var results = [CaseResult?](repeating: nil, count: cases.count)
        await withTaskGroup(of: (Int, CaseResult).self) { group in
            var next = 0
            while next < min(concurrency, cases.count) {
                let n = next
                group.addTask { (n, await self.runCase(cases[n], mode: mode)) }
                next += 1
            }
            while let (n, result) = await group.next() {
                results[n] = result
                if next < cases.count {
                    let m = next
                    group.addTask { (m, await self.runCase(cases[m], mode: mode)) }
                    next += 1
                }
            }
        }
        var finished = results.map { $0! }
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
                           failOn: mode == .check ? failOn : .changed, seconds: Self.seconds(since: start))
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    func runCase(_ c: ContractCase, mode: Mode) async -> CaseResult {
        let start = ContinuousClock.now
        var result = CaseResult(contractCase: c, status: .error, findings: [], failure: nil, golden: nil, rendering: nil,
                                source: nil, seconds: 0)
        defer { _ = result }
        let fetched = await source.fetch(c)
        switch fetched {
        case .failure(let failure):
            result.failure = failure
        case .success(let response):
            result.source = response.source
            switch renderer.render(response, secrets: secrets) {
            case .failure(let failure):
                result.failure = failure
            case .success(let rendering):
                result.rendering = rendering.text
                compare(&result, rendering, response: response, mode: mode)
            }
        }
        result.seconds = Self.seconds(since: start)
        return result
    }

    private func compare(_ result: inout CaseResult, _ rendering: ResponseRendering, response: FetchedResponse, mode: Mode) {
        let c = result.contractCase
        let golden: String?
        do throws(ContractFileError) {
            golden = try suite.directory.read(c.goldenPath).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            result.failure = ContractFailure(.goldenUnreadable, error.description)
            return
        }
        result.golden = golden
        if case .record(let update, let saveResponses) = mode, !ci {
            var wrote = false
            if golden == nil || (update && golden != rendering.text) {
                do throws(ContractFileError) {
                    try suite.directory.write(Array(rendering.text.utf8), to: c.goldenPath)
                } catch {
                    result.failure = ContractFailure(.goldenUnreadable, "cannot write the golden: \(error.description)")
                    return
                }
                result.status = golden == nil ? .recorded : .updated
                result.golden = rendering.text
                wrote = true
            }
            if saveResponses, let failure = save(response, for: c, overwrite: update) {
                result.status = .error
                result.failure = failure
                return
            }
            if wrote { return }
        }
        guard let golden else {
            result.failure = ContractFailure(.goldenMissing,
                ci ? "\(c.goldenPath) does not exist; CI never writes goldens: run `sdui contract record` locally and commit it"
                   : "\(c.goldenPath) does not exist: run `sdui contract record` to write it")
            return
        }
        if golden == rendering.text {
            result.status = .pass
            return
        }
        let goldenTree: RenderedScreen
        switch RenderedScreen.parse(golden) {
        case .success(let tree): goldenTree = tree
        case .failure(let error):
            result.failure = ContractFailure(.goldenUnreadable, "\(c.goldenPath) \(error.description); re-record it with `sdui contract record --update`")
            return
        }
        guard case .success(let currentTree) = RenderedScreen.parse(rendering.text) else {
            result.failure = ContractFailure(.goldenUnreadable, "the current rendering could not be read back (a bug in the renderer)")
            return
        }
        result.findings = RenderingComparison(contract: c.id).compare(golden: goldenTree, current: currentTree,
                                                                      warningCodes: rendering.warningCodes)
        if result.findings.isEmpty {
            // Only formatting differs (e.g. trailing whitespace edited by hand): nothing to classify.
            result.status = .pass
        } else {
            result.status = result.findings.contains { $0.rule.severity == .breaking } ? .breaking : .changed
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
