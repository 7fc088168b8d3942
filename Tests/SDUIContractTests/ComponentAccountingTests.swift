import Testing
import SDUIContract
import SDUIJSON
import SDUIPlugIn

@Suite struct ComponentAccountingTests {
    static func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

    static let feed = #"{"responseData":{"screenName":"Home","contents":["#
        + #"{"viewType":"TitleViewType","content":{"title":"Hi"},"tracking":{"eventType":"impression"}},"#
        + #"{"viewType":"BannerViewType","content":{"imageUrl":"https://x/a.png","action":{"type":"open_url"}}},"#
        + #"{"viewType":"StoriesViewType","content":{"title":"New"}}]}}"#

    /// What a decoder that silently drops unknown types shows for `feed`.
    static let shown = Rendering(screen: "Home", components: [
        .component("TitleViewType", [.text("title", "Hi")]), .component("BannerViewType", [.link("image", "https://x/a.png")]),
    ])

    @Test func aComponentDroppedSilentlyIsNotShownAndNothingElseIs() throws {
        let notShown = ComponentAccounting().notShown(payload: try Self.json(Self.feed), rendering: Self.shown)
        // Tracking objects and actions carry discriminators too, but sit where no component does.
        #expect(notShown == [NotShownComponent(path: "$.responseData.contents[2]", key: "viewType", value: "StoriesViewType")])
    }

    @Test func placeholdersAccountForWhatTheyReplace() throws {
        var rendering = Self.shown
        rendering.components.append(.unsupported("StoriesViewType"))
        #expect(ComponentAccounting().notShown(payload: try Self.json(Self.feed), rendering: rendering).isEmpty)
        rendering.components[2] = .unsupported("StoriesViewType", path: "$.responseData.contents[2]")
        #expect(ComponentAccounting().notShown(payload: try Self.json(Self.feed), rendering: rendering).isEmpty)
    }

    @Test func kindsMatchTheirDiscriminatorLoosely() throws {
        // An app that names its kinds after its own enum cases: `title`, `banner`.
        let rendering = Rendering(components: [.component("title"), .component("Banner")])
        let notShown = ComponentAccounting().notShown(payload: try Self.json(Self.feed), rendering: rendering)
        #expect(notShown.map(\.value) == ["StoriesViewType"])
        // Too short to match as a prefix: nothing is learnt, nothing reported.
        let terse = Rendering(components: [.component("t"), .component("b")])
        #expect(ComponentAccounting().notShown(payload: try Self.json(Self.feed), rendering: terse).isEmpty)
    }

    @Test func aRenamedDiscriminatorIsFoundThroughTheGoldensKinds() throws {
        // Every component renamed its key: this rendering shows nothing, the golden showed titles.
        let renamed = #"{"views":[{"view_type":"title","text":"a"},{"view_type":"title","text":"b"}]}"#
        let golden = Rendering(components: [.component("title", [.text(nil, "a")]), .component("title", [.text(nil, "b")])])
        let notShown = ComponentAccounting().notShown(payload: try Self.json(renamed), rendering: Rendering(), golden: golden)
        #expect(notShown.map(\.path) == ["$.views[0]", "$.views[1]"])
        #expect(ComponentAccounting().notShown(payload: try Self.json(renamed), rendering: Rendering()).isEmpty, "no kinds, no slots")
    }

    @Test func anExtraArrayTheClientNeverReadIsNotAComponentSlot() throws {
        // `related` holds objects of a kind the client renders elsewhere; the client never read it.
        let payload = try Self.json(#"{"products":[{"type":"product","id":"1"}],"related":[{"type":"product","id":"2"},{"type":"product","id":"3"}]}"#)
        let shown = Rendering(components: [.component("product", [.value("id", "1")])])
        #expect(ComponentAccounting().notShown(payload: payload, rendering: shown, golden: shown).isEmpty)
        // Without a golden there is nothing to tell them apart: reported, as before.
        #expect(ComponentAccounting().notShown(payload: payload, rendering: shown).count == 2)
        // When the client's count of that kind fell against the golden, the same slot is reported.
        let golden = Rendering(components: [.component("product", [.value("id", "1")]), .component("product", [.value("id", "2")])])
        #expect(ComponentAccounting().notShown(payload: payload, rendering: shown, golden: golden).map(\.path) == ["$.related[0]", "$.related[1]"])
    }

    /// The order of an object's keys means nothing in JSON: an extra array written before the real
    /// one must not take the components the real one shows (found by the labelled pairs when
    /// their keys came out in another order).
    @Test func keyOrderNeverChangesWhatIsShown() throws {
        let contents = #""contents":[{"viewType":"TitleViewType","content":{"title":"Hi"}},{"viewType":"BannerViewType","content":{"imageUrl":"https://x/a.png"}}]"#
        let related = #""related":[{"viewType":"BannerViewType","content":{"imageUrl":"https://x/b.png"}}]"#
        let shown = Rendering(components: [.component("TitleViewType", [.text("title", "Hi")]),
                                           .component("BannerViewType", [.link("image", "https://x/a.png")])])
        let dropped = Rendering(components: [.component("TitleViewType", [.text("title", "Hi")])])
        var reports: [[String]] = []
        for payload in ["{\(contents),\(related)}", "{\(related),\(contents)}"] {
            #expect(ComponentAccounting().notShown(payload: try Self.json(payload), rendering: shown, golden: shown).isEmpty, "\(payload)")
            // A banner the client no longer shows is reported where it was, in either order.
            reports.append(ComponentAccounting().notShown(payload: try Self.json(payload), rendering: dropped, golden: shown).map(\.path))
        }
        #expect(reports[0].sorted() == reports[1].sorted(), "the same components, each reported in document order")
        #expect(reports[0].contains("$.contents[1]"))
    }

    @Test func anObjectThatLostItsDiscriminatorIsNotShownUnlessSomethingRendersIt() throws {
        let payload = try Self.json(#"{"views":[{"type":"text","v":"a"},{"kind_of":"text","v":"b"}]}"#)
        let one = Rendering(components: [.component("text", [.text(nil, "a")])])
        #expect(ComponentAccounting().notShown(payload: payload, rendering: one) == [NotShownComponent(path: "$.views[1]", key: "type", value: nil)])
        let both = Rendering(components: [.component("text", [.text(nil, "a")]), .component("text", [.text(nil, "b")])])
        #expect(ComponentAccounting().notShown(payload: payload, rendering: both).isEmpty)
    }

    @Test func childrenOfADroppedContainerAreNotReportedAgain() throws {
        let payload = try Self.json(#"{"views":[{"type":"stack","children":[{"type":"text"}]},{"type":"grid","children":[{"type":"text"},{"type":"text"}]}]}"#)
        let rendering = Rendering(components: [.component("stack", children: [.component("text")])])
        #expect(ComponentAccounting().notShown(payload: payload, rendering: rendering).map(\.path) == ["$.views[1]"])
    }

    @Test func configuredDiscriminatorsReplaceTheBuiltInRule() throws {
        let payload = try Self.json(#"{"sections":[{"component":"hero"},{"component":"faq"}]}"#)
        let rendering = Rendering(components: [.component("hero")])
        #expect(ComponentAccounting().notShown(payload: payload, rendering: rendering).count == 1)  // `component` is a known key
        #expect(ComponentAccounting(discriminators: ["layout"]).notShown(payload: payload, rendering: rendering).isEmpty)
    }

    @Test func rejectedResponsesAreNotAccounted() throws {
        #expect(ComponentAccounting().notShown(payload: try Self.json(Self.feed), rendering: .rejected("bad")).isEmpty)
    }

    /// Every shown component renamed at once: no object of a shown kind is left to mark the slot,
    /// but the golden's own not-shown item there says it holds components.
    @Test func aSlotTheGoldenCountedStillCountsWhenEveryShownKindIsRenamed() throws {
        var golden = Rendering(screen: "Home", components: [.component("TitleViewType", [.text("title", "Hi")])])
        golden.notShown = [NotShownComponent(path: "$.responseData.contents[1]", key: "viewType", value: "CouponViewType")]
        let renamed = #"{"responseData":{"screenName":"Home","contents":[{"viewType":"HeaderViewType","content":{"title":"Hi"}},"#
            + #"{"viewType":"CouponViewType","content":{"code":"X"}}]}}"#
        let notShown = ComponentAccounting().notShown(payload: try Self.json(renamed), rendering: Rendering(screen: "Home"), golden: golden)
        #expect(notShown.map(\.value) == ["HeaderViewType", "CouponViewType"])
        // Without the golden's word: the client shows fewer of its kinds than it did and nothing
        // in the payload is of a kind it knows, so the array of discriminated objects is where
        // they went (a one-component screen whose type was renamed).
        #expect(ComponentAccounting().notShown(payload: try Self.json(renamed), rendering: Rendering(screen: "Home"),
                                               golden: Rendering(screen: "Home", components: golden.components)).map(\.value)
                == ["HeaderViewType", "CouponViewType"])
        // When the client still shows what it showed, an array it never read stays unread.
        #expect(ComponentAccounting().notShown(payload: try Self.json(renamed), rendering: golden,
                                               golden: Rendering(screen: "Home", components: golden.components)).isEmpty)
    }
}
