import SDUIJSON

/// `Contracts/sdui-contracts.json`: how to reach the server and how to compare.
public struct ContractConfig: Sendable {
    /// The server to check, e.g. `https://api.example.com` (overridden by `--base-url` or `SDUI_BASE_URL`).
    public var baseURL: String?
    /// Headers sent with every request; values may reference environment variables (`${API_TOKEN}`).
    public var headers: [(String, String)] = [("Accept-Encoding", "gzip, deflate")]
    /// Per-request timeout, covering connect, response head and the whole body.
    public var timeoutSeconds: Double = 10
    /// Requests in flight at once; 0 means the number of cores.
    public var concurrency: Int = 0
    /// Responses larger than this (as received, before decompression) are refused.
    public var maxResponseBytes: Int = 4 << 20
    /// How many redirects to follow (same host only, unless in ``allowRedirectHosts``).
    public var maxRedirects: Int = 5
    /// Hosts redirects may lead to besides the base URL's own.
    public var allowRedirectHosts: [String] = []
    /// Volatile values replaced by numbered placeholders before rendering.
    public var redactions: [RedactionRule] = []
    /// Acknowledged differences that no longer fail the gate.
    public var accept: [AcceptEntry] = []
    /// The app versions to check, each against its own goldens; none: the bundled decoder alone.
    public var clients: [ClientConfig] = []
    /// Discriminator keys of the server's components (`viewType`); none: the built-in rule
    /// (`type`, `kind`, any key ending in `type` or `kind`, …).
    public var discriminators: [String] = []

    public init() {}

    public static let fileName = "sdui-contracts.json"

    static let knownKeys: Set<String> = [
        "baseURL", "headers", "timeoutSeconds", "concurrency", "maxResponseBytes", "maxRedirects",
        "allowRedirectHosts", "redactions", "accept", "description", "clients", "discriminators",
    ]

    /// Parses the config file (`file` names it in errors).
    public static func parse(_ bytes: [UInt8], file: String) throws(ContractFileError) -> ContractConfig {
        let fields = try JSONFields.parse(bytes, file: file)
        try fields.rejectUnknownKeys(knownKeys)
        var config = ContractConfig()
        config.baseURL = try fields.string("baseURL")
        if fields.value("headers") != nil { config.headers = try fields.stringMap("headers") }
        if let t = try fields.number("timeoutSeconds") {
            guard t > 0, t <= 3600 else { throw ContractFileError(file: file, path: fields.at("timeoutSeconds"), "expected 0 < timeoutSeconds <= 3600") }
            config.timeoutSeconds = t
        }
        config.concurrency = try fields.integer("concurrency", in: 0...1024) ?? 0
        config.maxResponseBytes = try fields.integer("maxResponseBytes", in: 1...(1 << 30)) ?? config.maxResponseBytes
        config.maxRedirects = try fields.integer("maxRedirects", in: 0...20) ?? config.maxRedirects
        config.allowRedirectHosts = try fields.stringArray("allowRedirectHosts").map { $0.lowercased() }
        for (item, itemPath) in try fields.array("redactions") {
            config.redactions.append(try RedactionRule.parse(try JSONFields(item, path: itemPath, file: file)))
        }
        for (item, itemPath) in try fields.array("accept") {
            let entry = try JSONFields(item, path: itemPath, file: file)
            try entry.rejectUnknownKeys(["fingerprint", "reason", "contract", "rule"])
            let fingerprint = try entry.requiredString("fingerprint")
            guard fingerprint.count == 16, fingerprint.allSatisfy(\.isHexDigit) else {
                throw ContractFileError(file: file, path: entry.at("fingerprint"), "expected the 16-hex-digit fingerprint the report prints")
            }
            config.accept.append(AcceptEntry(fingerprint: fingerprint.lowercased(), reason: try entry.string("reason"),
                                             contract: try entry.string("contract"), rule: try entry.string("rule")))
        }
        var names = Set<String>()
        for (item, itemPath) in try fields.array("clients") {
            let client = try JSONFields(item, path: itemPath, file: file)
            try client.rejectUnknownKeys(["name", "product", "command", "share", "description", "decode", "type", "sources", "module", "packagePath", "revision"])
            let name = try client.requiredString("name")
            guard ContractDirectory.isSafeSegment(name), !name.contains("@"), !name.contains(":") else {
                throw ContractFileError(file: file, path: client.at("name"),
                                        "client names use letters, digits, '.', '_' and '-' and do not start with '.'")
            }
            guard names.insert(name).inserted else {
                throw ContractFileError(file: file, path: client.at("name"), "duplicate client \(JSONPath.quoted(name))")
            }
            let product = try client.string("product"), command = try client.string("command")
            guard product == nil || command == nil else {
                throw ContractFileError(file: file, path: client.at("command"), "give a \"product\" or a \"command\", not both")
            }
            var share: Double?
            if let s = try client.number("share") {
                guard s >= 0, s <= 100 else { throw ContractFileError(file: file, path: client.at("share"), "expected a percentage, 0 to 100") }
                share = s
            }
            var entry = ClientConfig(name: name, product: product, command: command, share: share)
            entry.plugged = try PluggedClient.parse(client, file: file, exclusiveWith: product != nil ? "product" : command != nil ? "command" : nil)
            config.clients.append(entry)
        }
        config.discriminators = try fields.stringArray("discriminators")
        return config
    }
}

/// One app version the gate checks: the product that renders for it (built from `--package-path`),
/// a command, or (neither) the bundled reference decoder.
public struct ClientConfig: Sendable, Hashable, Codable {
    /// `ios-5.2`: names its goldens folder (`goldens/ios-5.2/`) and its column in the report.
    public var name: String
    /// An executable product of the package at `--package-path` whose main is `FuzzReplay.main(harness)`.
    public var product: String?
    /// Or a command line (run through `/bin/sh -c`) speaking the same protocol.
    public var command: String?
    /// Its share of users, in percent (shown in the report: "breaking for ios-5.2 (18 % of users)").
    public var share: Double?
    /// Or the decoder where it lives: how the app calls it and where its code is (no product).
    public var plugged: PluggedClient?

    public init(name: String, product: String? = nil, command: String? = nil, share: Double? = nil, plugged: PluggedClient? = nil) {
        self.name = name
        self.product = product
        self.command = command
        self.share = share
        self.plugged = plugged
    }

    /// Whether it is the bundled reference decoder.
    public var isReference: Bool { product == nil && command == nil && plugged == nil }
}

/// An app version's decoder named as the fuzzer names it, with no product or target file: the
/// decode expression (or a `Decodable` type) and the folders of its sources, optionally as they
/// were at a git revision of the app's repository (a release tag), so five supported versions are
/// five lines of config, not five copies of old code.
public struct PluggedClient: Sendable, Hashable, Codable {
    /// Swift over `data: Data`, as the app decodes a screen.
    public var decode: String?
    /// Or a `Decodable` type, decoded with `JSONDecoder`.
    public var type: String?
    /// Folders of the decoder's sources, relative to the contracts folder (or absolute); empty
    /// when the decoder is a ``module`` of the package at ``packagePath``.
    public var sources: [String]
    /// The module the code is in (default: the first folder's name); without ``sources``, a module
    /// of the package at ``packagePath``, whose sources (and its local dependencies') are used, as
    /// `sdui fuzz run --module NAME --package-path DIR` takes it.
    public var module: String?
    /// The package holding ``module``, relative to the contracts folder (or absolute).
    public var packagePath: String?
    /// A git revision (tag, branch, commit) the sources are read at, from the repository that
    /// holds them; the work tree is not touched.
    public var revision: String?

    public init(decode: String? = nil, type: String? = nil, sources: [String], module: String? = nil, revision: String? = nil,
                packagePath: String? = nil) {
        self.decode = decode
        self.type = type
        self.sources = sources
        self.module = module
        self.revision = revision
        self.packagePath = packagePath
    }

    static func parse(_ client: JSONFields, file: String, exclusiveWith other: String?) throws(ContractFileError) -> PluggedClient? {
        let decode = try client.string("decode"), type = try client.string("type")
        let sources = try client.stringArray("sources"), module = try client.string("module"), revision = try client.string("revision")
        let packagePath = try client.string("packagePath")
        guard decode != nil || type != nil || !sources.isEmpty || module != nil || revision != nil || packagePath != nil else { return nil }
        if let other {
            throw ContractFileError(file: file, path: client.at(decode != nil ? "decode" : type != nil ? "type" : "sources"),
                                    "give a \"\(other)\" or a decoder where it lives (\"decode\"/\"type\" with \"sources\"), not both")
        }
        guard (decode == nil) != (type == nil) else {
            throw ContractFileError(file: file, path: client.at(decode != nil ? "type" : "decode"),
                                    "say how the app decodes a screen: \"decode\": \"try MyScreen.parse(data)\" or \"type\": \"MyScreen\", one of them")
        }
        if packagePath != nil, !sources.isEmpty {
            throw ContractFileError(file: file, path: client.at("packagePath"),
                                    "give \"sources\" (folders) or \"module\" with \"packagePath\" (a module of a package), not both")
        }
        if packagePath != nil, module == nil {
            throw ContractFileError(file: file, path: client.at("module"),
                                    "say which module of the package at \"packagePath\" holds the decoder: \"module\": \"MyFeature\"")
        }
        guard !sources.isEmpty || packagePath != nil else {
            throw ContractFileError(file: file, path: client.at("sources"),
                                    "say where the decoder's code is: \"sources\": [\"../MyApp/Models\"] (folders, relative to this file's folder), "
                                    + "or \"module\": \"MyFeature\" with \"packagePath\": \"../MyPackage\"")
        }
        return PluggedClient(decode: decode, type: type, sources: sources, module: module, revision: revision, packagePath: packagePath)
    }
}

/// An acknowledged difference: a finding with this fingerprint no longer fails the gate.
public struct AcceptEntry: Sendable, Hashable, Codable {
    public var fingerprint: String
    /// Why it is acceptable (for the reviewer; shown in reports).
    public var reason: String?
    /// Informational: the contract and rule the entry was written for.
    public var contract: String?
    public var rule: String?

    public init(fingerprint: String, reason: String? = nil, contract: String? = nil, rule: String? = nil) {
        self.fingerprint = fingerprint
        self.reason = reason
        self.contract = contract
        self.rule = rule
    }
}
