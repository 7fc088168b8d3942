import Foundation
import SDUIJSON

/// What the harness learns before fuzzing: the dictionary (the configuration's file, the seeds'
/// keys and values) and the documents it splices from and restarts with.
extension FuzzHarness {
    /// Learns from the configuration's dictionary and seeds and from `corpus` folders.
    func prepare(corpus folders: [String]) {
        var given = FuzzDictionary()
        // The campaign's dictionary holds the literals mined from the decoder: the structure-aware
        // mutator uses it too, not only libFuzzer's byte mutations.
        if let path = configuration.dictionary, let text = try? String(contentsOfFile: path, encoding: .utf8) {
            given.formUnion(FuzzDictionary(libFuzzerDictionary: text))
        }
        lock.lock()
        dictionary.formUnion(given)
        lock.unlock()
        learn(from: configuration.seeds + folders)
    }

    func lockedDictionary() -> FuzzDictionary {
        lock.lock(); defer { lock.unlock() }
        return dictionary
    }

    /// Learns dictionary entries and splice material from a corpus.
    public func learn(from corpusPaths: [String]) {
        let documents = CorpusReader.documents(in: corpusPaths, limit: 2_000)
        let seeds = seedPaths(corpusPaths).flatMap { CorpusReader.files(under: $0) }.prefix(500)
            .compactMap { FileManager.default.contents(atPath: $0) }.filter { $0.count <= 1 << 16 }.map { [UInt8]($0) }
        lock.lock(); defer { lock.unlock() }
        if !seeds.isEmpty { seedFiles = seeds; sketchedSeeds = 0 }
        var learnt = FuzzDictionary(learningFrom: documents)
        learnt.formUnion(dictionary)
        // No seed at all: start (and now and then restart) from documents sketched from the keys
        // the decoder reads, rather than from an empty input.
        var material = documents
        if seedFiles.isEmpty, !plain, strategy != .bytes {
            let sketches = SeedSketch.documents(from: learnt)
            seedFiles = sketches.map { JSONSerializer.serialize($0) }
            sketchedSeeds = sketches.count
            learnt.formUnion(FuzzDictionary(learningFrom: sketches))
            material += sketches
        }
        dictionary = learnt
        pool = SplicePool(documents: material, dictionary: learnt)
    }

    /// The seed folders: the configuration's (the campaign's: a fork-mode child only sees its own
    /// slice of the corpus), else every corpus path given.
    private func seedPaths(_ corpusPaths: [String]) -> [String] {
        configuration.seeds.isEmpty ? corpusPaths : configuration.seeds
    }
}
