import Foundation
@testable import SDUIFuzz
import Testing

/// A kept input's kind, site key, time and configuration are read from disk once, here.
@Suite struct FuzzArtifactTests {
    @Test func aNameSaysItsKindOnceAndOtherNamesAreNoArtifacts() {
        #expect(FuzzArtifact.Kind(fileName: "crash-00ab12cd34ef5678") == .crash)
        #expect(FuzzArtifact.Kind(fileName: "timeout-2ba5ae2a") == .timeout)
        #expect(FuzzArtifact.Kind(fileName: "oom-2ba5ae2a") == .oom)
        #expect(FuzzArtifact.Kind(fileName: "leak-2ba5ae2a") == .leak)
        #expect(FuzzArtifact.Kind(fileName: "slow-unit-2ba5ae2a") == .slow)
        #expect(FuzzArtifact.Kind(fileName: "slow-140ms-2ba5ae2a") == .slow)
        #expect(FuzzArtifact.Kind(fileName: "harness.json") == nil)
        #expect(FuzzArtifact.Kind(fileName: "clusterfuzz-testcase-minimized-FuzzDecode-1") == nil)
        #expect(FuzzArtifact.Kind(fileName: "crashed.json") == nil, "a prefix is the kind and its dash")
        #expect(FuzzArtifact.Kind.oom.origin == "libFuzzer out-of-memory artifact")
    }

    @Test func aFolderIsReadEarliestFirstWithSiteKeysAndTheConfigurationBesideIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-artifacts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = ["timeout-beef", "crash-00ab12cd34ef5678", "crash-2ba5ae2a7c1c0c1e23b1d6a0f3e6e0c7a0f3e6e0", "slow-120ms-aa", "notes.md"]
        for (n, name) in names.enumerated() {
            let path = folder + "/" + name
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
            // Written one after the other, the timeout last.
            let written = Date(timeIntervalSince1970: 1_000_000 + Double(name.hasPrefix("timeout") ? 100 : n))
            try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: path)
        }
        #expect(FuzzArtifact.all(under: folder).allSatisfy { $0.configuration == nil }, "no harness.json beside them yet")
        try FuzzHarnessConfiguration().write(to: folder + "/" + FuzzHarnessConfiguration.fileName)
        let artifacts = FuzzArtifact.all(under: folder)
        #expect(artifacts.map(\.name) == ["crash-00ab12cd34ef5678", "crash-2ba5ae2a7c1c0c1e23b1d6a0f3e6e0c7a0f3e6e0", "slow-120ms-aa", "timeout-beef"])
        #expect(artifacts.map(\.kind) == [.crash, .crash, .slow, .timeout])
        #expect(artifacts.map(\.isFinding) == [true, true, false, true])
        #expect(artifacts[0].site == CrashIdentity(hex: "00ab12cd34ef5678"))
        #expect(artifacts[1].site == nil, "libFuzzer's own sha1 name carries no site key")
        #expect(artifacts[3].site == nil)
        #expect(artifacts.allSatisfy { $0.configuration == folder + "/" + FuzzHarnessConfiguration.fileName })
        #expect(artifacts[0].written == Date(timeIntervalSince1970: 1_000_000 + 1))
        #expect(FuzzArtifact(path: folder + "/notes.md") == nil)
    }

    @Test func theOutcomeFileCanBeNamedApartFromTheConfiguration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-outcomes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = FuzzHarnessConfiguration()
        configuration.contentEncoding = "gzip"
        configuration.outcomes = folder + "/campaign.jsonl"
        try configuration.write(to: folder + "/harness.json")
        let loaded = FuzzHarnessConfiguration.load(environment: [FuzzHarnessConfiguration.environmentVariable: folder + "/harness.json",
                                                                 FuzzHarnessConfiguration.outcomesVariable: "/tmp/line.jsonl"], executable: nil)
        #expect(loaded.outcomes == "/tmp/line.jsonl" && loaded.contentEncoding == "gzip")
        let unset = FuzzHarnessConfiguration.load(environment: [FuzzHarnessConfiguration.environmentVariable: folder + "/harness.json"], executable: nil)
        #expect(unset.outcomes == folder + "/campaign.jsonl")
    }
}
