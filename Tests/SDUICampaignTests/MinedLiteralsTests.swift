import Testing
@testable import SDUICampaign

/// What a campaign keeps of the literals mined from a fuzz binary, which holds the harness's
/// strings beside the decoder's.
@Suite struct MinedLiteralsTests {
    static let own: Set<String> = ["crossover", "number", "explains", "rssLimitMB", "components"]

    /// Words the scanner paired across two literals (`crossove` + `ber`) start like one of the
    /// harness's strings and are dropped; the decoder's strings, and a long literal (read whole
    /// from data, never paired), stay.
    @Test func aSmallStringPairedFromTheHarnessesFirstWordIsDropped() {
        let mined = ["crossoveber", "explainsMB", "componens", "promo_countdown", "flash_sale", "crossover", "explains_everything_at_length"]
        #expect(Campaign.decoderStrings(fromBinary: mined, own: Self.own) == ["promo_countdown", "flash_sale", "explains_everything_at_length"])
    }

    /// Spaces, paths, format strings and tokens under 3 bytes are no protocol tokens.
    @Test func proseAndPathsAreNotTokens() {
        #expect(Campaign.decoderStrings(fromBinary: ["Ends in", "/usr/lib", "%d items", "id", "url", "ends_at"], own: []) == ["url", "ends_at"])
    }
}
