import Foundation
import SDUIFuzz
import SDUIPlatform

// The fork server (ForkServer, the fuzz engine's fork_server.c) exercised in a process of its own
// (ForkServerTests runs it): it forks, and a fork of the shared test runner, whose other threads may
// hold locks, has no place there. Prints `ok NAME` or `FAIL NAME: WHY` for each check, then exits 0
// when all passed, 1 otherwise. (Coverage coming back from the child needs a fuzz build: the
// campaign benchmarks and CI's fuzz step run one.)

@inline(never) func unwrapSite(_ value: String?) -> Int { value!.count }

nonisolated(unsafe) var failures = 0
func check(_ condition: Bool, _ name: String, _ detail: @autoclosure () -> String = "") {
    if condition { print("ok \(name)") } else { print("FAIL \(name): \(detail())"); failures += 1 }
}

let job = ProcessInfo.processInfo.processIdentifier
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fork-server-\(UUID().uuidString)")
try? FileManager.default.createDirectory(at: folder.appendingPathComponent("artifacts"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let nothing = ProcessInfo.processInfo.environment["SDUI_TEST_NEVER_SET"]
check(CrashSites.install(knownSitesFile: folder.appendingPathComponent("sites").path,
                         artifactPrefix: folder.appendingPathComponent("artifacts").path + "/"), "crash sites installed")

// What the body says of an input: the first byte picks what it does; the verdict is the child's pid
// (shifted, so the low byte stays free) or what the check needs.
let server = ForkServer(growthLimitBytes: 48 << 20, deadlineMilliseconds: 400) { bytes in
    let pid = ProcessInfo.processInfo.processIdentifier
    switch bytes.first {
    case 1: return Int32(bytes.count) << 8                                     // its size, as the child got it
    case 2: _exit(3)                                                           // the child dies
    case 3: return CrashSites.run(bytes) { _ = unwrapSite(nothing) }.rawValue   // a crash, armed
    case 4: return Int32(unwrapSite(nothing))                                  // a crash, not armed
    case 5: Thread.sleep(forTimeInterval: 10); return 0                        // silent past the deadline
    case 6:                                                                    // leaks 8 MB, touched
        let leak = UnsafeMutableRawPointer.allocate(byteCount: 8 << 20, alignment: 4096)
        memset(leak, 1, 8 << 20)
        return (pid << 8) | 1
    default: return pid << 8
    }
}

let started = ForkServer.children
let first = server.run([0])
check(first != nil && first! >> 8 != job, "the body runs in a child", "\(String(describing: first)) vs \(job)")
check(ForkServer.children == started + 1, "one child forked")
check(server.run([0]) == first, "the same child runs the next input")
var large = [UInt8](repeating: 7, count: 300_000)
large[0] = 1
check(server.run(large) == Int32(large.count) << 8, "an input larger than a socket's buffer reaches the child whole")
check(server.run([]) == first, "an empty input reaches the child")

let lost = ForkServer.lost
check(server.run([2]) == nil, "a child that dies during an input is reported")
check(ForkServer.lost == lost + 1, "the loss is counted")
let replacement = server.run([0])
check(replacement != nil && replacement != first && ForkServer.children == started + 2, "the next input forks a fresh child")

check(server.run([3, 1]).flatMap { CrashSites.Outcome(rawValue: $0) } == .keptNewSite, "a new crash site in the child keeps its input")
check(((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("artifacts").path)) ?? []).count == 1,
      "the child kept it in the campaign's artifacts")
check(server.run([3, 2]).flatMap { CrashSites.Outcome(rawValue: $0) } == .skippedKnownSite, "a known site is skipped in the child")
check(server.run([0]) == replacement, "the child fuzzes on after its skipped crashes")
check(server.run([4]) == nil && server.run([0]) != replacement, "a crash the child cannot skip ends the child, not the job")

let beforeSilence = Date()
check(server.run([5]) == nil, "a child silent past the deadline is reported")
let waited = Date().timeIntervalSince(beforeSilence)
check(waited < 3, "and killed soon after the deadline", "\(waited) s")

let beforeGrowth = ForkServer.children
var pids = Set<Int32>()
for _ in 0..<16 { if let verdict = server.run([6]) { pids.insert(verdict >> 8) } }
check(ForkServer.children >= beforeGrowth + 2 && pids.count >= 2, "a child that grew past its limit makes way for a fresh one",
      "\(ForkServer.children - beforeGrowth) children, \(pids.count) pids over 16 inputs leaking 8 MB against 48 MB")
check(!ForkServer.isChild, "the job is no child")
server.stop()
check(ForkServer.allowed(.always) && !ForkServer.allowed(.never) && ForkServer.allowed(.auto) == (HostOS.current == .linux),
      "auto forks on Linux only")
exit(failures == 0 ? 0 : 1)
