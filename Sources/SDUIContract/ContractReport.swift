import SDUIJSON
import SDUIPlugIn

/// Renders a run for people (text), programs (json), CI dashboards (JUnit XML), GitHub
/// Actions (workflow-command annotations, and a job summary with the matrix and the diffs) and
/// Xcode (`file:line: error:` lines its issue navigator reads). All formats carry the same facts.
public struct ContractReport: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, json, junit, github, xcode
    }

    public var run: ContractRun
    /// The contracts directory as the user named it (e.g. `Contracts`), for file references.
    public var directoryName: String
    public var mode: ContractRunner.Mode
    /// Show the diff and findings of passing cases too.
    public var verbose: Bool

    public init(run: ContractRun, directoryName: String, mode: ContractRunner.Mode = .check, verbose: Bool = false) {
        self.run = run
        self.directoryName = directoryName
        self.mode = mode
        self.verbose = verbose
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .text: text()
        case .json: json()
        case .junit: junit()
        case .github: github()
        case .xcode: xcode()
        }
    }

    private func file(_ r: CaseResult) -> String { "\(directoryName)/\(r.goldenPath)" }

    // MARK: - Text

    public func text() -> String {
        var out = ""
        for r in run.results where r.status != .pass || verbose || !r.findings.isEmpty {
            let mark = switch r.status {
            case .pass: "✓"
            case .recorded, .updated: "✎"
            case .changed: "~"
            case .breaking, .error: "✗"
            }
            out += "\(mark) \(r.id)  \(r.status.rawValue)  (\(file(r)))\n"
            if let failure = r.failure {
                out += "  \(failure.rule.id) \(failure.rule.name): \(failure.message)\n"
                if let detail = failure.detail {
                    out += detail.split(separator: "\n").prefix(12).map { "      " + $0 + "\n" }.joined()
                }
            }
            for f in r.findings {
                let accepted = f.acceptedBecause.map { " — accepted\($0.reason.map { ": \($0)" } ?? "")" } ?? ""
                out += "  \(f.rule.id) \(f.rule.name) [\(f.rule.severity.rawValue)] \(f.path ?? "$"): \(f.message)"
                out += "  fingerprint \(f.fingerprint)\(accepted)\n"
                if let old = f.old, let new = f.new, f.rule.severity == .breaking || old.count + new.count > 60 {
                    out += "      was: \(old)\n      now: \(new)\n"
                } else if f.old != nil || f.new != nil {
                    out += "      \(f.old ?? "—") → \(f.new ?? "—")\n"
                }
            }
            if let detail = r.crashDetail {
                out += detail.split(separator: "\n").prefix(12).map { "      " + $0 + "\n" }.joined()
            }
            if let schema = r.requirementsFile {
                // What a backend validating against the client's schema would have been told.
                out += r.requirements.isEmpty
                    ? "  the response meets \(directoryName)/\(schema): the break is one the schema cannot say\n"
                    : "  breaks what \(r.client ?? "the client") requires (\(directoryName)/\(schema)):\n"
                        + r.requirements.prefix(8).map { "      \($0)\n" }.joined()
                        + (r.requirements.count > 8 ? "      … \(r.requirements.count - 8) more\n" : "")
            }
            if let golden = r.golden, let current = r.rendering, golden != current, r.status != .recorded, r.status != .updated {
                out += UnifiedDiff.diff(golden, current, oldName: file(r), newName: "current rendering").split(separator: "\n")
                    .map { "    " + $0 + "\n" }.joined()
            }
            if r.status == .breaking || r.status == .changed {
                out += "  to accept the new rendering: sdui contract record --update --filter '\(r.contractCase.id)'"
                    + (r.client.map { " --client '\($0)'" } ?? "") + "\n"
            }
        }
        out += summaryTable()
        out += matrix()
        for g in run.obsoleteGoldens { out += "obsolete golden (no contract uses it): \(directoryName)/\(g)\n" }
        for e in run.staleAcceptEntries {
            out += "stale accept entry (matches nothing; remove it): \(e.fingerprint)\(e.contract.map { " (\($0))" } ?? "")\n"
        }
        out += summaryLine() + "\n"
        return out
    }

    /// A table of the cases that did not simply pass, by rule.
    func summaryTable() -> String {
        let rows = run.results.filter { $0.status != .pass }
        guard !rows.isEmpty else { return "" }
        let width = max(8, rows.map(\.id.count).max() ?? 0)
        var out = "\n" + "contract".padding(width) + "  status    findings\n"
        for r in rows {
            var counts: [String: Int] = [:]
            for f in r.findings where !f.isAccepted { counts[f.rule.id, default: 0] += 1 }
            if let failure = r.failure { counts[failure.rule.id, default: 0] += 1 }
            let accepted = r.findings.filter(\.isAccepted).count
            var cells = counts.sorted { $0.key < $1.key }.map { $0.value > 1 ? "\($0.key)×\($0.value)" : $0.key }
            if accepted > 0 { cells.append("\(accepted) accepted") }
            out += r.id.padding(width) + "  " + r.status.rawValue.padding(8) + "  " + cells.joined(separator: ", ") + "\n"
        }
        return out + "\n"
    }

    /// With named clients: case × client, and per case a plain verdict naming who it breaks for.
    func matrix() -> String {
        let clients = run.clients.map(\.name).filter { name in run.results.contains { $0.client == name } }
        guard !clients.isEmpty else { return "" }
        var cases: [String] = []
        var cells: [String: [String: CaseResult]] = [:]
        for r in run.results {
            if cells[r.contractCase.id] == nil { cases.append(r.contractCase.id) }
            cells[r.contractCase.id, default: [:]][r.client ?? ""] = r
        }
        let width = max(8, cases.map(\.count).max() ?? 0)
        let columns = clients.map { max(9, $0.count) }
        var out = "\n" + "case".padding(width)
        for (n, c) in clients.enumerated() { out += "  " + c.padding(columns[n]) }
        out += "\n"
        var verdicts: [String] = []
        for id in cases {
            out += id.padding(width)
            for (n, c) in clients.enumerated() { out += "  " + (cells[id]?[c]?.status.rawValue ?? "—").padding(columns[n]) }
            out += "\n"
            let statuses = clients.compactMap { c in cells[id]?[c].map { (c, $0.status) } }
            let differs: Set<CaseResult.Status> = [.changed, .breaking, .error]
            guard statuses.contains(where: { differs.contains($0.1) }) else { continue }
            let parts = statuses.filter { differs.contains($0.1) }.map { c, status in
                "\(status.rawValue) for \(c)" + (run.share(of: c).map { " (\(Self.percent($0)) of users)" } ?? "")
            }
            let passing = statuses.filter { !differs.contains($0.1) }.map(\.0)
            verdicts.append("\(id): " + parts.joined(separator: ", ") + (passing.isEmpty ? "" : "; passes for " + passing.joined(separator: ", ")))
        }
        if !verdicts.isEmpty { out += "\n" + verdicts.map { $0 + "\n" }.joined() }
        return out + "\n"
    }

    /// What the checks span: `16 cases of 12 contracts`, and `× 2 clients` when clients are named.
    func scope() -> String {
        let contracts = Set(run.results.map(\.contractCase.contract)).count
        let cases = Set(run.results.map(\.contractCase.id)).count
        let clients = Set(run.results.compactMap(\.client)).count
        var text = Self.counted(contracts, "contract")
        if cases != contracts { text = Self.counted(cases, "case") + " of " + text }
        if !run.clients.isEmpty { text += " × " + Self.counted(clients, "client") }
        return text
    }

    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func percent(_ share: Double) -> String {
        share == share.rounded() ? "\(Int(share)) %" : "\(String(format2: share)) %"
    }

    public func summaryLine() -> String {
        let total = run.results.count
        var parts = ["\(run.count(.pass)) passed"]
        if case .record = mode { parts += ["\(run.count(.recorded)) recorded", "\(run.count(.updated)) updated"] }
        parts += ["\(run.count(.changed)) changed", "\(run.count(.breaking)) breaking", "\(run.count(.error)) errors"]
        let accepted = run.results.flatMap(\.findings).filter(\.isAccepted).count
        if accepted > 0 { parts.append("\(accepted) accepted differences") }
        let verdict = switch run.exitCode {
        case 0: "PASS"
        case 1: "FAIL (\(run.failOn.rawValue) differences)"
        default: "ERROR (some contracts could not be checked)"
        }
        // Say what was counted: cases are contracts × variants, checks are cases × clients.
        return (run.clients.isEmpty ? scope() : Self.counted(total, "check") + " (" + scope() + ")") + ": " + parts.joined(separator: ", ")
            + " in \(String(format2: run.seconds)) s — \(verdict), exit \(run.exitCode)"
    }

    // MARK: - JSON

    public func json() -> String {
        func finding(_ f: Finding) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("rule", .string(f.rule.id)), ("name", .string(f.rule.name)), ("severity", .string(f.rule.severity.rawValue)),
                ("path", f.path.map(JSONValue.string) ?? .null), ("message", .string(f.message)),
                ("old", f.old.map(JSONValue.string) ?? .null), ("new", f.new.map(JSONValue.string) ?? .null),
                ("fingerprint", .string(f.fingerprint)), ("accepted", .bool(f.isAccepted)),
            ]
            if let reason = f.acceptedBecause?.reason { members.append(("acceptedReason", .string(reason))) }
            return .object(members.map { JSONMember($0.0, $0.1) })
        }
        let results: [JSONValue] = run.results.map { r in
            var members: [(String, JSONValue)] = [
                ("contract", .string(r.contractCase.contract)), ("variant", r.contractCase.variant.map(JSONValue.string) ?? .null),
                ("id", .string(r.id)), ("client", r.client.map(JSONValue.string) ?? .null),
                ("status", .string(r.status.rawValue)), ("golden", .string(file(r))),
                ("source", r.source.map(JSONValue.string) ?? .null), ("seconds", .number(r.seconds)),
                ("findings", .array(r.findings.map(finding))),
            ]
            if let failure = r.failure {
                members.append(("error", .object([JSONMember("rule", .string(failure.rule.id)), JSONMember("name", .string(failure.rule.name)),
                                                  JSONMember("message", .string(failure.message)),
                                                  JSONMember("detail", failure.detail.map(JSONValue.string) ?? .null)])))
            }
            if let detail = r.crashDetail { members.append(("crash", .object([JSONMember("stack", .string(detail))]))) }
            if let schema = r.requirementsFile {
                members.append(("requirements", .object([JSONMember("schema", .string(schema)),
                                                         JSONMember("violations", .array(r.requirements.map(JSONValue.string)))])))
            }
            if let golden = r.golden, let current = r.rendering, golden != current {
                members.append(("diff", .string(UnifiedDiff.diff(golden, current, oldName: file(r), newName: "current rendering"))))
            }
            return .object(members.map { JSONMember($0.0, $0.1) })
        }
        let root: JSONValue = .object([
            JSONMember("exitCode", .number(Double(run.exitCode))),
            JSONMember("failOn", .string(run.failOn.rawValue)),
            JSONMember("seconds", .number(run.seconds)),
            JSONMember("summary", .object([
                JSONMember("total", .number(Double(run.results.count))),
                JSONMember("passed", .number(Double(run.count(.pass)))),
                JSONMember("recorded", .number(Double(run.count(.recorded)))),
                JSONMember("updated", .number(Double(run.count(.updated)))),
                JSONMember("changed", .number(Double(run.count(.changed)))),
                JSONMember("breaking", .number(Double(run.count(.breaking)))),
                JSONMember("errors", .number(Double(run.count(.error)))),
            ])),
            JSONMember("clients", .array(run.clients.map { c in
                .object([JSONMember("name", .string(c.name)), JSONMember("share", c.share.map(JSONValue.number) ?? .null),
                         JSONMember("breaking", .number(Double(run.results.filter { $0.client == c.name && $0.status == .breaking }.count))),
                         JSONMember("changed", .number(Double(run.results.filter { $0.client == c.name && $0.status == .changed }.count))),
                         JSONMember("errors", .number(Double(run.results.filter { $0.client == c.name && $0.status == .error }.count)))])
            })),
            JSONMember("results", .array(results)),
            JSONMember("obsoleteGoldens", .array(run.obsoleteGoldens.map { .string("\(directoryName)/\($0)") })),
            JSONMember("staleAcceptEntries", .array(run.staleAcceptEntries.map { .string($0.fingerprint) })),
        ])
        return JSONSerializer.string(root, options: .init(pretty: true)) + "\n"
    }

    // MARK: - JUnit XML

    public func junit() -> String {
        let failures = run.results.filter { $0.status == .breaking || ($0.status == .changed && run.failOn == .changed) }.count
        let errors = run.count(.error)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"sdui-contracts\" tests=\"\(run.results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(String(format2: run.seconds))\">\n"
        out += "  <testsuite name=\"\(xml(directoryName))\" tests=\"\(run.results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(String(format2: run.seconds))\">\n"
        for r in run.results {
            out += "    <testcase classname=\"sdui.contracts.\(xml(r.contractCase.contract))\" name=\"\(xml(r.id))\" file=\"\(xml(file(r)))\" time=\"\(String(format2: r.seconds))\""
            let open = r.findings.filter { !$0.isAccepted }
            let failing = open.filter { $0.rule.severity >= run.failOn }
            if r.failure == nil, failing.isEmpty, open.isEmpty {
                out += "/>\n"
                continue
            }
            out += ">\n"
            if let failure = r.failure {
                out += "      <error type=\"\(failure.rule.id)\" message=\"\(xml(failure.rule.name + ": " + failure.message))\"/>\n"
            } else {
                let body = open.map { "\($0.rule.id) \($0.rule.name) \($0.path ?? "$"): \($0.message)" }.joined(separator: "\n")
                    + "\n\n" + UnifiedDiff.diff(r.golden ?? "", r.rendering ?? "", oldName: file(r), newName: "current rendering")
                if !failing.isEmpty {
                    let rules = Set(failing.map(\.rule.id)).sorted().joined(separator: ",")
                    out += "      <failure type=\"\(rules)\" message=\"\(xml("\(failing.count) \(run.failOn.rawValue)-or-worse difference(s): \(failing[0].rule.name) …"))\">\(xml(body))</failure>\n"
                } else {
                    out += "      <system-out>\(xml(body))</system-out>\n"
                }
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    private func xml(_ s: String) -> String { CIText.xml(s) }

    // MARK: - GitHub Actions

    /// `::error`/`::warning`/`::notice` workflow commands, one per finding or failure, on the golden file.
    public func github() -> String {
        var out = ""
        for r in run.results {
            if let failure = r.failure {
                out += "::error file=\(property(file(r))),title=\(property("\(failure.rule.id) \(failure.rule.name)"))::\(data("\(r.id): \(failure.message)"))\n"
            }
            for f in r.findings {
                let level = f.isAccepted ? "notice" : f.rule.severity >= run.failOn ? "error" : "warning"
                let line = lineNumber(of: f, in: r).map { ",line=\($0)" } ?? ""
                var message = "\(r.id) \(f.path ?? "$"): \(f.message)"
                if f.old != nil || f.new != nil { message += " (\(f.old ?? "—") → \(f.new ?? "—"))" }
                message += " [fingerprint \(f.fingerprint)]"
                out += "::\(level) file=\(property(file(r)))\(line),title=\(property("\(f.rule.id) \(f.rule.name)"))::\(data(message))\n"
            }
        }
        return out + summaryLine() + "\n"
    }

    /// The job summary (`$GITHUB_STEP_SUMMARY`, Markdown): the verdict, the case × client matrix
    /// and, per case that did not pass, its findings and the diff the annotations cannot hold.
    public func githubSummary() -> String {
        var md = "## sdui contract: \(summaryLine())\n"
        let matrix = matrix()
        if !matrix.isEmpty { md += "\n```\n" + matrix.trimmingCharacters(in: .newlines) + "\n```\n" }
        for r in run.results where r.status != .pass {
            md += "\n### \(r.status.rawValue): \(r.id)\n\n`\(file(r))`\n\n"
            if let failure = r.failure { md += "- **\(failure.rule.id) \(failure.rule.name)**: \(failure.message)\n" }
            for f in r.findings {
                md += "- **\(f.rule.id) \(f.rule.name)** [\(f.rule.severity.rawValue)] `\(f.path ?? "$")`: \(f.message)"
                md += (f.isAccepted ? " (accepted)" : "") + "\n"
            }
            if let golden = r.golden, let current = r.rendering, golden != current {
                md += "\n```diff\n" + UnifiedDiff.diff(golden, current, oldName: file(r), newName: "current rendering")
                    .trimmingCharacters(in: .newlines) + "\n```\n"
            }
        }
        return md
    }

    // MARK: - Xcode

    /// `path:line: error: message` per failure and finding (warnings below `failOn`, notes for
    /// accepted ones), the form Xcode's issue navigator and most editors jump from.
    public func xcode() -> String {
        var out = ""
        for r in run.results {
            if let failure = r.failure {
                out += "\(file(r)):1: error: \(r.id): \(failure.rule.id) \(failure.rule.name): \(oneLine(failure.message))\n"
            }
            for f in r.findings {
                let level = f.isAccepted ? "note" : f.rule.severity >= run.failOn ? "error" : "warning"
                var message = "\(r.id) \(f.path ?? "$"): \(f.rule.id) \(f.rule.name): \(oneLine(f.message))"
                if f.old != nil || f.new != nil { message += " (\(oneLine(f.old ?? "—")) → \(oneLine(f.new ?? "—")))" }
                out += "\(file(r)):\(lineNumber(of: f, in: r) ?? 1): \(level): \(message)\n"
            }
        }
        return out + summaryLine() + "\n"
    }

    private func oneLine(_ s: String) -> String { s.replacing("\n", with: " ") }

    /// The golden line a finding refers to (the old side), when it can be found.
    private func lineNumber(of f: Finding, in r: CaseResult) -> Int? {
        guard let golden = r.golden, let old = f.old else { return nil }
        let lines = UnifiedDiff.lines(golden)
        return lines.firstIndex { $0.hasSuffix(old) || $0.contains(old) }.map { $0 + 1 }
    }

    private func data(_ s: String) -> String { CIText.workflowData(s) }

    private func property(_ s: String) -> String { CIText.workflowProperty(s) }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    init(format2 value: Double) {
        let scaled = (value * 100).rounded()
        let whole = Int(scaled) / 100, frac = abs(Int(scaled) % 100)
        self = "\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}
