/// How much a difference matters to an installed app.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// The rendering differs but the client understands everything.
    case changed
    /// The client no longer understands something it did.
    case breaking
    /// The run could not be trusted: the response could not be fetched or read.
    case error

    private var rank: Int {
        switch self {
        case .changed: 0
        case .breaking: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One kind of difference (or failure) the gate reports: a stable ID, a name, a severity and a
/// line of documentation. IDs never change meaning; new rules get new IDs.
public struct ContractRule: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    public var severity: Severity
    public var summary: String
    /// Whether the rule can only fire when the decoder reports it (a warning or a placeholder in its
    /// rendering); the others work on any decoder, including one that throws or drops silently.
    public var needsDecoderHelp: Bool

    init(_ id: String, _ name: String, _ severity: Severity, _ summary: String, needsDecoderHelp: Bool = false) {
        self.id = id
        self.name = name
        self.severity = severity
        self.summary = summary
        self.needsDecoderHelp = needsDecoderHelp
    }
}

extension ContractRule {
    // Breaking: the client no longer understands something it did.
    public static let responseRejected = ContractRule("SDUI-B001", "response-rejected", .breaking,
        "The response decoded before and is now rejected as a whole (bad JSON, wrong root, unsupported version, …).")
    public static let componentUnsupported = ContractRule("SDUI-B002", "component-unsupported", .breaking,
        "A component is rendered as an `unsupported` placeholder: its type is unknown to the client.", needsDecoderHelp: true)
    public static let componentInvalid = ContractRule("SDUI-B003", "component-invalid", .breaking,
        "A component is rendered as an `invalid` placeholder: a required field is missing, mistyped or out of range.", needsDecoderHelp: true)
    public static let fieldDefault = ContractRule("SDUI-B004", "field-default", .breaking,
        "An optional field has an invalid value, so the client falls back to its default.", needsDecoderHelp: true)
    public static let buttonInert = ContractRule("SDUI-B005", "button-inert", .breaking,
        "A button's action is unknown or invalid: the button renders but does nothing.", needsDecoderHelp: true)
    public static let duplicateID = ContractRule("SDUI-B006", "duplicate-id", .breaking,
        "Two components now share an `id`.", needsDecoderHelp: true)
    public static let stackTooDeep = ContractRule("SDUI-B007", "stack-too-deep", .breaking,
        "A stack nests deeper than the client's depth limit and is replaced by a placeholder.", needsDecoderHelp: true)
    public static let componentNotShown = ContractRule("SDUI-B008", "component-not-shown", .breaking,
        "The response sends a component (an object with a discriminator such as `type` or `viewType`, where the client's other components sit) that the client neither renders nor shows as a placeholder: it is dropped silently.")
    public static let warningAdded = ContractRule("SDUI-B009", "warning-added", .breaking,
        "The client reports a warning it did not report for the golden (a code of its own, not one of protocol v1's).", needsDecoderHelp: true)
    public static let contentNotShown = ContractRule("SDUI-B010", "content-not-shown", .breaking,
        "A text, link or action target the golden showed is still sent by the response (at any path) but no longer shown: a renamed key, a kind the decoder no longer understands, an item whose decode error was swallowed.")
    public static let clientCrashed = ContractRule("SDUI-B011", "client-crashed", .breaking,
        "The client's decoder crashed (or hung) on the response, titled as in the fuzz report with its `File.swift:LINE`: every installed app of that version would too.")

    // Changed: the rendering differs but the client understands everything.
    public static let textChanged = ContractRule("SDUI-C001", "text-changed", .changed,
        "A user-visible string changed (text, title, subtitle, alt text, screen title).")
    public static let linkChanged = ContractRule("SDUI-C002", "link-changed", .changed,
        "A URL or navigation destination changed (image, icon, open_url, navigate).")
    public static let actionChanged = ContractRule("SDUI-C003", "action-changed", .changed,
        "A button's action changed kind (navigate, open_url, dismiss), still understood.")
    public static let styleChanged = ContractRule("SDUI-C004", "style-changed", .changed,
        "A valid style or layout value changed (style, axis, spacing, aspect ratio, height).")
    public static let componentAdded = ContractRule("SDUI-C005", "component-added", .changed,
        "A component the client understands was added.")
    public static let componentRemoved = ContractRule("SDUI-C006", "component-removed", .changed,
        "A component was removed.")
    public static let componentMoved = ContractRule("SDUI-C007", "component-moved", .changed,
        "A component moved to another position (reordered).")
    public static let componentReplaced = ContractRule("SDUI-C008", "component-replaced", .changed,
        "A component was replaced by one of another kind the client understands.")
    public static let idChanged = ContractRule("SDUI-C009", "id-changed", .changed,
        "A component's `id` changed, was added or was removed.")
    public static let screenChanged = ContractRule("SDUI-C010", "screen-changed", .changed,
        "The screen's name changed.")
    public static let warningResolved = ContractRule("SDUI-C011", "warning-resolved", .changed,
        "A warning or placeholder recorded in the golden no longer occurs.")
    public static let rejectionChanged = ContractRule("SDUI-C012", "rejection-changed", .changed,
        "The golden records a rejected response; the response is now rejected differently, or decodes.")

    // Errors: the run could not be trusted (exit 2); the gate fails closed.
    public static let unreachable = ContractRule("SDUI-E001", "server-unreachable", .error,
        "The server could not be reached (connection refused, DNS, TLS).")
    public static let timeout = ContractRule("SDUI-E002", "timeout", .error,
        "The response did not arrive completely within the per-request timeout.")
    public static let httpStatus = ContractRule("SDUI-E003", "http-status", .error,
        "The server answered with a status other than 2xx.")
    public static let badEncoding = ContractRule("SDUI-E004", "bad-encoding", .error,
        "The body cannot be decoded in its declared Content-Encoding, or the encoding is unsupported.")
    public static let oversized = ContractRule("SDUI-E005", "oversized-body", .error,
        "The body is larger than the configured maximum (`maxResponseBytes`).")
    public static let redirect = ContractRule("SDUI-E006", "redirect-refused", .error,
        "A redirect loops, goes on too long, or leads to a host that is not allowed.")
    public static let transport = ContractRule("SDUI-E007", "transport-error", .error,
        "The connection failed mid-response (truncated body, reset, malformed HTTP).")
    public static let contractInvalid = ContractRule("SDUI-E008", "contract-invalid", .error,
        "A contract or the config file is invalid, or refers to an unset environment variable.")
    public static let goldenMissing = ContractRule("SDUI-E009", "golden-missing", .error,
        "The contract has no golden rendering (run `sdui contract record` outside CI).")
    public static let responseMissing = ContractRule("SDUI-E010", "response-missing", .error,
        "An offline run found no recorded response for the contract.")
    public static let goldenUnreadable = ContractRule("SDUI-E011", "golden-unreadable", .error,
        "The golden rendering exists but cannot be read or parsed.")
    // SDUI-E012 (client-crashed, an error) is retired: a crash is the check's result, SDUI-B011.
    public static let clientUnavailable = ContractRule("SDUI-E013", "client-unavailable", .error,
        "The client could not be built or started, or answered something the gate cannot read.")

    /// Every rule, in ID order.
    public static let all: [ContractRule] = [
        responseRejected, componentUnsupported, componentInvalid, fieldDefault, buttonInert, duplicateID, stackTooDeep,
        componentNotShown, warningAdded, contentNotShown, clientCrashed, textChanged, linkChanged, actionChanged, styleChanged, componentAdded, componentRemoved, componentMoved,
        componentReplaced, idChanged, screenChanged, warningResolved, rejectionChanged,
        unreachable, timeout, httpStatus, badEncoding, oversized, redirect, transport, contractInvalid,
        goldenMissing, responseMissing, goldenUnreadable, clientUnavailable,
    ]

    /// The rule with this ID or name.
    public static func named(_ idOrName: String) -> ContractRule? {
        all.first { $0.id == idOrName || $0.name == idOrName }
    }
}
