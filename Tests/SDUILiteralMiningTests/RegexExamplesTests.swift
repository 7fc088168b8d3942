import Testing
@testable import SDUILiteralMining

/// Strings a regex literal of the source matches (mk-01 of Benchmarks/AppDecoders: a product id of
/// more digits than `Int` holds inside a deep link the decoder matches with `/^app:\/\/product\/(\d+)$/`).
@Suite struct RegexExamplesTests {
    @Test func digitRunsGetZeroAndMoreDigitsThanAnyIntegerHolds() {
        #expect(RegexExamples.examples(#"^app:\/\/product\/(\d+)$"#) == ["app://product/" + RegexExamples.longDigits, "app://product/0"])
        #expect(RegexExamples.examples(#"v(\d{1,3})\.(\d+)"#) == ["v\(RegexExamples.longDigits).\(RegexExamples.longDigits)", "v0.0"])
        #expect(RegexExamples.examples(#"^#[0-9a-f]{6}$"#) == ["#999999"], "a fixed count is written out")
        #expect(RegexExamples.examples(#"(?<id>\w+)-item"#) == ["a-item"])
    }

    @Test func syntaxOutsideTheSubsetGivesNoExample() {
        for pattern in [#"a|b"#, #"(?=x)y"#, #"[^a]"#, #"+x"#, #"\1"#] {
            #expect(RegexExamples.examples(pattern).isEmpty, "\(pattern)")
        }
    }

    @Test func aKeyMatchedByARegexIsPairedWithItsExamples() {
        let mined = SourceLiteralMiner.mine(texts: ["Banner.swift": #"""
            struct Banner: Decodable {
                let deeplink: String
                let productID: Int?
                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    deeplink = try container.decode(String.self, forKey: .deeplink)
                    productID = deeplink.firstMatch(of: /^app:\/\/product\/(\d+)$/).map { Int($0.1)! }
                }
                private enum CodingKeys: String, CodingKey { case deeplink }
            }
            """#])
        #expect(mined.pairs.contains(.init("deeplink", "app://product/" + RegexExamples.longDigits)), "\(mined.pairs)")
        #expect(mined.strings.contains("app://product/0"))
    }
}
