import Foundation
import Testing
import TestSupport

/// Runs a probe executable (a process of its own for code that installs signal handlers or forks,
/// which has no place in the shared test runner) and expects each named check's `ok NAME` line and
/// a zero exit. A check missing or failed is reported by its own line (`FAIL NAME: WHY`).
func expectProbeChecks(_ product: String, _ checks: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let probe = TestPaths.productsDirectory.appendingPathComponent(product)
    let result = try run(probe, [])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    for check in checks {
        #expect(lines.contains("ok \(check)"), "\(lines.first { $0.hasSuffix(check) || $0.contains(check + ":") } ?? "not run: \(check)")",
                sourceLocation: sourceLocation)
    }
    #expect(result.status == 0, "\(result.stdout.suffix(1500))\n\(result.stderr.suffix(1500))", sourceLocation: sourceLocation)
}
