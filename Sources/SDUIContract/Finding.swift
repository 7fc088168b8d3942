import SDUIPlugIn

/// One classified difference between a golden rendering and the current one.
public struct Finding: Sendable, Hashable, Codable {
    public var rule: ContractRule
    /// The contract case (`home@ios`).
    public var contract: String
    /// The JSON path in the current response (or in the golden, for what was removed).
    public var path: String?
    public var message: String
    /// The golden side and the current side of the difference, when there are two.
    public var old: String?
    public var new: String?
    /// A stable 16-hex-digit identity: contract, rule, path and both sides. Put it in the config's
    /// `accept` list to acknowledge the difference.
    public var fingerprint: String
    /// The accept-list entry that acknowledged it, if any.
    public var acceptedBecause: AcceptEntry?

    public init(rule: ContractRule, contract: String, path: String?, message: String, old: String? = nil, new: String? = nil) {
        self.rule = rule
        self.contract = contract
        self.path = path
        self.message = message
        self.old = old
        self.new = new
        self.fingerprint = Fingerprint.of([contract, rule.id, path ?? "", old ?? "", new ?? ""])
    }

    public var isAccepted: Bool { acceptedBecause != nil }
}

/// FNV-1a 64 over the parts (with separators): stable across runs, machines and versions.
enum Fingerprint {
    static func of(_ parts: [String]) -> String { StableHash.hex(StableHash.fnv1a64(parts: parts)) }
}
