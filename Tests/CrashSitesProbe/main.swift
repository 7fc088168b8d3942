import Foundation
import SDUIFuzz
import SDUIPlatform

// Skipping crashes at known sites exercised in a process of its own (CrashSitesTests runs it):
// the handlers it installs catch SIGILL, SIGTRAP and SIGABRT and jump out of the crashed code,
// which has no place inside the shared test runner. Prints `ok NAME` or `FAIL NAME: WHY` for each
// check, then exits 0 when all passed, 1 otherwise.

// Distinct functions, never inlined: two sites.
@inline(never) func unwrapSite(_ value: String?) -> Int { value!.count }
@inline(never) func indexSite(_ values: [Int], _ i: Int) -> Int { values[i] }

final class Counter { var value = 0 }

/// Runs `body` about 256 KB further down the stack, so that what its frames leave behind stays
/// intact while the probe goes on at shallower depths.
@inline(never) func deep(_ levels: Int, _ body: () -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { pad in
        pad.initialize(repeating: 0)
        if levels == 0 { body() } else { deep(levels - 1, body) }
        _ = pad[0]
    }
}

@inline(never) func bump(_ counter: inout Int, failing: Bool) {
    counter += 1
    if failing { _ = unwrapSite(nil) }
}

nonisolated(unsafe) var failures = 0
func check(_ condition: Bool, _ name: String, _ detail: @autoclosure () -> String = "") {
    if condition { print("ok \(name)") } else { print("FAIL \(name): \(detail())"); failures += 1 }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-sites-\(UUID().uuidString)")
try? FileManager.default.createDirectory(at: folder.appendingPathComponent("artifacts"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
func keptInputs() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("artifacts").path)) ?? []).sorted()
}

let installed = CrashSites.install(knownSitesFile: folder.appendingPathComponent("sites").path,
                                   artifactPrefix: folder.appendingPathComponent("artifacts").path + "/")
check(installed, "installed")
let nothing = ProcessInfo.processInfo.environment["SDUI_TEST_NEVER_SET"]

// New sites are kept once, known sites skipped.
check(CrashSites.run(Array("fine".utf8)) { _ = nothing?.count } == .completed, "a run that does not crash completes")
check(CrashSites.run(Array("first".utf8)) { _ = unwrapSite(nothing) } == .keptNewSite, "a new site keeps its input")
let afterFirst = keptInputs()
check(afterFirst.count == 1, "one input kept", "\(afterFirst)")
let kept = afterFirst.first.flatMap { FileManager.default.contents(atPath: folder.appendingPathComponent("artifacts/" + $0).path) }
check(kept.map { String(decoding: $0, as: UTF8.self) } == "first", "the kept input is the crashing one")
let skippedBefore = CrashSites.skipped
check(CrashSites.run(Array("again".utf8)) { _ = unwrapSite(nothing) } == .skippedKnownSite, "a known site is skipped")
check(CrashSites.skipped == skippedBefore + 1, "the skip is counted")
check(keptInputs() == afterFirst, "a skip keeps nothing")
check(CrashSites.run(Array("index".utf8)) { _ = indexSite([1, 2], Int(nothing ?? "7")!) } == .keptNewSite, "another site is kept too")
check(keptInputs().count == 2, "two inputs kept")
let lines = (try? String(contentsOf: folder.appendingPathComponent("sites"), encoding: .utf8))?.split(separator: "\n") ?? []
check(lines.count == 2 && lines.allSatisfy { $0.count == 16 }, "the shared file lists both sites", "\(lines)")
check(CrashSites.known >= 2, "both sites known")
// One identity: the skip list's lines are the keys the kept inputs are named by.
let listed = CrashIdentity.known(inFile: folder.appendingPathComponent("sites").path)
let named = keptInputs().compactMap { FuzzArtifact(path: $0)?.site }
check(listed.count == 2 && Set(listed) == Set(named), "the kept inputs are named by the keys the shared file lists", "\(listed) \(named)")

// On Linux the runtime's accumulated fatal-error message is found (libswiftCore's symbol table)
// and emptied after each skip; elsewhere the handlers work without it.
check(CrashSites.resetsRuntimeMessage == (HostOS.current == .linux), "the runtime's message is reset on Linux")

// A crash inside an inout access to a class's property (tracked by Swift's exclusivity checking at
// run time) must not leave that access open: the next access would trap ("Simultaneous accesses").
let counter = Counter()
let outcome = CrashSites.run(Array("access".utf8)) { deep(256) { bump(&counter.value, failing: true) } }
check(outcome != .completed, "a crash inside a tracked access is caught")
check(CrashSites.run(Array("access".utf8)) { bump(&counter.value, failing: false) } == .completed, "the next access runs")
check(counter.value == 2, "both accesses happened", "\(counter.value)")

exit(failures == 0 ? 0 : 1)
