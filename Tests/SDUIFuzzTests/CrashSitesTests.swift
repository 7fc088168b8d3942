import Foundation
import Testing
import TestSupport
import SDUIFuzz

/// Skipping crashes at known sites (`CrashSites`, the fuzz engine's `crash_sites.c`): a new site
/// keeps its input and is remembered in the shared file, a known one is skipped, the runtime's
/// accumulated message is reset, and a crash inside a tracked access leaves nothing behind that the
/// next access would take for a conflict. Hangs likewise (`hang_watch.c`): a new one is kept at the
/// timeout and the run left, a known one (at any depth, even one mostly inside the runtime) left early. Run in a process of its own (`CrashSitesProbe`): its
/// handlers catch traps and jump out of the crashed code, which has no place in the shared test
/// runner. (The campaign-level behaviour, on crash-dense decoders, is measured by
/// Benchmarks/PlantedBugs and checked in CI.)
@Suite struct CrashSitesTests {
    static let checks = [
        "installed", "a run that does not crash completes", "a new site keeps its input", "one input kept",
        "the kept input is the crashing one", "a known site is skipped", "the skip is counted", "a skip keeps nothing",
        "another site is kept too", "two inputs kept", "the shared file lists both sites", "both sites known",
        "the kept inputs are named by the keys the shared file lists",
        "the runtime's message is reset on Linux", "a crash inside a tracked access is caught", "the next access runs",
        "both accesses happened",
        "the hang watch started", "a run that ends by itself completes", "a new hang is kept and left at the timeout",
        "it is left soon after the timeout", "its input is kept as a timeout artifact", "the kept input is the hanging one",
        "the shared file lists the hang", "crash-site readers pass the hang's line over", "a known hang is left early",
        "the known hang reached at another depth is left early too", "the skips are counted", "a skipped hang keeps nothing",
        "a hang mostly inside the runtime is kept at a safe point", "and left early the next time",
        "the process runs on after its hangs", "known crash sites are still skipped",
    ]

    @Test func knownSitesAreSkippedAndNewOnesKeptInAProcessOfTheirOwn() throws {
        try expectProbeChecks("CrashSitesProbe", Self.checks)
    }

    @Test func aSiteKeyReadsBackFromTheSharedFileAndFromAnArtifactName() throws {
        let key = try #require(CrashIdentity(hex: "00ab12cd34ef5678"))
        #expect(key.resolution == .site && key.kind == nil)
        #expect(key.description == "00ab12cd34ef5678")
        #expect(FuzzArtifact(path: "crash-00ab12cd34ef5678")?.site == key)
        #expect(FuzzArtifact(path: "crash-2ba5ae2a7c1c0c1e23b1d6a0f3e6e0c7a0f3e6e0")?.site == nil, "libFuzzer's own sha1 name is no site key")
        #expect(FuzzArtifact(path: "timeout-00ab12cd34ef5678")?.site == nil)
        #expect(CrashIdentity(hex: "+0ab12cd34ef5678") == nil, "UInt64(_:radix:) takes a sign; a key does not")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sites-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "00ab12cd34ef5678\nffffffffffffffff\n00ab12".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(CrashIdentity.known(inFile: file) == [key, CrashIdentity(UInt64.max)], "a half-written line is passed over")
        let json = try JSONEncoder().encode([key])
        #expect(String(decoding: json, as: UTF8.self) == #"["00ab12cd34ef5678"]"#)
        #expect(try JSONDecoder().decode([CrashIdentity].self, from: json) == [key])
    }

    /// The three resolutions are one type, each written its own way and read back from it, so
    /// report.json, the skip list and kept inputs' sidecars hold them as plain strings.
    @Test func everyResolutionIsWrittenAndReadBackAsItsOwnString() throws {
        let signature = CrashIdentity.source(kind: .oom, parts: ["oom", "", "", "Image.pixels(_:)", "Image.swift:21"])
        #expect(signature.resolution == .source && signature.kind == .oom)
        #expect(signature.description.hasPrefix("oom-") && signature.description.count == "oom-".count + 12)
        let replayed = CrashIdentity.addresses(kind: .timeout, parts: ["timeout", "", "+0x1232a5"])
        #expect(replayed.resolution == .addresses && replayed.description.hasPrefix("timeout@") && replayed.description.count == "timeout@".count + 16)
        let site = CrashIdentity(0xab)
        for identity in [signature, replayed, site] {
            #expect(CrashIdentity(identity.description) == identity)
            #expect(try JSONDecoder().decode(CrashIdentity.self, from: JSONEncoder().encode(identity)) == identity)
        }
        // A kind with a dash in its name reads back whole.
        let gone = CrashIdentity.source(kind: .notReproduced, parts: ["x"])
        #expect(CrashIdentity(gone.description)?.kind == .notReproduced)
        // The same parts at two resolutions are two identities.
        #expect(CrashIdentity.source(kind: .crash, parts: ["a"]) != CrashIdentity.addresses(kind: .crash, parts: ["a"]))
        for text in ["crash-lined", "crash-0123456789abc", "panic-0123456789ab", "crash@0123", "", "0123456789abcdeg"] {
            #expect(CrashIdentity(text) == nil, "\(text)")
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CrashIdentity.self, from: Data(#""crash-lined""#.utf8)) }
    }
}
