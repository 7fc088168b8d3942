import Foundation
import Testing
@testable import SDUICampaign

/// `sdui repro` explains a plugged-in decoder's input by its own code, not the reference protocol.
@Suite struct InputExplanationTests {
    @Test func namesMinedLiteralsNewKindsAndKeysAndEdgeNumbersWithTheirPaths() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("explain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Sources/Feed"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Seeds"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"func f(_ v: String) -> Bool { v == "5.2.0-beta" || v == "LEGACY_CAROUSEL" }"#.utf8)
            .write(to: dir.appendingPathComponent("Sources/Feed/Feed.swift"))
        try Data(#"{"version":"5.1.0","views":[{"type":"text","logId":3}]}"#.utf8).write(to: dir.appendingPathComponent("Seeds/a.json"))
        let explanation = InputExplanation(decoderSources: [dir.appendingPathComponent("Sources").path],
                                           seeds: [dir.appendingPathComponent("Seeds").path])
        let input = #"{"version":"5.2.0-beta","views":[{"type":"LEGACY_CAROUSEL","logId":2147483648,"columns":0}]}"#
        let notes = explanation.notes(for: Array(input.utf8))
        #expect(notes.contains("$.version = \"5.2.0-beta\": a literal of the decoder's code that no seed has"))
        #expect(notes.contains("$.views[0].type = \"LEGACY_CAROUSEL\": a kind no seed has, which the decoder's code compares against"))
        #expect(notes.contains("$.views[0].logId = 2147483648: beyond Int32"))
        #expect(notes.contains("$.views[0].columns: key \"columns\" is in no seed"))
        #expect(notes.contains("$.views[0].columns = 0: zero (a divisor, a count, a size?)"))
        // What the seeds already have is not news.
        #expect(explanation.notes(for: Array(#"{"version":"5.1.0","views":[{"type":"text","logId":3}]}"#.utf8)).isEmpty)
        #expect(explanation.notes(for: Array("not json".utf8)).isEmpty)
    }
}
