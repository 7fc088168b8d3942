import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload
@testable import SDUIFuzz

@Suite struct MutatorTests {
    static let seeds = TestPaths.corpusSeeds.path
    static let documents = CorpusReader.documents(in: [seeds])
    static let dictionary = FuzzDictionary(learningFrom: documents)
    static let structure = JSONStructureMutator(dictionary: dictionary, pool: SplicePool(documents: documents, dictionary: dictionary))

    static func seed(_ name: String) throws -> [UInt8] { try TestPaths.bytes(TestPaths.corpusSeeds.appendingPathComponent(name)) }

    @Test func structureMutationsCoverTheSDUIMoves() throws {
        let input = try Self.seed("all-kinds.json")
        var outputs: [[UInt8]] = []
        for seed in 0..<800 {
            var bytes = input
            var rng = FuzzRandom(seed: UInt64(seed))
            Self.structure.mutate(&bytes, maxSize: 1 << 20, rng: &rng)
            #expect(bytes.count <= 1 << 20)
            outputs.append(bytes)
        }
        let texts = outputs.map { String(decoding: $0, as: UTF8.self) }
        let parsed = outputs.compactMap { try? JSONParser().parse($0) }
        #expect(outputs.filter { $0 != input }.count > 770, "mutations should change the input")
        #expect(parsed.count > 400, "most mutations should stay JSON, \(parsed.count) did")
        // Discriminators swapped to other known kinds: a component whose `type` changed but kept its `id`.
        func idsAndTypes(_ value: JSONValue) -> [String: JSONValue] {
            guard case .array(let components)? = value["components"] else { return [:] }
            var result: [String: JSONValue] = [:]
            for c in components { if case .string(let id)? = c["id"], let type = c["type"] { result[id] = type } }
            return result
        }
        let original = idsAndTypes(try JSONParser().parse(input))
        #expect(parsed.contains { doc in idsAndTypes(doc).contains { id, type in original[id] != nil && original[id] != type } })
        #expect(texts.contains { $0.contains("1e999") })                         // extreme numbers
        #expect(outputs.contains { $0.windowsContain(Array(#"\uD"#.utf8)) })  // lone surrogate escapes, raw
        #expect(outputs.contains { $0.windowsContain([0x22, 0xC3, 0x28, 0x22]) })  // invalid UTF-8, raw
        #expect(texts.contains { $0.contains(String(repeating: "[", count: 30)) || $0.contains(String(repeating: #"{"a":"#, count: 30)) }) // deep nesting
        #expect(texts.contains { $0.contains("\"caption\"") && $0.contains("\"button\"") && $0 != String(decoding: input, as: UTF8.self) })
        // A field dropped: some component lost its required "data".
        #expect(parsed.contains { value in
            guard case .array(let components)? = value["components"] else { return false }
            return components.contains { $0["type"] != nil && $0["data"] == nil }
        })
    }

    /// A definition referred to by name becomes the component that refers to it (ack-03 and reg-04 of
    /// Benchmarks/AppDecoders: a decoder without a depth bound then recurses forever).
    @Test func aNamedDefinitionIsMadeToReferToItself() throws {
        let text = #"{"blocks":[{"kind":"hero","attributes":{"title":"Hi"}},{"kind":"reference","attributes":{"ref":"legal"}}],"#
            + #""definitions":{"legal":{"kind":"paragraph","attributes":{"text":"Terms"}}}}"#
        var dictionary = FuzzDictionary()
        dictionary.discriminatorKeys = ["kind"]
        let mutator = JSONStructureMutator(dictionary: dictionary, pool: SplicePool())
        var made: JSONValue?
        for seed in 0..<64 where made == nil {
            var root = try JSONParser().parse(Array(text.utf8))
            var rng = FuzzRandom(seed: UInt64(seed))
            if mutator.selfReference(&root, rng: &rng), root["definitions"]?["legal"]?["kind"] == .string("reference") { made = root }
        }
        let root = try #require(made, "a document with a name referred to always has a pair")
        let legal = root["definitions"]?["legal"]
        #expect(legal?["kind"] == .string("reference"), "\(String(describing: legal))")
        #expect(legal?["attributes"]?["ref"] == .string("legal"))
        #expect(root["blocks"] == (try JSONParser().parse(Array(text.utf8)))["blocks"], "the referring block stays where it was")
        // Nothing to refer to: no move, the document untouched.
        var plain = try JSONParser().parse(Array(#"{"blocks":[{"kind":"hero","attributes":{"title":"Hi"}}]}"#.utf8))
        let before = plain
        var rng = FuzzRandom(seed: 1)
        #expect(!mutator.selfReference(&plain, rng: &rng))
        #expect(plain == before)
    }

    /// No piece named yet (reg-04 of Benchmarks/AppDecoders, whose app has no samples: the sketch
    /// has `"fragments": {}`): a component's string becomes the name of a new piece in a map, and
    /// the piece is that component, so it refers to itself.
    @Test func aPieceIsNamedInAnEmptyMapAfterTheComponentThatRefersToIt() throws {
        let text = #"{"layout":{"component":"fragment","props":{"name":"header"}},"fragments":{},"title":"x"}"#
        var dictionary = FuzzDictionary()
        dictionary.discriminatorKeys = ["component"]
        let mutator = JSONStructureMutator(dictionary: dictionary, pool: SplicePool())
        var made: JSONValue?
        for seed in 0..<64 where made == nil {
            var root = try JSONParser().parse(Array(text.utf8))
            var rng = FuzzRandom(seed: UInt64(seed))
            if mutator.selfReference(&root, rng: &rng), root["fragments"]?["header"] != nil { made = root }
        }
        let root = try #require(made)
        #expect(root["fragments"]?["header"] == root["layout"], "the piece named header is the component referring to header")
        // Among many strings beside the discriminator, the one in the component's properties is
        // the name most of the time.
        let crowded = #"{"layout":{"component":"fragment","# + (0..<12).map { #""k\#($0)":"v\#($0)","# }.joined()
            + #""props":{"name":"header"}},"fragments":{}}"#
        var named = 0
        for seed in 0..<100 {
            var doc = try JSONParser().parse(Array(crowded.utf8))
            var rng = FuzzRandom(seed: UInt64(seed))
            if mutator.namedPiece(&doc, strings: Self.names(in: doc), rng: &rng), doc["fragments"]?["header"] != nil { named += 1 }
        }
        #expect(named >= 40, "\(named) of 100 named after props.name")
        // No map outside the component: a new one at the root, under a key the decoder reads as an object.
        var keyed = dictionary
        keyed.typedKeys = [.init("fragments", "object")]
        let rooted = JSONStructureMutator(dictionary: keyed, pool: SplicePool())
        var found = false
        for seed in 0..<64 where !found {
            var doc = try JSONParser().parse(Array(#"{"layout":{"component":"fragment","props":{"name":"header"}}}"#.utf8))
            var rng = FuzzRandom(seed: UInt64(seed))
            if rooted.namedPiece(&doc, strings: Self.names(in: doc), rng: &rng), doc["fragments"]?["header"] == doc["layout"] { found = true }
        }
        #expect(found, "a root map named after the reference")
        #expect(root["layout"] == (try JSONParser().parse(Array(text.utf8)))["layout"], "the component stays where it was")
    }

    static func names(in root: JSONValue) -> [JSONStructureMutator.NamedString] {
        var strings: [JSONStructureMutator.NamedString] = [], keyed: [String: [[JSONStructureMutator.Step]]] = [:]
        JSONStructureMutator.collectNames(root, path: [], strings: &strings, keyed: &keyed, limit: 512)
        return strings
    }

    /// A key only the source names (ack-02 of Benchmarks/AppDecoders: `min_schema`, read from a
    /// block's attributes and converted with `Int(_:)`) lands in about half of the objects, with one
    /// edge number; a map of typed values left alone keeps the document decodable.
    @Test func aKeyOnlyTheSourceNamesGoesToHalfTheObjectsWithAnEdgeNumber() throws {
        let blocks = (0..<40).map { #"{"kind":"hero","attributes":{"title":"\#($0)"}}"# }.joined(separator: ",")
        let text = #"{"version":2,"blocks":["# + blocks + "]}"
        var dictionary = FuzzDictionary(learningFrom: [try JSONParser().parse(Array(text.utf8))])
        dictionary.literals = ["Skipping blocks", "BlockDecoder", "min_schema"]  // a message, a type, a key only in the source
        dictionary.keys.append("min_schema")  // mined keys are the dictionary's keys too
        let mutator = JSONStructureMutator(dictionary: dictionary, pool: SplicePool())
        var root = try JSONParser().parse(Array(text.utf8))
        var rng = FuzzRandom(seed: 3)
        #expect(mutator.sourceKeyNumber(&root, rng: &rng))
        let serialized = String(decoding: JSONSerializer.serialize(root), as: UTF8.self)
        #expect(!serialized.contains("Skipping") && !serialized.contains("BlockDecoder"), "only key-like literals become keys")
        guard case .array(let mutated)? = root["blocks"] else { Issue.record("\(serialized)"); return }
        let values = mutated.flatMap { [$0["min_schema"], $0["attributes"]?["min_schema"]] }.compactMap { $0 }
        #expect((20...60).contains(values.count), "about half of the 80 objects: \(values.count)")
        guard case .number(let n)? = values.first else { Issue.record("not a number: \(values)"); return }
        #expect(values.allSatisfy { $0 == .number(n) } && JSONStructureMutator.edgeNumbers.contains(n))
        // No such literal: no move.
        var none = dictionary
        none.literals = ["Skipping blocks", "BlockDecoder"]
        var untouched = try JSONParser().parse(Array(text.utf8))
        #expect(!JSONStructureMutator(dictionary: none, pool: SplicePool()).sourceKeyNumber(&untouched, rng: &rng))
    }

    /// A rare kind written whole (shop-03, news-03, sk-03 and vd-02 of Benchmarks/AppDecoders): the
    /// discriminator of a component set to a kind only the source names, and every key of that
    /// kind's type (all but one, a third of the time) given a value of its type, in the component
    /// and in its object members (the fields may be read from `content`).
    @Test func aComponentIsRewrittenAsASketchedKindWithEveryKey() throws {
        let text = #"{"items":[{"viewType":"HeadlineViewType","content":{"title":"Hi"}},{"viewType":"HeadlineViewType","content":{"title":"Yo"}}]}"#
        var dictionary = FuzzDictionary(learningFrom: [try JSONParser().parse(Array(text.utf8))])
        let sketch = KindSketch(discriminator: "viewType", kind: "LiveScoreViewType",
                                keys: [.init("homeTeam", "string"), .init("periods", "array"), .init("currentPeriod", "number")])
        dictionary.kindSketches = [sketch]
        let mutator = JSONStructureMutator(dictionary: dictionary, pool: SplicePool())
        var injections: [[UInt8]] = []
        // Two times in three every key; else all but one (an optional key of the wrong kind would
        // throw for the whole component).
        var whole: [JSONValue] = [], keyCounts: [Int: Int] = [:]
        for seed in 0..<300 {
            var root = try JSONParser().parse(Array(text.utf8))
            var rng = FuzzRandom(seed: UInt64(seed))
            #expect(mutator.kindSketch(&root, rng: &rng, injections: &injections))
            guard case .array(let items)? = root["items"] else { Issue.record("\(root)"); return }
            let rewritten = items.filter { $0["viewType"] == .string("LiveScoreViewType") }
            #expect(rewritten.count == 1, "one component: \(items)")
            let present = ["periods", "currentPeriod", "homeTeam"].filter { rewritten.first?[$0] != nil }.count
            keyCounts[present, default: 0] += 1
            if present == 3 { whole = rewritten }
        }
        #expect(keyCounts[3, default: 0] >= 170 && keyCounts[2, default: 0] >= 60 && keyCounts.count == 2, "\(keyCounts)")
        let rewritten = whole
        for holder in [rewritten.first, rewritten.first?["content"]] {
            guard case .array? = holder?["periods"], case .number? = holder?["currentPeriod"], case .string? = holder?["homeTeam"] else {
                Issue.record("every key with a value of its type: \(String(describing: holder))"); continue
            }
        }
        var rng = FuzzRandom(seed: 5)
        #expect(rewritten.first?["content"]?["title"] == .string("Hi") || rewritten.first?["content"]?["title"] == .string("Yo"),
                "the component's other fields stay")
        // A document without a discriminator gets the sketch's own; no sketches, no move.
        var bare = try JSONParser().parse(Array(#"{"title":"x"}"#.utf8))
        #expect(mutator.kindSketch(&bare, rng: &rng, injections: &injections))
        #expect(bare["viewType"] == .string("LiveScoreViewType"))
        var none = try JSONParser().parse(Array(text.utf8))
        #expect(!JSONStructureMutator(dictionary: FuzzDictionary(), pool: SplicePool()).kindSketch(&none, rng: &rng, injections: &injections))
    }

    @Test func nonJSONFallsBackToByteMutation() {
        var bytes: [UInt8] = Array("not json at all".utf8)
        var rng = FuzzRandom(seed: 1)
        Self.structure.mutate(&bytes, maxSize: 64, rng: &rng)
        #expect(bytes != Array("not json at all".utf8))
    }

    @Test func compressionMutatorProducesEveryEncodingAndBrokenStreams() throws {
        let input = try Self.seed("home.json.gz")
        let mutator = CompressionMutator(structure: Self.structure)
        var encodings = Set<ContentEncoding>()
        var decodable = 0, broken = 0
        for seed in 0..<600 {
            var bytes = input
            var rng = FuzzRandom(seed: UInt64(seed))
            mutator.mutate(&bytes, maxSize: 1 << 16, rng: &rng)
            #expect(bytes.count <= 1 << 16)
            if let payload = try? PayloadDecoder().decode(bytes, declared: PayloadSniffer.declaredForFuzzing(bytes)) {
                decodable += 1
                encodings.insert(payload.encoding)
            } else {
                broken += 1
            }
        }
        #expect(encodings == Set(ContentEncoding.allCases), "\(encodings)")
        #expect(decodable > 250, "\(decodable) of 600 decodable")
        #expect(broken > 60, "surgery should break some streams: \(broken)")
    }

    @Test func aDocumentCutDownStaysJSON() throws {
        let text = Array(#"{"screen":"s","a":"x,]}[{","components":[{"type":"text","text":"\"[,"},[[1,2],{"k":[]}],3]}"#.utf8)
        let whole = try JSONParser().parse(text)
        for limit in 2..<text.count {
            let cut = JSONTruncation.cut(text, to: limit)
            #expect(cut.count <= limit, "\(limit)")
            let value = try JSONParser().parse(cut)
            // A prefix of the document: its first member is the document's, when it fits.
            if case .object(let members) = value, let first = members.first, case .object(let all) = whole {
                #expect(first.key == all[0].key)
            }
        }
        #expect(JSONTruncation.cut(text, to: text.count) == text)
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let shallower = JSONTruncation.cut(deep, to: 1_000)
        #expect(shallower == Array((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8))
        #expect(JSONTruncation.cut(Array("\"0123456789\"".utf8), to: 4) == Array("\"012".utf8))
    }

    @Test func aPrefixStopsInflatingAtItsCount() throws {
        let text = Array((0..<200_000).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        for encoding in [ContentEncoding.gzip, .zlib, .rawDeflate] {
            let stream = Deflater.compress(text, as: encoding)
            #expect(InflatedPrefix.of(stream, as: encoding, count: 70_000) == Array(text.prefix(70_000)), "\(encoding)")
            #expect(InflatedPrefix.of(stream, as: encoding, count: 200_000) == text, "\(encoding)")
            #expect(InflatedPrefix.of(stream, as: encoding, count: 200_001) == nil, "\(encoding): the stream ends first")
        }
        #expect(InflatedPrefix.of(Array("{}".utf8), as: .identity, count: 1) == Array("{".utf8))
        var broken = Deflater.compress(text, as: .gzip)
        broken.removeLast(broken.count / 2)
        #expect(InflatedPrefix.of(broken, as: .gzip, count: 190_000) == nil, "cut before the count")
        #expect(InflatedPrefix.of([], as: .gzip, count: 10) == nil)
    }

    @Test func aStreamInflatingPastTheBudgetIsCutToADocument() throws {
        // A zlib bomb (the shape of Corpus/seeds/error-bomb-17MiB.json.gz, smaller): a document
        // that goes on for megabytes. Its mutants are documents within the budget again.
        let bomb = Deflater.compress(Array(#"{"screen":"bomb","version":1,"components":["#.utf8)
            + Array(repeating: Array(#"{"type":"spacer"},"#.utf8), count: 200_000).joined(), as: .zlib, level: 9)
        #expect(CompressionMutator.open(bomb).text?.count == CompressionMutator.innerLimit.maxDecodedBytes)
        let mutator = CompressionMutator(structure: Self.structure)
        var documents = 0
        for seed in 0..<40 {
            var bytes = bomb
            var rng = FuzzRandom(seed: UInt64(seed))
            mutator.mutate(&bytes, maxSize: 1 << 16, rng: &rng)
            // Surgery on the stream, or now and then the document at the size it opened to: not counted.
            guard let text = try? PayloadDecoder().decode(bytes, declared: PayloadSniffer.declaredForFuzzing(bytes)).text,
                  text.count <= 1 << 16, (try? JSONParser().parse(text)) != nil else { continue }
            documents += 1
        }
        #expect(documents >= 25, "\(documents) of 40 mutants are documents within the budget")
    }

    @Test func handBuiltGzipMembersWithEveryFlagDecode() throws {
        let text = Array(#"{"screen":"s","version":1,"components":[]}"#.utf8)
        var rng = FuzzRandom(seed: 7)
        for flags: UInt8 in 0..<32 {
            let member = GzipBuilder.member(text, flags: flags, rng: &rng)
            #expect(try PayloadDecoder().decode(member).text == text, "flags \(flags)")
        }
    }

    @Test func dictionaryIsLearntFromTheCorpus() {
        let d = Self.dictionary
        #expect(d.discriminatorKeys.contains("type"))
        #expect(Set(d.kinds).isSuperset(of: ["text", "two_line_text", "icon_title", "button", "image", "spacer", "stack", "navigate", "open_url", "dismiss"]))
        #expect(Set(d.enumValues).isSuperset(of: ["caption", "primary", "secondary", "vertical", "horizontal"]))
        #expect(Set(d.keys).isSuperset(of: ["screen", "version", "components", "data", "children", "aspect_ratio"]))
        let text = d.libFuzzerFormat
        #expect(text.contains(#""\"type\":""#))
        #expect(text.contains(#""\"stack\"""#))
        #expect(text.contains(#""\\u0000""#))
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.hasPrefix("\"") && line.hasSuffix("\""), "\(line)")
            #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f }, "\(line)")
        }
    }

    @Test(.enabled(if: TestPaths.externalDataAvailable, "needs ../shared/external"))
    func dictionaryLearnsAnotherProtocol() {
        let divkit = FuzzDictionary(learningFrom: CorpusReader.documents(in: [TestPaths.external.appendingPathComponent("divkit").path]))
        #expect(divkit.discriminatorKeys.contains("type"))
        #expect(divkit.kinds.contains("container") && divkit.kinds.contains("text"))
        let beagle = FuzzDictionary(learningFrom: CorpusReader.documents(in: [TestPaths.external.appendingPathComponent("beagle").path]))
        #expect(beagle.discriminatorKeys.contains("_beagleComponent_"))
        #expect(beagle.kinds.contains("beagle:container"))
    }
}

extension Array where Element == UInt8 {
    func windowsContain(_ needle: [UInt8]) -> Bool {
        Data(self).range(of: Data(needle)) != nil
    }
}
