import Foundation
import SDUIContract
import SDUIContractHTTP
import SDUIPayload
import SDUIServe
import SDUIPlugIn

// Fixtures the gate's test targets share: a contracts folder built case by case, the base
// screen, and a team's own decoder in two app versions.

/// A contracts directory in a temporary folder, built case by case.
public struct GateFixture {
    public let root: URL

    public init(config: String = "{}") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try write("sdui-contracts.json", config)
    }

    public func remove() { try? FileManager.default.removeItem(at: root) }

    public func write(_ relative: String, _ text: String) throws {
        try write(relative, Array(text.utf8))
    }

    public func write(_ relative: String, _ bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    public func read(_ relative: String) -> String? {
        (try? Data(contentsOf: root.appendingPathComponent(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path) }

    /// A contract `name` at `/screens/name` whose recorded response is `json` in `encoding`.
    public func addContract(_ name: String, json: String, encoding: ContentEncoding = .identity, contract: String? = nil) throws {
        try write("contracts/\(name).json", contract ?? #"{"path": "/screens/\#(name)"}"#)
        try setResponse(name, json: json, encoding: encoding)
    }

    /// Replaces the recorded response of case `id`.
    public func setResponse(_ id: String, json: String, encoding: ContentEncoding = .identity) throws {
        for ext in [".json", ".json.gz", ".json.zz"] { try? FileManager.default.removeItem(at: root.appendingPathComponent("responses/\(id)\(ext)")) }
        let ext = encoding == .gzip ? ".json.gz" : encoding == .identity ? ".json" : ".json.zz"
        try write("responses/\(id)\(ext)", encoding == .identity ? Array(json.utf8) : Deflater.compress(Array(json.utf8), as: encoding))
    }

    public func suite() throws(ContractFileError) -> ContractSuite { try ContractSuite.load(root) }

    /// Runs every case offline (recorded responses read directly).
    public func runOffline(_ mode: ContractRunner.Mode = .check, ci: Bool = false, failOn: Severity = .breaking,
                    environment: [String: String] = [:]) async throws -> ContractRun {
        let suite = try suite()
        let runner = ContractRunner(suite: suite, source: RecordedResponses(directory: suite.directory),
                                    renderer: ResponseRenderer(redactions: suite.config.redactions),
                                    secrets: secrets(suite, environment), concurrency: 2, ci: ci, failOn: failOn)
        return await runner.run(suite.cases, mode: mode, complete: true)
    }

    /// Runs every case against `baseURL`.
    public func runLive(baseURL: String, mode: ContractRunner.Mode = .check, ci: Bool = false,
                 environment: [String: String] = [:], configure: (inout ContractConfig) -> Void = { _ in }) async throws -> ContractRun {
        let loaded = try suite()
        var config = loaded.config
        configure(&config)
        let suite = ContractSuite(directory: loaded.directory, config: config, contracts: loaded.contracts)
        let secrets = secrets(suite, environment)
        let source = try LiveResponses(baseURL: baseURL, config: config, secrets: secrets, concurrency: 4)
        let runner = ContractRunner(suite: suite, source: source, renderer: ResponseRenderer(redactions: config.redactions),
                                    secrets: secrets, concurrency: 4, ci: ci)
        let run = await runner.run(suite.cases, mode: mode, complete: true)
        await source.close()
        return run
    }

    private func secrets(_ suite: ContractSuite, _ environment: [String: String]) -> Secrets {
        var secrets = Secrets(environment: environment)
        for c in suite.cases { for (_, v) in suite.config.headers + c.headers + c.query { _ = secrets.expand(v) } }
        return secrets
    }

    /// Serves this directory with `sdui serve`'s server on a free loopback port for `body`.
    public func withServer<T>(_ body: (String) async throws -> T) async throws -> T {
        let server = try RecordedServer(suite: try suite())
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await server.run(host: "127.0.0.1", port: 0) { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return try await body("http://127.0.0.1:\(port)")
    }
}

extension ContractRun {
    public func result(_ id: String) -> CaseResult? { results.first { $0.id == id } }
    public func rules(_ id: String) -> Set<String> { Set(result(id)?.findings.map(\.rule.name) ?? []) }
}

/// The base screen every variation below starts from.
public enum Screens {
    public static let base = #"""
    {"screen": "home", "version": 1, "title": "Home", "components": [
      {"type": "text", "id": "greeting", "data": {"text": "Hello", "style": "title"}},
      {"type": "button", "id": "cta", "data": {"title": "Shop", "action": {"type": "navigate", "destination": "/shop"}}},
      {"type": "stack", "data": {"axis": "vertical", "spacing": 8, "children": [
        {"type": "image", "data": {"url": "https://cdn.example.com/a.png", "aspect_ratio": 1.5}},
        {"type": "two_line_text", "data": {"title": "Deals", "subtitle": "Today only"}}
      ]}},
      {"type": "spacer", "data": {"height": 16}}
    ]}
    """#

    /// `base` with `old` replaced by `new` (exactly once).
    public static func edit(_ old: String, _ new: String) -> String {
        precondition(base.components(separatedBy: old).count == 2, "edit target must occur once: \(old)")
        return base.replacingOccurrences(of: old, with: new)
    }
}

/// A team's own decoder in two app versions, as the README's "Gate your own decoder" plugs it in:
/// `viewType` + `content`, unknown types dropped silently, the newer version knowing `coupon`.
public enum TeamApp {
    public struct Screen: Decodable { public let screenName: String; public let contents: [Item] }
    public struct Item: Decodable { public let viewType: String; public let content: [String: String] }

    public static func decoder(_ version: String, knows kinds: Set<String>) -> DecoderUnderTest<Screen> {
        DecoderUnderTest(
            name: version,
            decode: { try JSONDecoder().decode(Screen.self, from: Data($0)) },
            rendering: { screen in
                Rendering(screen: screen.screenName, components: screen.contents.filter { kinds.contains($0.viewType) }.map { item in
                    .component(item.viewType, item.content.sorted { $0.key < $1.key }.map { .text($0.key, $0.value) })
                })
            })
    }

    public static let old = decoder("ios-5.2", knows: ["title", "banner"])
    public static let new = decoder("ios-5.3", knows: ["title", "banner", "coupon"])

    public static func screen(_ items: [(String, [String: String])]) -> String {
        let contents = items.map { type, content in
            #"{"viewType": "\#(type)", "content": {\#(content.map { #""\#($0.key)": "\#($0.value)""# }.joined(separator: ", "))}}"#
        }
        return #"{"screenName": "Home", "contents": [\#(contents.joined(separator: ", "))]}"#
    }
}
