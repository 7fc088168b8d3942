import Foundation
import SDUIJSON

/// What the harness learns before fuzzing: the dictionary (the configuration's file, the seeds'
/// keys and values) and the documents it splices from and restarts with.
extension FuzzHarness {
    /// Learns from the configuration's dictionary and seeds (or what the campaign learned of them,
    /// ``FuzzHarnessConfiguration/learned``) and from `corpus` folders.
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
        guard let path = configuration.learned else { return learn(from: configuration.seeds + folders) }
        let campaign: LearnedCorpus
        do { campaign = try LearnedCorpus.read(from: path) } catch {
            // Fuzzing on without what the campaign learned would measure something else.
            Self.say("\(error)")
            exit(2)
        }
        // The job's own slice of the corpus fills what the seeds left of the bound, after them,
        // as when a job learned both itself.
        var known = lockedDictionary()
        known.formUnion(campaign.dictionary)
        let own = LearnedCorpus.learn(from: folders, seedPaths: [], given: known,
                                      limit: max(0, LearnedCorpus.documentLimit - campaign.learnedFrom))
        lock.lock(); defer { lock.unlock() }
        adopt(seeds: campaign.seedFiles, dictionary: own.dictionary, documents: campaign.documents + own.documents)
    }

    func lockedDictionary() -> FuzzDictionary {
        lock.lock(); defer { lock.unlock() }
        return dictionary
    }

    /// Learns dictionary entries and splice material from a corpus.
    public func learn(from corpusPaths: [String]) {
        let learned = LearnedCorpus.learn(from: corpusPaths, seedPaths: seedPaths(corpusPaths), given: lockedDictionary())
        lock.lock(); defer { lock.unlock() }
        adopt(seeds: learned.seedFiles, dictionary: learned.dictionary, documents: learned.documents)
    }

    /// Takes what was learned (the lock held). No seed at all: start (and now and then restart)
    /// from documents sketched from the keys the decoder reads, rather than from an empty input.
    private func adopt(seeds: [[UInt8]], dictionary learned: FuzzDictionary, documents: [JSONValue]) {
        if !seeds.isEmpty { seedFiles = seeds; sketchedSeeds = 0 }
        var learnt = learned
        learnt.formUnion(dictionary)
        var material = documents
        if seedFiles.isEmpty, !plain, strategy != .bytes {
            let sketches = SeedSketch.documents(from: learnt)
            seedFiles = sketches.map { JSONSerializer.serialize($0) }
            sketchedSeeds = sketches.count
            learnt.formUnion(FuzzDictionary(learningFrom: sketches))
            material += sketches
        }
        // The rare components sketched from the source are splice material too: a splice puts a
        // whole one into an array of components, where the kind-sketch move rewrites one in place.
        if !plain { material += learnt.kindSketches.prefix(SeedSketch.maxKindSketches).map(\.json) }
        dictionary = learnt
        pool = SplicePool(documents: material, dictionary: learnt)
    }

    /// The seed folders: the configuration's (the campaign's: a fork-mode child only sees its own
    /// slice of the corpus), else every corpus path given.
    private func seedPaths(_ corpusPaths: [String]) -> [String] {
        configuration.seeds.isEmpty ? corpusPaths : configuration.seeds
    }
}
