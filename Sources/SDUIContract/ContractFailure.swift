/// Why one contract could not be checked: the run is not trustworthy for it (exit 2). The one
/// exception is a client's crash (`SDUI-B011`, breaking): the renderer reports it as a failure to
/// render, and the runner turns it into the check's breaking finding.
public struct ContractFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule: an error rule (severity ``Severity/error``), or ``ContractRule/clientCrashed``.
    public var rule: ContractRule
    /// What went wrong, naming the file, URL or JSON path involved.
    public var message: String
    /// More lines when there are some: a crash's stack, a build log's tail.
    public var detail: String?

    public init(_ rule: ContractRule, _ message: String, detail: String? = nil) {
        self.rule = rule
        self.message = message
        self.detail = detail.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var description: String { "\(rule.id) \(rule.name): \(message)" }
}

/// A contract file or the config file is malformed: names the file and the JSON path.
public struct ContractFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var path: String?
    public var message: String

    public init(file: String, path: String? = nil, _ message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        "\(file)\(path.map { " at \($0)" } ?? ""): \(message)"
    }
}
