// Runs every printed reproduce line of a campaign report and checks each gives the signature
// triage gave (ReproduceLineCheck). For CI (scripts/fuzz-ci.sh, scripts/planted-bugs-ci.sh), on
// the reports of real campaigns. Not a product: a test fixture.
// Usage: ReproduceLinesProbe REPORT.json FOLDER [--generated] [--timeout SECONDS]
import Foundation
import SDUICampaign

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[0]) else {
    FileHandle.standardError.write(Data("usage: ReproduceLinesProbe REPORT.json FOLDER [--generated] [--timeout SECONDS]\n".utf8))
    exit(2)
}
let timeout = arguments.firstIndex(of: "--timeout").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 1
let report = try JSONDecoder().decode([TargetResult].self, from: data)
let check = ReproduceLineCheck(folder: arguments[1], generated: arguments.contains("--generated"), timeout: timeout)
let verdicts = try check.check(report)
for verdict in verdicts {
    let got = verdict.got.map { "\($0)" } ?? "no crash"
    print("\(verdict.agrees ? "same     " : "DIFFERENT") \(verdict.target): \(got) (triage: \(verdict.expected.map { "\($0)" }.joined(separator: ", "))) \(verdict.title)")
    if !verdict.agrees { print("  line: \(verdict.line)") }
}
let disagreeing = verdicts.filter { !$0.agrees }.count
print("\(verdicts.count) reproduce line(s) run: \(verdicts.count - disagreeing) gave triage's signature")
exit(verdicts.isEmpty || disagreeing > 0 ? 1 : 0)
