import Foundation

/// A loaded contracts directory: the config, every contract, and the cases they check.
///
/// ```
/// Contracts/
///   sdui-contracts.json          base URL, headers, timeouts, concurrency, redactions, accept list
///   contracts/home.json          one request (and its variants) per file; subfolders allowed
///   goldens/home@ios.txt         the golden rendering of each case
///   responses/home@ios.json.gz   optional recorded responses for --offline and `sdui serve`
/// ```
public struct ContractSuite: Sendable {
    public let directory: ContractDirectory
    public let config: ContractConfig
    public let contracts: [Contract]

    public init(directory: ContractDirectory, config: ContractConfig, contracts: [Contract]) {
        self.directory = directory
        self.config = config
        self.contracts = contracts
    }

    /// Loads `root`; every problem names its file and JSON path.
    public static func load(_ root: URL) throws(ContractFileError) -> ContractSuite {
        let directory = try ContractDirectory(root)
        guard let configBytes = try directory.read(ContractConfig.fileName) else {
            throw ContractFileError(file: root.appendingPathComponent(ContractConfig.fileName).path,
                                    "missing config file (create it with at least `{}`)")
        }
        let config = try ContractConfig.parse(configBytes, file: ContractConfig.fileName)
        var contracts: [Contract] = []
        for relative in directory.files(under: "contracts") {
            guard relative.hasSuffix(".json") else {
                throw ContractFileError(file: relative, "not a contract: contract files end in .json")
            }
            let name = String(relative.dropFirst("contracts/".count).dropLast(".json".count))
            guard name.split(separator: "/").allSatisfy({ ContractDirectory.isSafeSegment(String($0)) && !$0.contains("@") }) else {
                throw ContractFileError(file: relative, "contract names use letters, digits, '.', '_' and '-' (no '@', no leading '.')")
            }
            guard let bytes = try directory.read(relative) else { continue }
            contracts.append(try Contract.parse(bytes, name: name, file: relative))
        }
        return ContractSuite(directory: directory, config: config, contracts: contracts)
    }

    /// Every case, in name order.
    public var cases: [ContractCase] { contracts.flatMap(\.cases).sorted { $0.id < $1.id } }

    /// The cases matching any of `filters` (globs over `contract` or `contract@variant`; all when
    /// empty), then this machine's share of them.
    public func select(filters: [String], shard: Shard?) -> [ContractCase] {
        var selected = cases.filter { c in
            filters.isEmpty || filters.contains { Glob.matches($0, c.id) || Glob.matches($0, c.contract) }
        }
        if let shard {
            selected = selected.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        return selected
    }

    /// The clients every case is checked by: the config's, or the bundled decoder alone (nil).
    public var clientNames: [String?] { config.clients.isEmpty ? [nil] : config.clients.map(\.name) }

    /// `goldens/<case>.txt` for the bundled decoder alone, `goldens/<client>/<case>.txt` per named client.
    public func goldenPath(for c: ContractCase, client: String?) -> String {
        client.map { "goldens/\($0)/\(c.id).txt" } ?? c.goldenPath
    }

    /// Golden files no case uses (left over after a contract, variant or client was removed or renamed).
    public func obsoleteGoldens() -> [String] {
        let used = Set(cases.flatMap { c in clientNames.map { goldenPath(for: c, client: $0) } })
        return directory.files(under: "goldens").filter { !used.contains($0) }
    }

    /// The checks (case × client) matching `filters` and `clients` (globs; all when empty), then
    /// this machine's share of them: shards split cases × clients, keeping a case's clients together
    /// where the split allows so its response is fetched once.
    public func checks(filters: [String], clients: [String], shard: Shard?) -> [ContractCheck] {
        let names = clientNames.filter { name in
            clients.isEmpty || clients.contains { Glob.matches($0, name ?? ReferenceClient.defaultName) }
        }
        var pairs: [(ContractCase, String?)] = []
        for c in select(filters: filters, shard: nil) {
            for name in names { pairs.append((c, name)) }
        }
        if let shard {
            pairs = pairs.enumerated().filter { ($0.offset * shard.count) / max(1, pairs.count) == shard.index - 1 }.map(\.element)
        }
        var checks: [ContractCheck] = []
        for (c, name) in pairs {
            if checks.last?.contractCase.id == c.id { checks[checks.count - 1].clients.append(name) }
            else { checks.append(ContractCheck(contractCase: c, clients: [name])) }
        }
        return checks
    }
}

/// One case and the clients that check it (its response is fetched once for all of them).
public struct ContractCheck: Sendable, Hashable {
    public var contractCase: ContractCase
    /// Client names; nil is the bundled decoder when the config names no clients.
    public var clients: [String?]

    public init(contractCase: ContractCase, clients: [String?]) {
        self.contractCase = contractCase
        self.clients = clients
    }
}

/// `--shard i/n`: the i-th of n deterministic, balanced slices of the sorted cases (1-based).
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
        index = i
        count = n
    }

    public var description: String { "\(index)/\(count)" }
}

extension ContractSuite {
    /// Shell-style glob matching, as `--filter` and `--client` use it.
    public static func matches(glob: String, _ text: String) -> Bool { Glob.matches(glob, text) }
}

/// Shell-style globs: `*` any run of characters, `?` one character.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] { pi += 1; ti += 1 }
            else if pi < p.count, p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
