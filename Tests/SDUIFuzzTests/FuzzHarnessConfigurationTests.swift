import Foundation
import SDUIJSON
@testable import SDUIFuzz
import Testing
import TestSupport

/// The one configuration a fuzz binary is told (a file whose path is in SDUI_FUZZ_CONFIG, or inline JSON).
@Suite struct FuzzHarnessConfigurationTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("harness-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFileKeepsWhatItSaysAndItsPathsAreRelativeToItsFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var configuration = FuzzHarnessConfiguration()
        configuration.checksInvariants = false
        configuration.mutation = .compressed
        configuration.timeoutSeconds = 3
        configuration.artifactPrefix = dir + "/artifacts/decode/"
        configuration.knownCrashSites = dir + "/logs/decode.crash-sites"
        configuration.seeds = [dir + "/seeds", "/elsewhere/seeds"]
        configuration.outcomes = dir + "/logs/decode.outcomes.jsonl"
        let file = dir + "/logs/harness.json"
        try FileManager.default.createDirectory(atPath: dir + "/logs", withIntermediateDirectories: true)
        let written = configuration.relative(to: dir + "/logs")
        #expect(written.knownCrashSites == "decode.crash-sites")
        #expect(written.artifactPrefix == dir + "/artifacts/decode/", "outside the file's folder: kept whole")
        try written.write(to: file)
        // Read from another folder (the file moved with the folder it sits in), the paths follow it.
        let moved = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: moved) }
        try FileManager.default.copyItem(atPath: file, toPath: moved + "/harness.json")
        let read = try FuzzHarnessConfiguration.read(from: moved + "/harness.json")
        #expect(read.knownCrashSites == moved + "/decode.crash-sites")
        #expect(read.outcomes == moved + "/decode.outcomes.jsonl")
        #expect(read.seeds == [dir + "/seeds", "/elsewhere/seeds"])
        #expect(read.checksInvariants == false && read.mutation == .compressed && read.timeoutSeconds == 3)
    }

    @Test func keysLeftOutKeepTheirDefaultsAndInlineJSONIsAConfigurationToo() throws {
        let partial = try FuzzHarnessConfiguration.parse(Data(#"{"contentEncoding":"gzip"}"#.utf8), source: "test")
        #expect(partial.contentEncoding == "gzip")
        #expect(partial.checksInvariants && partial.structuredShare == 50 && partial.knownCrashSites == nil)
        #expect(partial.inlineJSON == #"{"contentEncoding":"gzip"}"#)
        #expect(FuzzHarnessConfiguration().inlineJSON == nil, "the defaults need nothing on a command line")
        let loaded = FuzzHarnessConfiguration.load(environment: ["SDUI_FUZZ_CONFIG": #"{"plain":true}"#], executable: nil)
        #expect(loaded.plain)
        #expect(partial.watchesHangs, "the hang watch is on unless the campaign says otherwise")
        let noWatch = try FuzzHarnessConfiguration.parse(Data(#"{"watchesHangs":false}"#.utf8), source: "test")
        #expect(!noWatch.watchesHangs)
    }

    @Test func aFileThatCannotBeUsedSaysWhereAndWhy() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"structuredShare":"half"}"#.write(toFile: dir + "/harness.json", atomically: true, encoding: .utf8)
        #expect(throws: FuzzHarnessConfiguration.FileError.self) { try FuzzHarnessConfiguration.read(from: dir + "/harness.json") }
        do {
            _ = try FuzzHarnessConfiguration.read(from: dir + "/harness.json")
        } catch {
            #expect("\(error)".contains(dir + "/harness.json") && "\(error)".contains("structuredShare"), "\(error)")
        }
        #expect("\((try? FuzzHarnessConfiguration.read(from: dir + "/missing.json")) == nil)" == "true")
    }

    @Test func aReplayKeepsTheChecksAndNothingThatSkipsOrKeeps() {
        var fuzzing = FuzzHarnessConfiguration()
        fuzzing.checksInvariants = false
        fuzzing.knownCrashSites = "sites"
        fuzzing.artifactPrefix = "artifacts/"
        fuzzing.outcomes = "outcomes.jsonl"
        fuzzing.contentEncoding = "deflate"
        let replay = fuzzing.forReplay
        #expect(replay.checksInvariants == false && replay.contentEncoding == "deflate")
        #expect(replay.knownCrashSites == nil && replay.artifactPrefix == nil && replay.outcomes == nil)
    }

    @Test func outcomeRecordsReadBackAsTheyWereWritten() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let log = OutcomeLog(path: dir + "/outcomes.jsonl")
        let records: [FuzzOutcomeRecord] = [
            .invariantViolated(InvariantViolation(kind: .roundTripChanged, detail: "line 2: a → b", codingPath: "views[0]"), input: "ab12"),
            .explained(.rejected("keyNotFound(screen)"), decoder: "feed"),
            .explained(.decoded(rendering: "screen Home"), decoder: "feed"),
            .explained(.decoded(rendering: nil), decoder: "feed"),
            .slowInput(milliseconds: 140, pastTimeout: false, file: "artifacts/slow-140ms-ab"),
            .jobEnded(executions: 12_000, crashesSkipped: 4_096, knownSites: 12, peakRSSMB: 1_100),
            .hangEnded(milliseconds: 104, newSite: false),
            .hangEnded(milliseconds: 1_007, newSite: true),
            .mutationMoves([MutationMoveStatistic(move: .swapKind, uses: 10, newCoverage: 2)]),
        ]
        for record in records { log.append(record) }
        // A torn last line (a job killed while writing) is passed over.
        _ = FileManager.default.createFile(atPath: dir + "/torn", contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: dir + "/outcomes.jsonl"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"kind":"job-ended","execu"#.utf8))
        handle.closeFile()
        #expect(FuzzOutcomeRecord.read(from: dir + "/outcomes.jsonl") == records)
        #expect(FuzzOutcomeRecord.read(from: dir + "/none.jsonl").isEmpty)
    }

    @Test func aHarnessToldToExplainRecordsWhatTheDecoderMadeOfAnInput() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var configuration = FuzzHarnessConfiguration()
        configuration.explains = true
        configuration.outcomes = dir + "/outcomes.jsonl"
        struct Rejected: Error, CustomStringConvertible { var description: String { "no screen at $.screen" } }
        let harness = FuzzHarness(DecoderUnderTest<String>(name: "echo", decode: { bytes in
            guard bytes.first == UInt8(ascii: "{") else { throw Rejected() }
            return String(decoding: bytes, as: UTF8.self)
        }, render: { "shown: " + $0 }), configuration: configuration)
        #expect(harness.check(Array("{}".utf8)) == nil)
        #expect(harness.check(Array("x".utf8)) == nil)
        #expect(FuzzOutcomeRecord.read(from: dir + "/outcomes.jsonl") == [
            .explained(.decoded(rendering: "shown: {}"), decoder: "echo"),
            .explained(.rejected("no screen at $.screen"), decoder: "echo"),
        ])
    }

    @Test func slowInputsAreRecordedWithTheFileTheyWereKeptAs() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var configuration = FuzzHarnessConfiguration()
        configuration.slowMilliseconds = 5
        configuration.artifactPrefix = dir + "/"
        configuration.outcomes = dir + "/outcomes.jsonl"
        let harness = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "slow", decode: { bytes in usleep(20_000); return bytes }), configuration: configuration)
        #expect([UInt8]([7]).withUnsafeBufferPointer { harness.testOneInput($0.baseAddress, $0.count) } == -1)
        let records = FuzzOutcomeRecord.read(from: dir + "/outcomes.jsonl")
        guard case .slowInput(let ms, false, let file?) = records.first else { Issue.record("\(records)"); return }
        #expect(ms >= 20 && FileManager.default.fileExists(atPath: file) && file.hasPrefix(dir + "/slow-"))
    }
}

/// Mutation moves as named units, counted.
@Suite struct MutationMoveTests {
    @Test func everyStructureMoveIsDrawnAndNotedByName() {
        // A literal of the decoder's source that no seed has as a key (`source-key-number` needs one).
        var mined = FuzzDictionary()
        mined.literals = ["min_schema"]
        // A kind sketched from the source (`kind-sketch` needs one).
        mined.kindSketches = [KindSketch(discriminator: "type", kind: "flash_sale", keys: [.init("products", "array")])]
        let harness = FuzzHarness(.init(name: "x", decode: { $0 }), mutation: .structured, dictionary: mined)
        harness.learn(from: [TestPaths.corpusSeeds.path])
        let seed = Array(#"{"screen":"s","version":1,"components":[{"type":"text","id":"a","data":{"text":"a","size":3}}]}"#.utf8)
        var seen = Set<MutationMove>()
        for s in 0..<3_000 {
            var buffer = seed + [UInt8](repeating: 0, count: 4_096 - seed.count)
            _ = buffer.withUnsafeMutableBufferPointer { harness.mutate($0.baseAddress!, seed.count, 4_096, UInt32(s)) }
            harness.moves.ran(reachedNewCode: s % 2 == 0)
        }
        let counts = harness.moves.drain() ?? []
        for statistic in counts { seen.insert(statistic.move) }
        // The structure moves of the schedule (each a named unit), libFuzzer's bytes or their fallback, seed restarts.
        for move in Set(JSONStructureMutator.schedule) { #expect(seen.contains(move), "\(move) never drawn") }
        #expect(seen.contains(.seedRestart))
        #expect(counts.allSatisfy { $0.newCoverage <= $0.uses })
        #expect(counts.contains { $0.newCoverage > 0 })
        #expect(harness.moves.drain() == nil, "drained")
    }

    @Test func aCampaignSumsItsJobsCountsPerMove() {
        let sum = MutationMoveStatistic.sum([
            [MutationMoveStatistic(move: .splice, uses: 3, newCoverage: 1), MutationMoveStatistic(move: .swapKind, uses: 5, newCoverage: 0)],
            [MutationMoveStatistic(move: .swapKind, uses: 2, newCoverage: 2)],
        ])
        #expect(sum == [MutationMoveStatistic(move: .swapKind, uses: 7, newCoverage: 2), MutationMoveStatistic(move: .splice, uses: 3, newCoverage: 1)])
    }
}

/// A move never reaches deeper than the parser materializes: `modify` recurses once per step, and
/// a chain of a thousand nested containers (a `nest` move) once overflowed the minimizer's stack.
@Suite struct MovePathDepthTests {
    @Test func pathsStopAtTheDepthLimit() {
        var value = JSONValue.number(1)
        for _ in 0..<3_000 { value = .array([value]) }
        var rng = FuzzRandom(seed: 7)
        for _ in 0..<200 {
            #expect(JSONStructureMutator.randomPath(in: value, limit: 4_000, rng: &rng).count <= JSONStructureMutator.maxPathDepth)
        }
        var object = JSONValue.object([JSONMember("k", .number(1))])
        for _ in 0..<3_000 { object = .object([JSONMember("a", object)]) }
        #expect(JSONStructureMutator.objectPaths(in: object, withKey: "k", limit: 4_000).isEmpty, "the holder is 3,000 levels down")
    }
}
