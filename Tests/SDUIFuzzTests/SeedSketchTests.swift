import Foundation
import Testing
import SDUIJSON
@testable import SDUIFuzz

@Suite struct SeedSketchTests {
    /// What a registry-style decoder's sources give the dictionary: typed keys, and the names its
    /// registry dispatches on as literals of the discriminator.
    static var registryDictionary: FuzzDictionary {
        FuzzDictionary(libFuzzerDictionary: """
        "\\"layout\\":{}"
        "\\"props\\":{}"
        "\\"children\\":[]"
        "\\"component\\":\\"\\""
        "\\"text\\":\\"\\""
        "\\"initial_page\\":0"
        "\\"visible\\":true"
        "\\"component\\":\\"label\\""
        "\\"component\\":\\"promo_carousel\\""
        """)
    }

    static func object(_ value: JSONValue) -> [String: JSONValue] {
        guard case .object(let members) = value else { return [:] }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func aFlatSketchHoldsEveryTypedKeyWithAValueOfItsType() throws {
        let sketches = SeedSketch.documents(from: Self.registryDictionary)
        let flat = Self.object(try #require(sketches.first))
        #expect(flat["component"] == .string("label"), "a compared key gets its literal")
        #expect(flat["text"] == .string(""))
        #expect(flat["initial_page"] == .number(1), "a number that divides and indexes, not 0")
        #expect(flat["visible"] == .bool(true))
        #expect(flat["layout"] == .object([]) && flat["props"] == .object([]) && flat["children"] == .array([]))
        // The second variant sketches the next kind.
        #expect(Self.object(sketches[1])["component"] == .string("promo_carousel"))
    }

    /// A rare kind the source sketches whole starts a document of its own, inside the first array
    /// the decoder reads (a registry app with no samples has nothing else to reach it from).
    @Test func eachSketchedKindStartsADocumentInTheFirstArray() {
        var dictionary = Self.registryDictionary
        let kind = KindSketch(discriminator: "component", kind: "promo_countdown", keys: [.init("endsAt", "string"), .init("pages", "array")])
        dictionary.kindSketches = [kind]
        let sketches = SeedSketch.documents(from: dictionary)
        #expect(sketches.last == .object([JSONMember("children", .array([kind.json]))]), "\(String(describing: sketches.last))")
        #expect(SeedSketch.documents(from: Self.registryDictionary).count == sketches.count - 1)
    }

    /// A key the code reads from inside another (`props["name"]`) is sketched inside it.
    @Test func aNestedKeyIsSketchedInsideItsParent() {
        var dictionary = Self.registryDictionary
        dictionary.nestedKeys = [.init("props", "name"), .init("props", "initial_page")]
        let flat = Self.object(SeedSketch.documents(from: dictionary)[0])
        #expect(flat["props"] == .object([JSONMember("initial_page", .number(1)), JSONMember("name", .string(""))]), "\(String(describing: flat["props"]))")
    }

    @Test func eachContainerKeyHoldsAFlatSketchOneLevelDown() {
        let sketches = SeedSketch.documents(from: Self.registryDictionary)
        // Two variants, then one sketch per container key (children, layout, props).
        #expect(sketches.count == 5)
        let wrapped = sketches.dropFirst(2).map(Self.object)
        #expect(wrapped.map { $0.keys.sorted() } == [["children"], ["layout"], ["props"]])
        guard case .array(let children)? = wrapped[0]["children"] else { Issue.record("children is no array"); return }
        #expect(children.count == 1 && Self.object(children[0])["component"] == .string("label"))
        #expect(Self.object(wrapped[1]["layout"] ?? .null)["component"] == .string("promo_carousel"))
    }

    @Test func aDecoderReadingANestedKindIsMetByASketch() throws {
        // `json["layout"]["component"] == "promo_carousel"`: from nothing, several moves deep.
        let reaches: ([UInt8]) -> Bool = { bytes in
            guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                  let layout = json["layout"] as? [String: Any] else { return false }
            return layout["component"] as? String == "promo_carousel"
        }
        let sketches = SeedSketch.documents(from: Self.registryDictionary).map { JSONSerializer.serialize($0) }
        #expect(sketches.contains(where: reaches))
    }

    @Test func noTypedKeysNoSketch() {
        var dictionary = FuzzDictionary()
        dictionary.literals = ["label"]
        #expect(SeedSketch.documents(from: dictionary).isEmpty)
    }

    @Test func aHarnessWithoutSeedsStartsFromSketchesAndOneWithSeedsDoesNot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sketch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/seeds", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.registryDictionary.libFuzzerFormat.write(toFile: dir + "/x.dict", atomically: true, encoding: .utf8)
        var configuration = FuzzHarnessConfiguration()
        configuration.dictionary = dir + "/x.dict"
        configuration.seeds = [dir + "/seeds"]

        let seedless = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "x", decode: { $0 }), configuration: configuration)
        seedless.prepare(corpus: [])
        #expect(seedless.sketchedSeeds == 5)
        #expect(seedless.seedFiles.count == 5)
        #expect(seedless.seedFiles.allSatisfy { (try? JSONParser().parse($0)) != nil }, "each restart point is a document")

        try #"{"layout":{"component":"label"}}"#.write(toFile: dir + "/seeds/one.json", atomically: true, encoding: .utf8)
        let seeded = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "x", decode: { $0 }), configuration: configuration)
        seeded.prepare(corpus: [])
        #expect(seeded.sketchedSeeds == 0)
        #expect(seeded.seedFiles == [Array(#"{"layout":{"component":"label"}}"#.utf8)])

        // Byte-only mutation has no use for documents.
        let plain = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "x", decode: { $0 }), mutation: .bytes, configuration: {
            var c = configuration; c.seeds = []; return c
        }())
        plain.prepare(corpus: [])
        #expect(plain.sketchedSeeds == 0 && plain.seedFiles.isEmpty)
    }
}
