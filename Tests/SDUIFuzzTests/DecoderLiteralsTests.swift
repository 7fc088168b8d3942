import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload
@testable import SDUIFuzz
import SDUIPlatform

@Suite struct DecoderLiteralsTests {
    static let source = #"""
    import Foundation

    enum ComponentKind: String, Decodable {
        case hero, banner = "promo_banner"
        case legacyCarousel = "legacy_carousel"
    }

    struct FeedDTO: Decodable {
        let screenName: String
        var pageSize: Int?
        let kind: ComponentKind
        enum CodingKeys: String, CodingKey { case screenName = "screen_name", pageSize }
    }

    func check(_ version: String, count: Int) -> Bool {
        // a comment with "not a literal" is skipped
        if version == "5.2.0-beta" && count > 12 { return true }
        let message = "this is a long human readable message that is not a token"
        print("value \(count) interpolated")
        switch version { case "experimental_grid_v2": return count % 7 == 0; default: return count < -3 }
    }

    func legacy(_ d: [String: Any]) -> Int {
        let rows = d["rows"] as? Int ?? 0
        switch d["layout"] as? String {
        case "masonry": return rows
        default: return d["style"] as? String == "compact" ? 1 : 0
        }
    }

    enum SectionType: String { case title = "TITLE", legacy = "LEGACY_GRID" }
    enum BlockType: String, Decodable { case text, gallery = "GALLERY_V0" }

    func section(_ item: [String: Any]) -> SectionType? {
        let rawType = item["sectionType"] as? String ?? ""
        return SectionType(rawValue: rawType)
    }

    func block(from c: KeyedDecodingContainer<CodingKeys>) throws -> BlockType? {
        let blockKind: String = try c.decode(String.self, forKey: .blockKind)
        return BlockType(rawValue: blockKind)
    }
    """#

    @Test func minesLiteralsCasesKeysAndConstantsFromSources() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Sources/Feed"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.source.utf8).write(to: dir.appendingPathComponent("Sources/Feed/Feed.swift"))
        try Data(#"let ignored = "only_in_the_build_folder""#.utf8).write(to: dir.appendingPathComponent("Package.swift"))
        let mined = DecoderLiterals.mine(sources: [dir.path])
        for s in ["5.2.0-beta", "experimental_grid_v2", "promo_banner", "legacy_carousel", "screen_name", "hero", "legacyCarousel"] {
            #expect(mined.strings.contains(s), "\(s) should be mined")
        }
        #expect(!mined.strings.contains { $0.contains("human readable") })
        #expect(!mined.strings.contains { $0.contains("interpolated") })
        #expect(!mined.strings.contains("not a literal"))
        #expect(!mined.strings.contains("only_in_the_build_folder"))
        for k in ["screenName", "screen_name", "pageSize", "page_size"] { #expect(mined.keys.contains(k), "\(k) should be a key") }
        for n in ["12", "7", "-3"] { #expect(mined.numbers.contains(n), "\(n) should be mined") }
        // Which literal belongs to which key, and which type each key is read as.
        let pairs = Set(mined.pairs.map { "\($0.key)=\($0.value)" })
        for p in ["version=5.2.0-beta", "version=experimental_grid_v2", "kind=promo_banner", "kind=legacy_carousel", "kind=hero",
                  "layout=masonry", "style=compact",
                  // an enum's raw values for a key read into a variable first, by subscript or by `forKey:`
                  "sectionType=LEGACY_GRID", "sectionType=TITLE", "blockKind=GALLERY_V0", "blockKind=text"] {
            #expect(pairs.contains(p), "\(p) should be a mined pair")
        }
        let typed = Set(mined.typedKeys.map { "\($0.key)=\($0.value)" })
        for t in ["pageSize=number", "screenName=string", "rows=number", "kind=string"] { #expect(typed.contains(t), "\(t) should be typed") }
    }

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
