import Foundation
import SDUIJSON
@testable import SDUIFuzz
import Testing
import TestSupport

/// A campaign learns its seeds once; a job that reads what it learned knows what a job that
/// learned the seed folders itself knows.
@Suite struct LearnedCorpusTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-learned-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The values as JSON text, compared as one Bool (a failure does not print megabytes of trees).
    static func text(_ values: [JSONValue]) -> [String] { values.map { String(decoding: JSONSerializer.serialize($0), as: UTF8.self) } }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let learned = LearnedCorpus.learn(seeds: [TestPaths.corpusSeeds.path], dictionaryFile: nil)
        #expect(learned.learnedFrom > 10 && !learned.seedFiles.isEmpty)
        // Only the documents the splice pool reaches are kept, and they make the same pool.
        let all = LearnedCorpus.learn(from: [TestPaths.corpusSeeds.path], seedPaths: [TestPaths.corpusSeeds.path], given: FuzzDictionary())
        #expect(learned.documents.count <= all.documents.count && all.documents.count == learned.learnedFrom)
        let trimmed = SplicePool(documents: learned.documents, dictionary: learned.dictionary)
        let whole = SplicePool(documents: all.documents, dictionary: all.dictionary)
        #expect(Self.text(trimmed.components) == Self.text(whole.components) && Self.text(trimmed.values) == Self.text(whole.values))
        try learned.write(to: dir + "/learned.json")
        let read = try LearnedCorpus.read(from: dir + "/learned.json")
        #expect(read.dictionary == learned.dictionary)
        #expect(read.seedFiles == learned.seedFiles, "compressed seed files too, byte for byte")
        #expect(read.documents == learned.documents, "as deep as they were learned, elided where they were")
        #expect(read.learnedFrom == learned.learnedFrom)
        // The kinds sketched from the decoder's source go to every job with the rest.
        var sketched = learned
        sketched.dictionary.kindSketches = [KindSketch(discriminator: "type", kind: "flash_sale", keys: [.init("products", "array")])]
        sketched.dictionary.nestedKeys = [.init("props", "name")]
        try sketched.write(to: dir + "/sketched.json")
        let readBack = try LearnedCorpus.read(from: dir + "/sketched.json").dictionary
        #expect(readBack.kindSketches == sketched.dictionary.kindSketches && readBack.nestedKeys == sketched.dictionary.nestedKeys)
        // A file that is not one says which and why, by path.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/other.json"))
        #expect(throws: FuzzHarnessConfiguration.FileError.self) { try LearnedCorpus.read(from: dir + "/other.json") }
    }

    @Test func aJobThatReadsTheCampaignsLearningKnowsWhatLearningTheSeedsGave() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A dictionary file with a literal of the decoder's, as the campaign's has.
        var mined = FuzzDictionary()
        mined.literals = ["zzLiteralOfTheDecoder"]
        mined.pairs = [.init("type", "zzCarousel")]
        try mined.libFuzzerFormat.write(toFile: dir + "/x.dict", atomically: true, encoding: .utf8)
        var seeded = FuzzHarnessConfiguration()
        seeded.seeds = [TestPaths.corpusSeeds.path]
        seeded.dictionary = dir + "/x.dict"
        let itself = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "x", decode: { $0 }), configuration: seeded)
        itself.prepare(corpus: [])

        try LearnedCorpus.learn(seeds: seeded.seeds, dictionaryFile: seeded.dictionary).write(to: dir + "/learned.json")
        var job = seeded
        job.seeds = []
        job.learned = dir + "/learned.json"
        let told = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "x", decode: { $0 }), configuration: job)
        told.prepare(corpus: [])
        #expect(told.dictionary == itself.dictionary)
        let entries = Set(told.dictionary.literals + told.dictionary.enumValues + told.dictionary.kinds + told.dictionary.pairs.map(\.value))
        #expect(entries.isSuperset(of: ["zzLiteralOfTheDecoder", "zzCarousel"]), "the dictionary file's entries reach the job")
        #expect(told.seedFiles == itself.seedFiles && told.sketchedSeeds == 0)
        #expect(Self.text(told.pool.components) == Self.text(itself.pool.components))

        // The job's own slice of the corpus comes first in its splice pool.
        try FileManager.default.createDirectory(atPath: dir + "/slice", withIntermediateDirectories: true)
        try #"{"type":"newKind","id":"n1","data":{}}"#.write(toFile: dir + "/slice/a", atomically: true, encoding: .utf8)
        let sliced = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "x", decode: { $0 }), configuration: job)
        sliced.prepare(corpus: [dir + "/slice"])
        #expect(sliced.dictionary.kinds.contains("newKind"))
        guard case .object(let first)? = sliced.pool.components.first else { Issue.record("no component"); return }
        #expect(first.contains { $0.key == "type" && $0.value == .string("newKind") })
    }
}
