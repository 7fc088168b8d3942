import Foundation
import SDUIJSON

/// What the harness learns from seed folders before it fuzzes (the dictionary, the splice pool,
/// the seed files it restarts from), learned once per campaign and handed to every fuzzing job
/// through the configuration (``FuzzHarnessConfiguration/learned``). A job then reads one bounded
/// file instead of listing, decompressing and parsing every seed folder again: in fork mode every
/// job (and every restart of one) used to, and with a large seed folder (an OSS-Fuzz corpus) each
/// started seconds late.
public struct LearnedCorpus: Sendable {
    /// Documents learned from at most (seeds first): the harness's bound, and the share of it a
    /// job's own corpus folders may still fill.
    public static let documentLimit = 2_000
    /// Seed files kept as they are (compressed ones too), for restarts.
    public static let seedFileLimit = 500

    public var dictionary: FuzzDictionary
    /// The documents the splice pool is made of (decompressed and parsed): those it reaches, the
    /// last first (``poolDocuments()``), not every one the dictionary was learned from.
    public var documents: [JSONValue]
    public var seedFiles: [[UInt8]]
    /// How many documents the dictionary was learned from (of ``documentLimit``).
    public var learnedFrom: Int

    /// Learns from `paths` (folders or files; seeds first; at most `limit` documents) with `given`
    /// (a dictionary file's and the target's own entries). `seedPaths`: the folders whose files
    /// are the seed files.
    public static func learn(from paths: [String], seedPaths: [String], given: FuzzDictionary, limit: Int = documentLimit) -> LearnedCorpus {
        let documents = limit > 0 ? CorpusReader.documents(in: paths, limit: limit) : []
        let seeds = seedPaths.flatMap { CorpusReader.files(under: $0) }.prefix(seedFileLimit)
            .compactMap { FileManager.default.contents(atPath: $0) }.filter { $0.count <= 1 << 16 }.map { [UInt8]($0) }
        var dictionary = FuzzDictionary(learningFrom: documents)
        dictionary.formUnion(given)
        return LearnedCorpus(dictionary: dictionary, documents: documents, seedFiles: Array(seeds), learnedFrom: documents.count)
    }

    /// A campaign's learning for its jobs: the seed folders and the dictionary file.
    public static func learn(seeds: [String], dictionaryFile: String?) -> LearnedCorpus {
        var given = FuzzDictionary()
        if let dictionaryFile, let text = try? String(contentsOfFile: dictionaryFile, encoding: .utf8) {
            given.formUnion(FuzzDictionary(libFuzzerDictionary: text))
        }
        var learned = learn(from: seeds, seedPaths: seeds, given: given)
        learned.documents = learned.poolDocuments()
        return learned
    }

    /// The documents the splice pool reaches: it takes subtrees from the last document first, one
    /// document whole before the one before it, until it holds its limit; a job reading more than
    /// those would parse documents nothing uses. A job's own corpus comes after them, so it
    /// reaches no further.
    func poolDocuments(limit: Int = SplicePool.limit) -> [JSONValue] {
        var held = 0
        var needed = 0
        for document in documents.reversed() where held < limit {
            let pool = SplicePool(documents: [document], dictionary: dictionary, limit: limit - held)
            held += pool.components.count + pool.values.count
            needed += 1
        }
        return Array(documents.suffix(needed))
    }

    // MARK: - The file

    /// The file: one line of JSON (the dictionary, the seed files as base64), then the documents
    /// as one JSON array, written by the harness's serializer and read by its parser (no escaping
    /// of each document into a string, no Foundation JSON for the bulk).
    private struct Header: Codable {
        var version = 1
        var dictionary: StoredDictionary
        var seedFiles: [Data]
        var learnedFrom: Int
    }

    private struct StoredDictionary: Codable {
        var keys, discriminatorKeys, kinds, enumValues, literals, numbers: [String]
        var pairs, typedKeys: [[String]]
        /// Absent in files of earlier versions.
        var kindSketches: [String]?
        var nestedKeys: [[String]]?
    }

    /// Writes it atomically.
    public func write(to path: String) throws {
        let d = dictionary
        let header = Header(dictionary: StoredDictionary(keys: d.keys, discriminatorKeys: d.discriminatorKeys, kinds: d.kinds,
                                                         enumValues: d.enumValues, literals: d.literals, numbers: d.numbers,
                                                         pairs: d.pairs.map { [$0.key, $0.value] }, typedKeys: d.typedKeys.map { [$0.key, $0.value] },
                                                         kindSketches: d.kindSketches.map { String(decoding: JSONSerializer.serialize($0.json), as: UTF8.self) },
                                                         nestedKeys: d.nestedKeys.map { [$0.key, $0.value] }),
                            seedFiles: seedFiles.map { Data($0) }, learnedFrom: learnedFrom)
        var bytes = [UInt8](try JSONEncoder().encode(header))
        bytes.append(0x0a)
        bytes += JSONSerializer.serialize(.array(documents))
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Reads a file ``write(to:)`` wrote.
    public static func read(from path: String) throws -> LearnedCorpus {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FuzzHarnessConfiguration.FileError(path: path, reason: "no such file")
        }
        let bytes = [UInt8](data)
        guard let newline = bytes.firstIndex(of: 0x0a) else {
            throw FuzzHarnessConfiguration.FileError(path: path, reason: "not a learned corpus: no header line")
        }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])) } catch {
            throw FuzzHarnessConfiguration.FileError(path: path, reason: "not a learned corpus: \(error)")
        }
        // One level deeper than a corpus document is read (the array), so each document is
        // materialized as deep as it was when it was learned.
        guard case .array(let documents)? = try? JSONParser(materializationDepth: 65).parse(Array(bytes[(newline + 1)...])) else {
            throw FuzzHarnessConfiguration.FileError(path: path, reason: "not a learned corpus: the documents after byte \(newline + 1) are no JSON array")
        }
        let s = header.dictionary
        var dictionary = FuzzDictionary()
        (dictionary.keys, dictionary.discriminatorKeys, dictionary.kinds, dictionary.enumValues) = (s.keys, s.discriminatorKeys, s.kinds, s.enumValues)
        (dictionary.literals, dictionary.numbers) = (s.literals, s.numbers)
        dictionary.pairs = s.pairs.compactMap { $0.count == 2 ? FuzzDictionary.KeyLiteral($0[0], $0[1]) : nil }
        dictionary.typedKeys = s.typedKeys.compactMap { $0.count == 2 ? FuzzDictionary.KeyLiteral($0[0], $0[1]) : nil }
        dictionary.nestedKeys = (s.nestedKeys ?? []).compactMap { $0.count == 2 ? FuzzDictionary.KeyLiteral($0[0], $0[1]) : nil }
        dictionary.kindSketches = (s.kindSketches ?? []).compactMap { text in
            (try? JSONParser().parse(Array(text.utf8))).flatMap(KindSketch.init(json:))
        }
        return LearnedCorpus(dictionary: dictionary, documents: documents, seedFiles: header.seedFiles.map { [UInt8]($0) },
                             learnedFrom: header.learnedFrom)
    }
}
