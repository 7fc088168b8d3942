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

// Hangs: a run inside a hang the campaign already met ends early, a new one is kept at the timeout.
// A loop in the program's own code, endless for a negative limit (the index never reaches it).
@inline(never) func spin(_ limit: Int) -> Int {
    var i = 1, x = 0
    while i != limit { x = x &* 31 &+ i; i = (i & 0xffff) &+ 1 }
    return x
}
/// A loop that spends most of its time in the runtime (formatting and freeing strings).
@inline(never) func spinInRuntime(_ limit: Int) -> Int {
    var i = 1, x = 0
    while i != limit { x = x &+ String(i).utf8.count; i = (i & 0xffff) &+ 1 }
    return x
}
@inline(never) func renderTicker(_ limit: Int, inRuntime: Bool) -> Int { inRuntime ? spinInRuntime(limit) : spin(limit) }
/// A decoder's recursion: the hang is reached at whatever depth the component sits.
@inline(never) func renderChild(_ depth: Int, _ limit: Int, inRuntime: Bool = false) -> Int {
    let x = depth == 0 ? renderTicker(limit, inRuntime: inRuntime) : renderChild(depth - 1, limit, inRuntime: inRuntime)
    return x &+ depth
}

func timed(_ input: String, _ body: @escaping () -> Void) -> (CrashSites.Outcome, Double) {
    let start = Date()
    let outcome = CrashSites.run(Array(input.utf8), body)
    return (outcome, Date().timeIntervalSince(start))
}

let limit = Int(nothing ?? "-1")!  // never reached: the loops are endless
// The timeout well above the check, so "left early" holds on a loaded machine too (a parallel test
// run once took 0.43 s to leave a hang inside the runtime at a safe point).
check(CrashSites.watchHangs(checkAfterMilliseconds: 20, keepAfterMilliseconds: 1_000), "the hang watch started")
check(timed("quick") { _ = renderChild(5, 1_000) }.0 == .completed, "a run that ends by itself completes")
let (newHang, newHangSeconds) = timed("hang") { _ = renderChild(5, limit) }
check(newHang == .keptNewHang, "a new hang is kept and left at the timeout", "\(newHang)")
check(newHangSeconds >= 1.0 && newHangSeconds < 4, "it is left soon after the timeout", "\(newHangSeconds) s")
let hangInputs = keptInputs().filter { $0.hasPrefix("timeout-") }
check(hangInputs.count == 1 && FuzzArtifact(path: hangInputs[0])?.kind == .timeout, "its input is kept as a timeout artifact", "\(keptInputs())")
let hangInput = hangInputs.first.flatMap { FileManager.default.contents(atPath: folder.appendingPathComponent("artifacts/" + $0).path) }
check(hangInput.map { String(decoding: $0, as: UTF8.self) } == "hang", "the kept input is the hanging one")
let fileLines = (try? String(contentsOf: folder.appendingPathComponent("sites"), encoding: .utf8))?.split(separator: "\n") ?? []
check(fileLines.filter { $0.hasPrefix("h") }.count == 1, "the shared file lists the hang", "\(fileLines)")
check(CrashIdentity.known(inFile: folder.appendingPathComponent("sites").path).count == 2, "crash-site readers pass the hang's line over")
let (again, againSeconds) = timed("hang again") { _ = renderChild(5, limit) }
check(again == .skippedKnownHang && againSeconds < 0.5, "a known hang is left early", "\(again) after \(againSeconds) s")
let (deeper, deeperSeconds) = timed("hang deeper") { _ = renderChild(9, limit) }
check(deeper == .skippedKnownHang && deeperSeconds < 0.5, "the known hang reached at another depth is left early too", "\(deeper) after \(deeperSeconds) s")
check(CrashSites.hangsSkipped == 2 && CrashSites.knownHangs == 1, "the skips are counted", "\(CrashSites.hangsSkipped) skipped, \(CrashSites.knownHangs) known")
check(keptInputs().filter { $0.hasPrefix("timeout-") } == hangInputs, "a skipped hang keeps nothing")
let (inRuntime, _) = timed("runtime hang") { _ = renderChild(5, limit, inRuntime: true) }
check(inRuntime == .keptNewHang, "a hang mostly inside the runtime is kept at a safe point", "\(inRuntime)")
let (inRuntimeAgain, inRuntimeSeconds) = timed("runtime hang again") { _ = renderChild(5, limit, inRuntime: true) }
check(inRuntimeAgain == .skippedKnownHang && inRuntimeSeconds < 0.7, "and left early the next time", "\(inRuntimeAgain) after \(inRuntimeSeconds) s")
check(timed("after") { _ = renderChild(5, 1_000) }.0 == .completed, "the process runs on after its hangs")
// Runs that began before the hang watch knew anything are unaffected by what the file holds for
// crashes; the crash sites still work after a hang.
check(CrashSites.run(Array("after hang".utf8)) { _ = unwrapSite(nothing) } == .skippedKnownSite, "known crash sites are still skipped")

exit(failures == 0 ? 0 : 1)
