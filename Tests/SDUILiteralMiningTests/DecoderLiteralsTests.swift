import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload
@testable import SDUIFuzz
import SDUILiteralMining
import SDUIPlatform

@Suite struct DecoderLiteralsTests {
    /// Literals compared in this very test binary: the 10-byte one is a small string (two
    /// immediates), the 26-byte one lives in read-only data.
    @Test func minesSwiftStringLiteralsFromABinary() throws {
        let probe = ProcessInfo.processInfo.environment["SDUI_NO_SUCH_VARIABLE"] ?? "x"
        #expect(probe != "zq_probe77" && probe != "zq_long_literal_probe_2026")
        let mined = DecoderLiterals.mine(binary: Platform.executablePath() ?? CommandLine.arguments[0])
        #expect(mined.strings.contains("zq_probe77"))
        #expect(mined.strings.contains("zq_long_literal_probe_2026"))
        #expect(DecoderLiterals.mine(binary: "/dev/null").isEmpty)
    }

    @Test func dictionaryFileRoundTripsIntoTheMutatorsDictionary() {
        var dictionary = FuzzDictionary(learningFrom: [try! JSONParser().parse(Array(#"{"type":"text","title":"Hi"}"#.utf8))])
        dictionary.add(DecoderLiterals(strings: ["5.2.0-beta", "text"], keys: ["log_id"], numbers: ["2147483647"]))
        #expect(dictionary.literals == ["5.2.0-beta"])  // "text" is a kind the corpus has already
        let read = FuzzDictionary(libFuzzerDictionary: dictionary.libFuzzerFormat)
        #expect(read.keys.contains("log_id") && read.keys.contains("type"))
        #expect(read.literals.contains("5.2.0-beta"))
        #expect(read.numbers.contains("2147483647"))
        #expect(FuzzDictionary(libFuzzerDictionary: #"kw="\x41B\"C""#).literals.isEmpty)   // a bare token is libFuzzer's only
        #expect(FuzzDictionary(libFuzzerDictionary: #""\"\x41B\"""#).literals == ["AB"])
        // Tokens that start like a pair but are not one (mined from a JSON writer's code) are read
        // without trapping: `":"`, `"":""`, `":`.
        let odd = FuzzDictionary(libFuzzerDictionary: #""\":\""\#n"\"\":\"\""\#n"\":"\#n"\""\#n"#)
        #expect(odd.pairs.isEmpty && odd.keys.isEmpty && odd.literals == [":"])
        #expect(odd.typedKeys == [.init("", "string")])
        // Pairs and typed keys survive the file, and a discriminator's compared values become kinds.
        var withPairs = dictionary
        withPairs.add(DecoderLiterals(pairs: [.init("type", "legacy_carousel"), .init("style", "grid_v2")], typedKeys: [.init("rows", "number")]))
        #expect(withPairs.kinds.contains("legacy_carousel"))
        let back = FuzzDictionary(libFuzzerDictionary: withPairs.libFuzzerFormat)
        #expect(back.pairs.contains(.init("style", "grid_v2")) && back.typedKeys.contains(.init("rows", "number")))
    }

    /// The structure mutator's outputs for `input`, one per seed (3,000 deterministic draws).
    static func mutations(of input: [UInt8], dictionary: FuzzDictionary) -> [String] {
        let structure = JSONStructureMutator(dictionary: dictionary, pool: SplicePool())
        return (0..<3_000).map { seed in
            var bytes = input
            var rng = FuzzRandom(seed: UInt64(seed))
            structure.mutate(&bytes, maxSize: 1 << 16, rng: &rng)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func structureMutationsUseMinedLiteralsAndCrossTypeBoundaries() throws {
        let input = Array(#"{"screen":"home","meta":{"logId":12,"version":"1.0"},"views":[{"type":"text","id":"a","ref":"b","columns":3}]}"#.utf8)
        var dictionary = FuzzDictionary(learningFrom: [try JSONParser().parse(input)])
        dictionary.add(DecoderLiterals(strings: ["5.2.0-beta"], numbers: ["40"], pairs: [.init("version", "2.0-rc")],
                                       typedKeys: [.init("selectedIndex", "number")]))
        let texts = Self.mutations(of: input, dictionary: dictionary)
        #expect(texts.contains { $0.contains(#""5.2.0-beta""#) })               // a mined literal as a value
        #expect(texts.contains { $0.contains(#""5.2.0-beta":"#) })              // … and as a key
        for boundary in ["2147483648", "9223372036854775808", "-1", "4294967296"] {
            #expect(texts.contains { $0.contains(":\(boundary)") }, "\(boundary) should be produced exactly")
        }
        #expect(texts.contains { $0.contains(":39") || $0.contains(":41") })    // a mined constant's neighbour
        #expect(texts.contains { $0.contains(":120") || $0.contains(":1200") })  // orders of magnitude
        #expect(texts.contains { $0.contains(#""ref":"a""#) })                  // a value copied from another field
        #expect(texts.contains { $0.contains(#""version":"2.0-rc""#) })         // a paired literal at its key
        #expect(texts.contains { $0.contains(#""selectedIndex":"#) })           // a typed key the seeds lack
    }

    @Test func numericSiblingsChangeTogether() throws {
        // width and height both 0 (a gcd divisor), or both past Int64: one move, not two lucky ones.
        let input = Array(#"{"view_type":"one_image","view_data":{"image_size":{"width":640,"height":480}}}"#.utf8)
        let dictionary = FuzzDictionary(learningFrom: [try JSONParser().parse(input)])
        let texts = Self.mutations(of: input, dictionary: dictionary)
        #expect(texts.contains { $0.contains(#""width":0,"height":0"#) })
        // … and one exact boundary past Double's integers, injected at both places.
        let sameBoundary = try Regex(#""width":(-?[0-9]{16,}),"height":\1[,}]"#)
        #expect(texts.contains { $0.contains(sameBoundary) })
    }
}
