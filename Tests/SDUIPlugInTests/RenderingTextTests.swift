import Foundation
import Testing
import TestSupport
import SDUIPlugIn

@Suite struct RenderingTextTests {
    /// Every golden rendering in the repository (the reference decoder's and the sample clients').
    static var goldens: [URL] {
        let root = TestPaths.packageRoot
        var found: [URL] = []
        for dir in ["Corpus/renderings", "Contracts/goldens", "Examples/GateClients/Contracts"] {
            let base = root.appendingPathComponent(dir)
            found += TestPaths.files(under: base).filter { $0.hasSuffix(".txt") }.map { base.appendingPathComponent($0) }
        }
        return found
    }

    @Test func everyGoldenReadsBackToTheSameText() throws {
        let goldens = Self.goldens
        #expect(goldens.count > 60, "the corpus and contract goldens should be found (\(goldens.count))")
        for url in goldens {
            let text = try String(contentsOf: url, encoding: .utf8)
            let rendering = try Rendering.parse(text)
            #expect(rendering.text == text, "\(url.lastPathComponent) does not round-trip")
        }
    }

    @Test func aBuiltRenderingRoundTripsWithRolesAndPlaceholders() throws {
        var rendering = Rendering(screen: "Home feed", attributes: [.text(nil, "Hi \"there\"\n")], components: [
            .component("BannerViewType", id: "hero 1", [.action("open", "shop://sale?x=1"), .text("title", "Spring"), .link("image", "https://x/y.png"),
                                                          .style("tone", "warm"), .value("ratio", "1.5")]),
            .component("list", children: [
                .component("row", [.text(nil, "a")]),
                .unsupported("carousel_v2", path: "$.views[1].children[1]"),
                .invalid("row", reason: "missing \"title\""),
            ]),
        ], warnings: [RenderedWarning(path: "$.views[1]", message: "unknown child", code: "x")])
        rendering.notShown = [NotShownComponent(path: "$.views[2]", key: "viewType", value: "Stories: new")]
        let text = rendering.text
        #expect(text == """
        screen "Home feed" "Hi \\"there\\"\\n"
        ├─ BannerViewType#"hero 1" title="Spring" image=https://x/y.png tone=[warm] ratio=1.5 → open shop://sale?x=1
        └─ list
           ├─ row "a"
           ├─ unsupported "carousel_v2"  @ $.views[1].children[1]
           └─ invalid row: missing "title"
        warnings:
          $.views[1]: unknown child
        not shown:
          $.views[2]: viewType "Stories: new"

        """)
        let back = try Rendering.parse(text)
        #expect(back.text == text)
        #expect(back.screen == "Home feed")
        let banner = back.components[0]
        #expect(banner.id == "hero 1")
        #expect(banner.attributes.map(\.role) == [.text, .value, .style, .value, .action])
        #expect(banner.attributes.last == .action("open", "shop://sale?x=1"))
        #expect(banner.attributes[1].isLinkLike && !banner.attributes[3].isLinkLike)
        #expect(back.components[1].children[1].placeholder == Placeholder(kind: .unsupported, detail: #""carousel_v2""#, path: "$.views[1].children[1]"))
        #expect(back.components[1].children[2].placeholder?.kind == .invalid)
        #expect(back.notShown == rendering.notShown)
        #expect(back.notShown[0].slot == "$.views[*]")
    }

    @Test func rejectionsAreOneLineAndNameTheirPath() throws {
        struct Item: Decodable { let title: String }
        struct Screen: Decodable { let views: [Item] }
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Screen.self, from: Data(#"{"views":[{"title":"a"},{"name":"b"}]}"#.utf8))
        }
        let rendering = Rendering.rejected(try #require(error))
        #expect(rendering.text == "rejected keyNotFound at $.views[1]: no value for key \"title\"\n")
        #expect(try Rendering.parse(rendering.text) == rendering)
        enum AppError: Error { case unknownScreen(String) }
        #expect(Rendering.rejected(AppError.unknownScreen("x")).rejection == #"AppError.unknownScreen("x")"#)
    }

    @Test func unreadableTextNamesItsLine() {
        for (text, line) in [("", 1), ("hello\n", 1), ("screen s\n├─ a\nnot a tree line\n", 3), ("screen s\n│  │  └─ a\n", 2),
                             ("rejected x\nmore\n", 2), ("screen s\nwarnings:\nno indent\n", 3), ("screen s\nnot shown:\n  $.a\n", 3)] {
            #expect(throws: RenderingParseError.self, "\(text)") { try Rendering.parse(text) }
            do { _ = try Rendering.parse(text) } catch { #expect(error.line == line, "\(text)") }
        }
    }
}
