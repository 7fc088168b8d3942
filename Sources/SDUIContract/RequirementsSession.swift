import Foundation

/// `sdui contract requirements` as a library call: every recorded response of a contracts folder
/// probed through every client (``RequirementProbe``), each client's requirements built, reported,
/// compared between app versions and written as a JSON Schema per client.
public struct RequirementsSession {
    public struct Request: Sendable {
        public var directory: String
        /// Globs over case ids and client names; empty: all.
        public var filters: [String] = []
        public var clientFilters: [String] = []
        /// Decodes per response.
        public var budget = 3000
        /// Where `<client>.schema.json` files go (nil: none written).
        public var schemaDirectory: String?
        /// Overwrite schema files that differ (they are outputs, but a reviewed file is not lost silently).
        public var overwrite = false
        public init(directory: String) { self.directory = directory }
    }

    public struct Outcome: Sendable {
        public var requirements: [ClientRequirements]
        /// Every client's report, then the differences between them.
        public var report: String
        /// Schema files written (relative to the schema folder as given).
        public var written: [String]
        /// Schema files left as they were because they differ and `overwrite` is off.
        public var kept: [String]
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case contractInvalid(ContractFileError)
        case nothingToProbe(String)
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .contractInvalid(let e): "\(ContractRule.contractInvalid.id) \(e.description)"
            case .nothingToProbe(let why): why
            case .cannotWrite(let why): why
            }
        }
    }

    public var request: Request
    public var clients: (ContractConfig) -> [any ContractClient]
    /// The strings of a client's own code (mined from its binary by the CLI), tried as
    /// discriminator values so the kinds it knows are found even when no response has them.
    public var candidates: (any ContractClient) -> [String]

    public init(_ request: Request, clients: @escaping (ContractConfig) -> [any ContractClient],
                candidates: @escaping (any ContractClient) -> [String] = { _ in [] }) {
        self.request = request
        self.clients = clients
        self.candidates = candidates
    }

    public func run() async throws(Failure) -> Outcome {
        let suite: ContractSuite
        do { suite = try ContractSuite.load(URL(fileURLWithPath: request.directory)) } catch { throw .contractInvalid(error) }
        let cases = suite.select(filters: request.filters, shard: nil)
        let clients = self.clients(suite.config).filter { client in
            request.clientFilters.isEmpty || request.clientFilters.contains { Glob.matches($0, client.name) }
        }
        defer { for client in clients { client.close() } }
        guard !cases.isEmpty, !clients.isEmpty else {
            throw .nothingToProbe("no contract or client to probe in \(request.directory)")
        }
        let source = RecordedResponses(directory: suite.directory)
        var probe = RequirementProbe(budget: request.budget,
                                     renderer: ResponseRenderer(redactions: suite.config.redactions,
                                                                accounting: ComponentAccounting(discriminators: suite.config.discriminators)))
        var all: [ClientRequirements] = []
        for client in clients {
            probe.candidateValues = RequirementProbe.candidates(fromLiterals: candidates(client))
            var results: [ProbeResult] = []
            for c in cases {
                switch await source.fetch(c) {
                case .success(let response): results.append(await probe.probe(response, caseID: c.id, client: client))
                case .failure(let failure):
                    results.append(ProbeResult(caseID: c.id, client: client.name, observations: [], decodes: 0, budget: request.budget,
                                               truncated: false, error: "no recorded response (\(failure.message))"))
                }
            }
            all.append(ClientRequirements.build(client: client.name, results: results))
        }
        var report = all.map(\.report).joined(separator: "\n")
        let diff = RequirementsDiff.text(all)
        if !diff.isEmpty { report += "\n" + diff }
        var written: [String] = [], kept: [String] = []
        if let folder = request.schemaDirectory {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw .cannotWrite("cannot create \(folder): \(error.localizedDescription)")
            }
            for requirements in all {
                let name = Self.fileName(for: requirements.client)
                let path = (folder as NSString).appendingPathComponent(name)
                let text = RequirementsSchema(requirements).json
                if let existing = FileManager.default.contents(atPath: path), existing != Data(text.utf8), !request.overwrite {
                    kept.append(name)
                    continue
                }
                do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
                    throw .cannotWrite("cannot write \(path): \(error.localizedDescription)")
                }
                written.append(name)
            }
        }
        return Outcome(requirements: all, report: report, written: written, kept: kept)
    }

    /// `ios-5.2.schema.json`: a client's name kept to letters, digits, `.`, `-` and `_`.
    public static func fileName(for client: String) -> String {
        let safe = String(client.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        return (safe.isEmpty || safe.hasPrefix(".") ? "client" + safe : safe) + ".schema.json"
    }
}
