import Foundation
import SDUIDecoderSlice

/// The campaign report, as Markdown for people and JSON for machines.
public struct CampaignReport: Sendable {
    public var results: [TargetResult]
    public var options: CampaignOptions
    public var packageRoot: String
    /// The coverage report of the campaign's corpus, when it was asked for (`--coverage`).
    public var coverage: CoverageReport.Result?

    public init(results: [TargetResult], options: CampaignOptions, packageRoot: String) {
        self.results = results
        self.options = options
        self.packageRoot = packageRoot
    }

    public var markdown: String {
        var md = summaryMarkdown
        for r in results {
            md += Self.targetNotesMarkdown(r)
            for c in r.crashes { md += Self.crashMarkdown(c, target: r.target) }
        }
        md += Self.movesMarkdown(results)
        md += "\n## Coverage over time\n\n"
        for r in results { md += "![\(r.target): coverage and corpus size against time](plots/\(r.target).svg)\n\n" }
        md += coverageMarkdown
        md += "\n## Commands\n\n"
        for r in results { md += "- \(r.target):\n\n  ```sh\n  \(r.command)\n  ```\n" }
        // How a decoder plugged in where it lives was compiled: what was left out, stood in, and
        // which of the app's own samples seeded the campaign.
        if let appendix = options.reportAppendix { md += "\n" + appendix }
        return md
    }

    /// The heading, the budget and the table of targets, with the count of signatures.
    var summaryMarkdown: String {
        var md = "# Fuzz campaign report\n\n"
        md += "Date: \(ISO8601DateFormatter().string(from: Date()))  \n"
        md += "Budget: \(options.secondsPerTarget) s per target, \(options.jobs) parallel job(s) (`-fork`), "
        md += "`-max_len=\(options.maxLength)` `-timeout=\(options.timeout)` `-rss_limit_mb=\(options.rssLimitMB)`\n\n"
        md += "| target | time | exec/s | coverage (start → end) | corpus (start → end) | peak RSS | unique crashes |\n"
        md += "|---|---|---|---|---|---|---|\n"
        for r in results {
            md += "| \(r.target) | \(Int(r.seconds)) s | \(r.execsPerSecond.map(String.init) ?? "?") | "
            md += "\(r.coverageStart.map(String.init) ?? "?") → \(r.coverageEnd.map(String.init) ?? "?") of \(r.counters) | "
            md += "\(r.corpusStart) → \(r.corpusEnd) | \(r.peakRSSMB.map { "\($0) MB" } ?? "?") | \(r.crashes.count) |\n"
        }
        let total = results.reduce(0) { $0 + $1.crashes.count }
        md += "\n**\(total) unique crash signature(s).**\n"
        let excused = results.reduce(0) { $0 + $1.crashes.count - $1.failingCrashes.count }
        if excused > 0 {
            md += "\n\(excused) of them: timeout(s) labelled `instrumentation` (fast and linear without sanitizers): reported, not failed on.\n"
        }
        return md
    }

    /// A target's lines: triage and merge times, its signatures' table, what was kept but not counted.
    static func targetNotesMarkdown(_ r: TargetResult) -> String {
        var md = ""
        if let triage = r.triageSeconds, triage >= 1 {
            md += "\n\(r.target): triage replayed the artifacts in \(String(format: "%.0f", triage)) s.\n"
        }
        if let merged = r.merged { md += "\n\(r.target): \(merged) new input(s) merged into `Corpus/fuzz/\(r.target)/`.\n" }
        if let first = r.firstCrashSeconds { md += "\n\(r.target): first crash input after \(String(format: "%.1f", first)) s.\n" }
        if !r.crashes.isEmpty {
            md += "\n| \(r.target): signature | kind | found after | inputs | title |\n|---|---|---|---|---|\n"
            for c in r.crashes.sorted(by: { ($0.firstSeconds ?? .infinity) < ($1.firstSeconds ?? .infinity) }) {
                md += "| `\(c.signature)` | \(([c.kind] + (c.alsoKinds ?? [])).map(\.rawValue).joined(separator: ", ")) | \(c.firstSeconds.map { String(format: "%.1f s", $0) } ?? "?") | \(c.inputs.count) | "
                md += c.title.replacingOccurrences(of: "|", with: "\\|") + " |\n"
            }
        }
        if !r.untriaged.isEmpty {
            md += "\n\(r.target): \(r.untriaged.count) more artifact(s) kept but not replayed (triage replays the earliest \(Campaign.triageCap)).\n"
        }
        if !r.unconfirmed.isEmpty {
            md += "\n\(r.target): \(r.unconfirmed.count) input(s) kept during fuzzing did not crash when replayed in a fresh process; not counted as bugs: "
            md += r.unconfirmed.prefix(5).map { "`\($0)`" }.joined(separator: ", ") + (r.unconfirmed.count > 5 ? ", …" : "") + "\n"
        }
        if !r.slowInputs.isEmpty {
            md += "\n\(r.target): \(r.slowInputs.count) slow input(s) (decoded within the timeout, but slower than the harness's threshold; `slow-<ms>ms-*`, each with its slowest time; an input past the timeout is listed above as a timeout): "
            md += r.slowInputs.prefix(5).map { "`\($0)`" }.joined(separator: ", ") + (r.slowInputs.count > 5 ? ", …" : "") + "\n"
        }
        return md
    }

    /// One signature's section: what it is, where it was kept, how to reproduce it, its frames.
    static func crashMarkdown(_ c: TargetResult.Crash, target: String) -> String {
        var md = "\n## \(target): `\(c.signature)`\n\n"
        md += "- kind: \(([c.kind] + (c.alsoKinds ?? [])).map(\.rawValue).joined(separator: ", "))\n- title: \(c.title)\n"
        if let others = c.alsoSignedAs, !others.isEmpty {
            md += "- one site, also signed as: " + others.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        if let note = c.groupingNote { md += "- not joined to another site: \(note)\n" }
        if let check = c.timeoutCheck { md += Self.timeoutMarkdown(check) }
        if let sites = c.siteKeys, !sites.isEmpty {
            md += "- kept while fuzzing at engine site(s): " + sites.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        md += "- inputs (\(c.inputs.count)): " + c.inputs.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
        md += c.inputs.count > 5 ? ", …\n" : "\n"
        md += "- reproduce:\n\n  ```sh\n  \(c.reproduce)\n  ```\n\n"
        let shown = c.frames.filter { $0.isProject }.prefix(8)
        md += "Project frames:\n\n```\n"
        md += (shown.isEmpty ? c.frames.prefix(8) : shown[...]).map { "#\($0.index) \($0.function)  \($0.location)" }.joined(separator: "\n")
        md += "\n```\n"
        return md
    }

    /// Source coverage of the seeds and the corpus, when measured.
    var coverageMarkdown: String {
        var md = "## Coverage of the code\n\n"
        if let coverage {
            md += "Source coverage of what the seeds and this campaign's corpus reach (`-profile-generate -profile-coverage-mapping` replayers):\n\n"
            let campaign = options.output.hasPrefix("/") ? options.output : packageRoot + "/" + options.output
            md += CoverageReport.markdown(coverage, relativeTo: campaign + "/coverage").replacingOccurrences(of: "](html/", with: "](coverage/html/")
                .replacingOccurrences(of: "[html/", with: "[coverage/html/")
        } else {
            md += "Not measured in this run: rerun with `--coverage`, or run `scripts/coverage.sh --corpus <this folder>/corpus/<target>`.\n"
        }
        return md
    }

    /// A timeout's replay without sanitizers: the label, why, and the growth measured.
    static func timeoutMarkdown(_ check: TimeoutMeasurement) -> String {
        var md = "- without sanitizers: **\(check.label.rawValue)**: \(check.reason) (\(check.summary.drop { $0 != ":" }.dropFirst(2)))\n"
        if !check.scaling.isEmpty {
            md += "- growth (the document cut to smaller sizes, same shape; median seconds without sanitizers): "
            md += check.scaling.map { "\(TimeoutMeasurement.size($0.bytes)): \(TimeoutMeasurement.seconds($0.seconds))" }.joined(separator: ", ")
            md += check.exponent.map { String(format: "; smallest step's exponent %.2f", $0) } ?? "; too fast to measure"
            md += "\n"
        }
        return md
    }

    /// Per target, how each mutation move did: the mutations that used it, and the share of them
    /// whose input took code the job had not run before (``MutationMove``).
    static func movesMarkdown(_ results: [TargetResult]) -> String {
        var md = ""
        for r in results {
            if let ended = r.jobsEndedEarly, ended > 0 {
                md += "\n\(r.target): \(ended) fuzzing job(s) ended themselves early (skipped crashes leaked toward the memory limit); their executions are counted.\n"
            }
            if let hangs = r.hangsEndedEarly, hangs > 0 {
                md += "\n\(r.target): \(hangs) input(s) ended early inside a hang already reported (each would have run to the timeout and ended its job).\n"
            }
            guard let moves = r.mutationMoves, !moves.isEmpty else { continue }
            md += "\n## \(r.target): mutation moves\n\nMutations that used each move, and how many of their inputs reached new code (per job).\n\n"
            md += "| move | uses | new coverage | per 1,000 uses |\n|---|---|---|---|\n"
            for m in moves.sorted(by: { $0.uses > $1.uses }) {
                md += "| `\(m.move.rawValue)` | \(m.uses) | \(m.newCoverage) | \(m.uses > 0 ? String(format: "%.1f", 1000 * Double(m.newCoverage) / Double(m.uses)) : "–") |\n"
            }
        }
        return md
    }

    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(results)) ?? Data("[]".utf8)
    }

    /// The findings as CI formats lay them out (``CrashFindingFormat``); paths relative to
    /// `baseDirectory` (the repository `sdui` runs in: code scanning resolves paths from its root).
    public func findings(baseDirectory: String = CrashFinding.reportBase()) -> [CrashFinding] {
        results.flatMap { r in r.crashes.map { CrashFinding($0, target: r.target, packageRoot: packageRoot, baseDirectory: baseDirectory) } }
    }

    /// Writes `report.md`, `report.json` and `report.sarif` (SARIF 2.1.0) atomically.
    public func write(to directory: String) throws {
        try Data(markdown.utf8).write(to: URL(fileURLWithPath: directory + "/report.md"), options: .atomic)
        try json.write(to: URL(fileURLWithPath: directory + "/report.json"), options: .atomic)
        let base = CrashFinding.reportBase()
        try CrashFindingFormat.sarif(findings(baseDirectory: base), baseDirectory: base, documentation: HarnessCheckout.documentationURL)
            .write(to: URL(fileURLWithPath: directory + "/report.sarif"), options: .atomic)
    }
}
