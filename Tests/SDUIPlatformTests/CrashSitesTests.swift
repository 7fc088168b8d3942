import Foundation
import Testing
import SDUIPlatform

/// Skipping crashes at known sites, in this process: a new site keeps its input and is remembered
/// in the shared file, a known one is skipped, and a crash inside a tracked access leaves nothing
/// behind that the next access would take for a conflict. (The campaign-level behaviour, on a
/// crash-dense decoder, is measured by Benchmarks/PlantedBugs and checked in CI.)
@Suite(.serialized) struct CrashSitesTests {
    // Distinct functions, never inlined: two sites.
    @inline(never) static func unwrapSite(_ value: String?) -> Int { value!.count }
    @inline(never) static func indexSite(_ values: [Int], _ i: Int) -> Int { values[i] }

    final class Counter { var value = 0 }

    /// Runs `body` about 256 KB further down the stack, so that what its frames leave behind stays
    /// intact while the test goes on at shallower depths.
    @inline(never) static func deep(_ levels: Int, _ body: () -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { pad in
            pad.initialize(repeating: 0)
            if levels == 0 { body() } else { deep(levels - 1, body) }
            _ = pad[0]
        }
    }
    @inline(never) static func bump(_ counter: inout Int, failing: Bool) {
        counter += 1
        if failing { _ = unwrapSite(nil) }
    }

    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crash-sites-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url.appendingPathComponent("artifacts"), withIntermediateDirectories: true)
        return url
    }()

    static let installed: Bool = CrashSites.install(knownSitesFile: folder.appendingPathComponent("sites").path,
                                                    artifactPrefix: folder.appendingPathComponent("artifacts").path + "/")

    static func keptInputs() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("artifacts").path)) ?? []).sorted()
    }

    @Test func newSitesAreKeptOnceAndKnownSitesSkipped() throws {
        try #require(Self.installed)
        let nothing = ProcessInfo.processInfo.environment["SDUI_TEST_NEVER_SET"]
        #expect(CrashSites.run(Array("fine".utf8)) { _ = nothing?.count } == .completed)

        #expect(CrashSites.run(Array("first".utf8)) { _ = Self.unwrapSite(nothing) } == .keptNewSite)
        let afterFirst = Self.keptInputs()
        #expect(afterFirst.count == 1)
        let kept = try Data(contentsOf: Self.folder.appendingPathComponent("artifacts/" + afterFirst[0]))
        #expect(String(decoding: kept, as: UTF8.self) == "first")

        // The same site again, with another input: skipped, nothing kept.
        let skippedBefore = CrashSites.skipped
        #expect(CrashSites.run(Array("again".utf8)) { _ = Self.unwrapSite(nothing) } == .skippedKnownSite)
        #expect(CrashSites.skipped == skippedBefore + 1)
        #expect(Self.keptInputs() == afterFirst)

        // Another site: kept too; the shared file lists both.
        #expect(CrashSites.run(Array("index".utf8)) { _ = Self.indexSite([1, 2], Int(nothing ?? "7")!) } == .keptNewSite)
        #expect(Self.keptInputs().count == 2)
        let lines = try String(contentsOf: Self.folder.appendingPathComponent("sites"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.count == 16 })
        #expect(CrashSites.known >= 2)
    }

    /// On Linux the runtime's accumulated fatal-error message is found (libswiftCore's symbol table)
    /// and emptied after each skip; elsewhere the handlers work without it.
    @Test func theRuntimesAccumulatedMessageIsFoundOnLinux() throws {
        try #require(Self.installed)
        #expect(CrashSites.resetsRuntimeMessage == (HostOS.current == .linux))
    }

    /// A crash inside an inout access to a class's property (tracked by Swift's exclusivity
    /// checking at run time) must not leave that access open: the next access would trap with
    /// "Simultaneous accesses".
    @Test func aCrashInsideATrackedAccessLeavesNothingOpen() throws {
        try #require(Self.installed)
        let counter = Counter()
        // The access record lives in a frame far down the stack, which nothing the test does next
        // reaches: a record left open stays readable, and the next access to the same property
        // finds it and traps ("Simultaneous accesses"), which the guarded run reports.
        let outcome = CrashSites.run(Array("access".utf8)) { Self.deep(256) { Self.bump(&counter.value, failing: true) } }
        #expect(outcome != .completed)
        #expect(CrashSites.run(Array("access".utf8)) { Self.bump(&counter.value, failing: false) } == .completed)
        #expect(counter.value == 2)
    }
}
