import Foundation
import SDUIFuzz
import SDUIPlugIn

/// What CI systems read, written from ``CrashFinding``s: SARIF 2.1.0 (GitHub code scanning and
/// other dashboards: a result per signature, located at the user's innermost frame), Xcode's
/// `path:line: error:` lines, JUnit XML (one test case per replayed input) and GitHub Actions
/// annotations with a job summary. Campaigns write `report.sarif`; `sdui fuzz regress --format`
/// prints any of them.
public enum CrashFindingFormat: String, Sendable, CaseIterable {
    case text, sarif, junit, xcode, github

    /// One replayed input of `sdui fuzz regress`: its finding when it crashes again.
    public struct Replay: Sendable, Hashable {
        public var input: String
        public var product: String
        public var finding: CrashFinding?
        public var seconds: Double
        public init(input: String, product: String, finding: CrashFinding?, seconds: Double) {
            self.input = input
            self.product = product
            self.finding = finding
            self.seconds = seconds
        }
    }

    // MARK: SARIF

    /// A SARIF 2.1.0 log with one run of `sdui`: a rule per crash kind, a result per signature.
    /// `partialFingerprints` carries the signature, so code scanning follows one bug across runs.
    /// Relative paths are relative to `baseDirectory` (`%SRCROOT%`, said in `originalUriBaseIds`:
    /// code scanning wants repository-relative URIs); each rule carries its help, and a `helpUri`
    /// into docs/rules.md when `documentation` (the harness's docs folder as a URL) is known.
    public static func sarif(_ findings: [CrashFinding], toolVersion: String = SDUIHarnessVersion.current,
                             baseDirectory: String? = nil, documentation: String? = nil) -> Data {
        let kinds = Array(Set(findings.map(\.kind.rawValue))).sorted()
        let rules = kinds.map { kind in
            SARIF.Rule(id: ruleID(kind), name: "Fuzz" + kind.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                       shortDescription: .init(text: ruleSummary(kind)), help: .init(text: ruleHelp(kind)),
                       helpUri: documentation.map { $0 + "/rules.md#" + ruleID(kind).replacingOccurrences(of: ".", with: "") })
        }
        let results = findings.map { f in
            var location: SARIF.Location?
            if let site = f.site {
                location = .init(physicalLocation: .init(artifactLocation: .init(uri: uri(site.path, relative: site.isRelative),
                                                                                  uriBaseId: site.isRelative ? "%SRCROOT%" : nil),
                                                         region: .init(startLine: site.line)))
            } else if let input = f.inputs.first {
                location = .init(physicalLocation: .init(artifactLocation: .init(uri: uri(input, relative: !input.hasPrefix("/")),
                                                                                  uriBaseId: input.hasPrefix("/") ? nil : "%SRCROOT%"),
                                                         region: nil))
            }
            var text = "\(f.title) [\(f.target)]"
            if let first = f.inputs.first { text += "\nInput: \(first)" + (f.inputs.count > 1 ? " (and \(f.inputs.count - 1) more)" : "") }
            if let reproduce = f.reproduce { text += "\nReproduce: \(reproduce)" }
            return SARIF.Result(ruleId: ruleID(f.kind.rawValue), ruleIndex: kinds.firstIndex(of: f.kind.rawValue) ?? 0, level: f.failsCampaign ? "error" : "note",
                                message: .init(text: text), locations: location.map { [$0] } ?? [],
                                partialFingerprints: ["sduiCrashSignature/v1": f.signature.description],
                                properties: .init(target: f.target, signature: f.signature, inputs: f.inputs))
        }
        let log = SARIF.Log(version: "2.1.0", schema: "https://json.schemastore.org/sarif-2.1.0.json",
                            runs: [.init(tool: .init(driver: .init(name: "sdui", version: toolVersion, semanticVersion: toolVersion,
                                                                   rules: rules)),
                                         results: results,
                                         originalUriBaseIds: baseDirectory.map { ["%SRCROOT%": .init(uri: uri(directory: $0))] })])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(log)) ?? Data()
    }

    static func ruleID(_ kind: String) -> String { "sdui.fuzz.\(kind)" }

    static func ruleSummary(_ kind: String) -> String {
        switch kind {
        case "crash": "The decoder crashes on a server response (a trap: force unwrap, failed cast, out-of-range index, fatalError)."
        case "timeout": "The decoder hangs on a server response (past the fuzzing timeout)."
        case "oom": "The decoder's memory grows past the limit on a server response."
        case "sanitizer": "AddressSanitizer found memory misuse while decoding a server response."
        case "leak": "Memory the decoder allocated for a response is never freed."
        default: "The decoder fails on a server response (\(kind))."
        }
    }

    /// What to do about a finding of this kind: the rule's help in code scanning.
    static func ruleHelp(_ kind: String) -> String {
        switch kind {
        case "crash": "A server response makes the app's decoder trap, so every installed app that receives it crashes. The result is at the decoder's own line; its message has the input and the command that reproduces it (sdui repro INPUT explains it, minimizes it and keeps it as a regression). Fix the line to throw or fall back instead of trapping."
        case "timeout": "Decoding one response took longer than the fuzzing timeout (1 s by default): a screen that freezes. The result is at the function the decoder spun in; replay the input with sdui repro to see whether it is a loop, deep recursion or a slowdown that grows with the input."
        case "oom": "Decoding one response made memory grow past the limit: usually an allocation sized by a number in the payload. The result is at the allocating frame; cap the size before allocating."
        case "sanitizer": "AddressSanitizer saw memory misuse while decoding (a stack overflow from unbounded recursion, a use after free in unsafe code). Bound the recursion depth, or fix the unsafe code the stack names."
        case "leak": "Memory allocated while decoding a response is never freed: over many screens the app's memory grows."
        default: "The decoder fails on a server response (\(kind)); the result's message has the input and the command that reproduces it."
        }
    }

    /// A folder as a `file://` URI ending in `/` (a base URI for relative ones).
    static func uri(directory: String) -> String {
        let path = directory.hasSuffix("/") ? directory : directory + "/"
        return uri(path, relative: false)
    }

    /// A relative path as a URI reference (each segment percent-encoded), an absolute one as `file://`.
    static func uri(_ path: String, relative: Bool) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ":"))
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }.joined(separator: "/")
        return relative ? encoded : "file://" + encoded
    }

    // MARK: Xcode

    /// `path:line: error: title` per finding (Xcode's issue navigator, editors, most CI log parsers).
    public static func xcode(_ findings: [CrashFinding]) -> String {
        findings.map { f in
            let place = f.site.map { "\($0.path):\($0.line)" } ?? (f.inputs.first.map { "\($0):1" } ?? "sdui:1")
            return "\(place): \(f.failsCampaign ? "error" : "warning"): \(oneLine(f.title)) [\(f.target), signature \(f.signature)]\n"
        }.joined()
    }

    // MARK: GitHub Actions

    /// `::error` annotations, one per finding, on the user's line.
    public static func githubAnnotations(_ findings: [CrashFinding]) -> String {
        findings.map { f in
            var properties = ""
            if let site = f.site { properties = "file=\(property(site.path)),line=\(site.line)," }
            properties += "title=\(property("sdui \(f.kind.rawValue) [\(f.target)]"))"
            let message = f.title + (f.inputs.first.map { " (input \($0))" } ?? "") + (f.reproduce.map { "\nReproduce: \($0)" } ?? "")
            return "::\(f.failsCampaign ? "error" : "notice") \(properties)::\(data(message))\n"
        }.joined()
    }

    /// The job summary (`$GITHUB_STEP_SUMMARY`): a table of the findings and how to reproduce each.
    public static func githubSummary(title: String, verdict: String, _ findings: [CrashFinding]) -> String {
        var md = "## \(title): \(verdict)\n"
        guard !findings.isEmpty else { return md }
        md += "\n| target | kind | where | title |\n|---|---|---|---|\n"
        for f in findings {
            let place = f.site.map { "`\($0.path):\($0.line)`" } ?? "—"
            md += "| \(f.target) | \(f.kind.rawValue) | \(place) | \(f.title.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        for f in findings {
            guard let reproduce = f.reproduce else { continue }
            md += "\n<details><summary><code>\(f.signature)</code>: reproduce</summary>\n\n```sh\n\(reproduce)\n```\n</details>\n"
        }
        return md
    }

    // MARK: JUnit

    /// One test case per replayed input: a failure when it crashes again.
    public static func junit(_ replays: [Replay], suite: String) -> String {
        let failures = replays.filter { $0.finding != nil }.count
        let total = replays.reduce(0) { $0 + $1.seconds }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(xml(suite))\" tests=\"\(replays.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(seconds(total))\">\n"
        out += "  <testsuite name=\"\(xml(suite))\" tests=\"\(replays.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(seconds(total))\">\n"
        for r in replays {
            out += "    <testcase classname=\"sdui.regress.\(xml(r.product))\" name=\"\(xml(r.input))\" time=\"\(seconds(r.seconds))\""
            guard let f = r.finding else { out += "/>\n"; continue }
            if let site = f.site { out += " file=\"\(xml(site.path))\" line=\"\(site.line)\"" }
            let body = [f.title, f.reproduce.map { "Reproduce: \($0)" }].compactMap { $0 }.joined(separator: "\n")
            out += ">\n      <failure type=\"\(xml(f.kind.rawValue))\" message=\"\(xml(oneLine(f.title)))\">\(xml(body))</failure>\n    </testcase>\n"
        }
        return out + "  </testsuite>\n</testsuites>\n"
    }

    // MARK: Escaping

    static func oneLine(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: " ") }
    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }
    static func data(_ s: String) -> String { CIText.workflowData(s) }
    static func property(_ s: String) -> String { CIText.workflowProperty(s) }
    static func xml(_ s: String) -> String { CIText.xml(s) }
}

/// The part of SARIF 2.1.0 the harness writes (names as the standard spells them).
enum SARIF {
    struct Log: Encodable {
        var version: String
        var schema: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var originalUriBaseIds: [String: ArtifactLocationBase]?
    }
    struct ArtifactLocationBase: Encodable { var uri: String }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }
    struct Rule: Encodable { var id: String; var name: String; var shortDescription: Text; var help: Text; var helpUri: String? }
    struct Text: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
        var properties: Properties
    }
    struct Properties: Encodable { var target: String; var signature: CrashIdentity; var inputs: [String] }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation; var region: Region? }
    struct ArtifactLocation: Encodable { var uri: String; var uriBaseId: String? }
    struct Region: Encodable { var startLine: Int }
}
