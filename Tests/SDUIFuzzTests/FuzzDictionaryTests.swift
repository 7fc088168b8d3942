import SDUIJSON
import Testing
@testable import SDUIFuzz

/// What a dictionary knows of the decoder's components when no sample shows one.
@Suite struct FuzzDictionaryTests {
    /// A registry decoder with no samples (RegistryApp of Benchmarks/AppDecoders: `node["component"]`
    /// looked up in a registry, `name == "fragment"`): the key its source compares with the kinds is a
    /// discriminator key, so the moves that work on components find them in a sketched document.
    @Test func aDiscriminatorKnownOnlyFromTheSourceIsADiscriminatorKey() {
        var dictionary = FuzzDictionary()
        #expect(dictionary.discriminatorKeys.isEmpty)
        dictionary.pairs = [.init("component", "fragment"), .init("component", "label"), .init("style", "body")]
        dictionary.kindSketches = [KindSketch(discriminator: "widget_kind", kind: "banner", keys: [.init("title", "string")])]
        dictionary.addDiscriminatorValues()
        #expect(dictionary.discriminatorKeys == ["component", "widget_kind"], "style is compared with literals but is no discriminator")
        #expect(dictionary.kinds == ["banner", "fragment", "label"])
    }

    /// With the key known, the self reference takes the whole component (not its properties) as the
    /// piece it names: the fragment then refers to itself.
    @Test func theSelfReferenceOfASketchedRegistryDocumentIsAFragment() throws {
        var dictionary = FuzzDictionary()
        dictionary.pairs = [.init("component", "fragment")]
        dictionary.addDiscriminatorValues()
        let mutator = JSONStructureMutator(dictionary: dictionary, pool: SplicePool())
        let text = #"{"layout":{"component":"fragment","props":{"name":""}},"fragments":{}}"#
        var cycles = 0
        for seed in 0..<100 {
            var root = try JSONParser().parse(Array(text.utf8))
            var rng = FuzzRandom(seed: UInt64(seed))
            if mutator.selfReference(&root, rng: &rng), root["fragments"]?[""] == root["layout"] { cycles += 1 }
        }
        #expect(cycles >= 50, "\(cycles) of 100 made fragments[\"\"] the layout that refers to it")
    }
}
