import Testing
import SDUIJSON
import SDUIPayload
@testable import SDUIScreen

private func decode(_ json: String, limits: DecodingLimits = .default) throws(ScreenError) -> Screen {
    try ScreenDecoder(limits: limits).decode(Array(json.utf8)).screen
}

private func screen(_ components: String, title: String = "") -> String {
    #"{"screen":"s","version":1,\#(title)"components":[\#(components)]}"#
}

private func rejection(_ json: String, limits: DecodingLimits = .default) -> ScreenError? {
    do { _ = try decode(json, limits: limits); return nil } catch { return error }
}

@Suite struct ScreenDecoderTests {
    @Test func decodesEveryKindWithItsFields() throws {
        let s = try decode(screen(#"""
            {"type":"text","id":"a","data":{"text":"T","style":"caption"}},
            {"type":"two_line_text","data":{"title":"A","subtitle":"B"}},
            {"type":"icon_title","data":{"title":"I","icon_url":"https://x.y/i.png"}},
            {"type":"button","data":{"title":"Go","style":"secondary","action":{"type":"open_url","url":"https://x.y"}}},
            {"type":"image","data":{"url":"https://x.y/a.png","aspect_ratio":2,"alt":"alt"}},
            {"type":"spacer","data":{"height":16}},
            {"type":"stack","data":{"axis":"horizontal","spacing":4,"children":[{"type":"button","data":{"title":"X","action":{"type":"dismiss"}}}]}}
            """#))
        #expect(s.warnings.isEmpty)
        #expect(s.components.map(\.content) == [
            .text(Text(text: "T", style: .caption)),
            .twoLineText(TwoLineText(title: "A", subtitle: "B")),
            .iconTitle(IconTitle(title: "I", iconURL: "https://x.y/i.png")),
            .button(Button(title: "Go", action: .openURL("https://x.y"), style: .secondary)),
            .image(Image(url: "https://x.y/a.png", aspectRatio: 2, alt: "alt")),
            .spacer(Spacer(height: 16)),
            .stack(Stack(axis: .horizontal, spacing: 4, children: [
                Component(path: "$.components[6].data.children[0]", content: .button(Button(title: "X", action: .dismiss))),
            ])),
        ])
        #expect(s.components[0].id == "a")
        #expect(s.components[6].path == "$.components[6]")
    }

    @Test func oneBadComponentNeverTakesDownTheScreen() throws {
        let s = try decode(screen(#"{"type":"text","data":{"text":"ok"}},{"type":"spacer","data":{"height":"tall"}},{"type":"text","data":{"text":"ok too"}}"#))
        #expect(s.components.count == 3)
        #expect(s.components[1].content == .invalid(kind: "spacer", reason: "\"height\" expected number, found string"))
        #expect(s.warnings == [DecodeWarning(.invalidComponent, path: "$.components[1].data.height", message: "\"height\" expected number, found string")])
    }

    @Test func placeholderExplainsItselfOnce() throws {
        // An invalid optional field inside a component that then turns out invalid: one warning, not two.
        let s = try decode(screen(#"{"type":"button","data":{"title":"x","style":"huge"}}"#))
        #expect(s.warnings.map(\.code) == [.invalidComponent])
    }

    @Test func spacerRangeIsInclusive() throws {
        for (height, valid) in [(0.0, true), (10000, true), (10000.5, false), (-0.0, true), (-0.001, false)] {
            let s = try decode(screen(#"{"type":"spacer","data":{"height":\#(JSONSerializer.formatNumber(height))}}"#))
            #expect(s.warnings.isEmpty == valid, "height \(height)")
        }
    }

    @Test func stackDepthLimitIsExact() throws {
        func nested(_ depth: Int) -> String {
            var s = #"{"type":"text","data":{"text":"leaf"}}"#
            for _ in 0..<depth { s = #"{"type":"stack","data":{"axis":"vertical","children":[\#(s)]}}"# }
            return screen(s)
        }
        #expect(try decode(nested(32)).warnings.isEmpty)
        let deep = try decode(nested(33))
        #expect(deep.warnings.map(\.code) == [.stackTooDeep])
        #expect(try decode(nested(3), limits: DecodingLimits(maxStackDepth: 2)).warnings.map(\.code) == [.stackTooDeep])
    }

    @Test func componentLimitCountsEveryLevel() throws {
        let three = #"{"type":"stack","data":{"axis":"vertical","children":[{"type":"text","data":{"text":"a"}},{"type":"text","data":{"text":"b"}}]}}"#
        #expect(try decode(screen(three), limits: DecodingLimits(maxComponents: 3)).components.count == 1)
        #expect(rejection(screen(three), limits: DecodingLimits(maxComponents: 2))
                == .limitExceeded(path: "$.components[0].data.children[1]", limit: "components", value: 2))
    }

    @Test func rootRules() {
        #expect(rejection(#"{"screen":"s","version":1.5,"components":[]}"#) == .unsupportedVersion(path: "$.version", found: "1.5"))
        #expect(rejection(#"{"screen":"s","version":9223372036854775808,"components":[]}"#)
                == .unsupportedVersion(path: "$.version", found: "9.223372036854776e+18"))
        #expect(rejection(#"{"screen":"s","version":null,"components":[]}"#) == .wrongType(path: "$.version", expected: "integer", found: "null"))
        #expect(rejection(#"{"screen":"s","version":1,"components":null}"#) == .wrongType(path: "$.components", expected: "array", found: "null"))
        #expect(rejection("[]") == .rootNotObject(found: "array"))
        #expect(rejection("\"x\"") == .rootNotObject(found: "string"))
        let long = String(repeating: "é", count: 128)
        #expect(rejection(#"{"screen":"\#(long)","version":1,"components":[]}"#) == nil)
        #expect(rejection(#"{"screen":"\#(long)x","version":1,"components":[]}"#)
                == .invalidValue(path: "$.screen", reason: "\"screen\" must be 1–128 characters, found 129"))
        #expect((try? decode(#"{"screen":"s","version":1e0,"components":[]}"#)) != nil)
    }

    @Test func urlRules() {
        #expect(isHTTPURL("https://example.com"))
        #expect(isHTTPURL("HTTP://EXAMPLE.COM/path?q#f"))
        for bad in ["https://", "https:///path", "ftp://x.y", "//x.y/a", "https://x y", "https://x\n", "javascript:alert(1)", "/relative", ""] {
            #expect(!isHTTPURL(bad), "\(bad)")
        }
    }

    @Test func errorsCarryCodesPathsAndOffsets() {
        let e = rejection(#"{"screen":"s","version":1,"components":[{"type":"text",}]}"#)
        #expect(e?.code == "json.syntax")
        #expect(e?.byteOffset == 55)
        #expect(e?.path == "$.components[0].type")
        let p = ScreenError.payload(.truncated(encoding: .gzip, offset: 9))
        #expect(p.code == "payload.truncated" && p.byteOffset == 9 && p.path == nil)
    }
}
