import Foundation
import SDUICrashAnalysis
import SDUIFuzz
import SDUIPlatformProcesses

/// Runs a campaign report's printed reproduce lines as a person pastes them (bash, in the folder
/// the report's paths are relative to) and signs what each prints, to hold the report to its word:
/// the line must give the signature triage gave (or one triage joined to it, ``CrashGrouping``).
/// Only the outcome file is added (``FuzzHarnessConfiguration/outcomesVariable``), so a broken
/// invariant is told by its record, as in triage. A hang is stopped at the deadline triage uses.
public struct ReproduceLineCheck: Sendable {
    public struct Verdict: Sendable {
        public var target: String
        public var line: String
        public var expected: [CrashIdentity]
        public var got: CrashIdentity?
        public var title: String
        public var agrees: Bool { got.map(expected.contains) ?? false }
    }

    /// Where the lines are run (the package root the report's paths are relative to).
    public var folder: String
    /// The report's targets are generated packages (a decoder plugged in where it lives).
    public var generated: Bool
    /// The campaign's `--timeout`.
    public var timeout: Int

    public init(folder: String, generated: Bool, timeout: Int) {
        self.folder = folder
        self.generated = generated
        self.timeout = timeout
    }

    public func check(_ report: [TargetResult]) throws -> [Verdict] {
        var verdicts: [Verdict] = []
        for target in report {
            let triage = CrashTriage(packageRoot: folder, fuzzProduct: target.product, generated: generated)
            for crash in target.crashes {
                let expected = [crash.signature] + (crash.alsoSignedAs ?? [])
                // A hang is sampled where it spins: as triage does, a sample that misses the
                // decoder's code is taken again (up to three times).
                var analysis: CrashAnalysis?
                for _ in 0..<(crash.kind == .timeout ? 3 : 1) {
                    analysis = try run(crash.reproduce, triage: triage)
                    if let got = analysis?.signature, expected.contains(got) { break }
                }
                verdicts.append(Verdict(target: target.target, line: crash.reproduce, expected: expected,
                                        got: analysis?.signature, title: analysis?.title ?? ""))
            }
        }
        return verdicts
    }

    func run(_ line: String, triage: CrashTriage) throws -> CrashAnalysis {
        let outcomes = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-line-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: outcomes) }
        // bash runs a single command in its own process (no fork), so the deadline's signal
        // reaches the fuzz binary, as it does in triage.
        let out = try CrashTriage.runToDeadline("/bin/bash", ["-c", line], in: folder,
                                                environment: [FuzzHarnessConfiguration.outcomesVariable: outcomes], timeout: timeout)
        var text = out.stderr + out.stdout
        if out.timedOut { text = "==0== ERROR: libFuzzer: timeout after \(timeout) seconds\n" + text }
        return triage.analyse(output: text, exitStatus: out.status, records: FuzzOutcomeRecord.read(from: outcomes))
    }
}
