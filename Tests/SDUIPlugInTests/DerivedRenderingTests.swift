import Foundation
import SDUIPlugIn
import Testing

/// Renderings derived by reflection from decoders' own models, in the shapes teams write them.
@Suite struct DerivedRenderingTests {
    // A `viewType` + `content` feed whose unknown types decode to an empty fallback (seed shape 2).
    struct Feed { let responseData: FeedScreen }
    struct FeedScreen { let screenName: String; let contents: [FeedItem] }
    struct FeedItem { let viewType: String; let content: FeedContent }
    enum FeedContent { case title(TitleContent), coupon(CouponContent), products(ProductList), unknown }
    struct TitleContent { let title: String; let subtitle: String? }
    struct CouponContent { let code: String; let discount: Int }
    struct ProductList { let title: String; let products: [Product] }
    struct Product { let id: String; let name: String; let price: Price }
    struct Price { let amount: Double; let currency: String }

    @Test func aFeedsKindsComeFromWhatTheDecoderUnderstood() {
        let feed = Feed(responseData: FeedScreen(screenName: "Home", contents: [
            FeedItem(viewType: "TitleViewType", content: .title(TitleContent(title: "Hello", subtitle: nil))),
            FeedItem(viewType: "CouponViewType", content: .coupon(CouponContent(code: "SAVE", discount: 10))),
            FeedItem(viewType: "ProductListViewType", content: .products(ProductList(title: "Deals", products: [
                Product(id: "p1", name: "Lamp", price: Price(amount: 9.5, currency: "EUR")),
            ]))),
            FeedItem(viewType: "CarouselViewType", content: .unknown),
        ]))
        let rendering = DerivedRendering.rendering(of: feed)
        #expect(rendering.screen == "Home")
        #expect(rendering.text == """
        screen Home
        ├─ title title="Hello"
        ├─ coupon code="SAVE" discount=10
        └─ products title="Deals"
           └─ Product#p1 name="Lamp" price.amount=9.5 price.currency="EUR"

        """)
    }

    // An enum per component kind (seed shape 1's typed decoders), with actions and styles.
    enum Component {
        case text(TextData)
        case button(ButtonData)
        case stack(children: [Component], spacing: Int)
        case unsupported(type: String)
    }
    struct TextData { let text: String; let style: Style }
    enum Style { case `default`, headline }
    struct ButtonData { let title: String; let action: Action?; let url: URL? }
    enum Action { case navigate(destination: String), dismiss }
    struct Screen { let name: String; let version: Int; let components: [Component] }

    @Test func enumElementsAreComponentsAndAFallbackCaseShowsNothing() {
        let screen = Screen(name: "home", version: 1, components: [
            .text(TextData(text: "Hi", style: .default)),
            .button(ButtonData(title: "Go", action: .navigate(destination: "/shop"), url: URL(string: "https://example.com/a"))),
            .button(ButtonData(title: "Close", action: .dismiss, url: nil)),
            .stack(children: [.text(TextData(text: "inner", style: .headline)), .unsupported(type: "carousel")], spacing: 8),
            .unsupported(type: "map"),
        ])
        let rendering = DerivedRendering.rendering(of: screen)
        #expect(rendering.screen == "home")
        #expect(rendering.attributes == [.value("version", "1")])
        let kinds = rendering.components.map(\.kind)
        #expect(kinds == ["text", "button", "button", "stack"], "the unsupported element shows nothing")
        // A `default` style is a style, not a fallback: it is only one where the content is.
        #expect(rendering.components[0].attributes == [.text("text", "Hi"), .value("style", "default")])
        #expect(rendering.components[1].attributes.contains(.action("navigate", "/shop")))
        #expect(rendering.components[1].attributes.contains(.link("url", "https://example.com/a")))
        #expect(rendering.components[2].attributes == [.text("title", "Close"), .action("dismiss", nil)], "an absent optional is no attribute")
        #expect(rendering.components[3].children.map(\.kind) == ["text"])
        #expect(rendering.components[3].attributes == [.value("spacing", "8")])
    }

    // A `type` discriminator on plain structs (JSONDecoder with a type field), and a dictionary.
    struct Section { let sectionType: String; let id: Int; let title: String; let meta: [String: String]; let tags: [String] }
    struct Page { let sections: [Section?] }

    @Test func aDiscriminatorPropertyNamesTheKindAndDictionariesAreSorted() {
        let page = Page(sections: [
            Section(sectionType: "hero", id: 7, title: "Top", meta: ["b": "2", "a": "1"], tags: ["x", "y"]),
            nil,
        ])
        let rendering = DerivedRendering.rendering(of: page)
        #expect(rendering.components.count == 1, "a nil element shows nothing")
        let hero = rendering.components[0]
        #expect(hero.kind == "hero" && hero.id == "7")
        #expect(hero.attributes == [.text("title", "Top"), .text("meta.a", "1"), .text("meta.b", "2"), .text("tags", "x, y")])
    }

    // Fallback types, and a type that renders itself.
    struct UnknownSection {}
    struct Legacy: RenderedByItself {
        let label: String
        var renderedComponents: [RenderedComponent] { [.component("legacy_banner", [.text("label", label.uppercased())])] }
    }
    enum Item { case legacy(Legacy), other(UnknownSection), hidden }

    @Test func fallbackTypesShowNothingAndATypeCanRenderItself() {
        struct Root { let items: [Any] }
        let rendering = DerivedRendering.rendering(of: Root(items: [UnknownSection(), Legacy(label: "sale"), Item.other(UnknownSection())]))
        #expect(rendering.components == [.component("legacy_banner", [.text("label", "SALE")])])
        // `hidden` is not a fallback word: a case without payload that is not one is a component.
        let items = DerivedRendering.rendering(of: Root(items: [Item.hidden]))
        #expect(items.components.map(\.kind) == ["hidden"])
    }

    @Test func theSameValueAlwaysRendersTheSameText() {
        struct Root { let meta: [String: Int]; let tags: Set<String> }
        let value = Root(meta: Dictionary(uniqueKeysWithValues: (0..<50).map { ("k\($0)", $0) }), tags: Set((0..<20).map { "t\($0)" }))
        let first = DerivedRendering.rendering(of: value).text
        for _ in 0..<5 { #expect(DerivedRendering.rendering(of: value).text == first) }
    }

    @Test func aHandWrittenRenderingWinsUnlessTheDerivedOneIsAsked() {
        let decoder = DecoderUnderTest<FeedScreen>(
            name: "feed", decode: { _ in FeedScreen(screenName: "S", contents: []) },
            rendering: { _ in Rendering(screen: "hand-written") })
        let screen = FeedScreen(screenName: "S", contents: [])
        #expect(decoder.gateRendering(of: screen).screen == "hand-written")
        #expect(decoder.gateRendering(of: screen, derived: true).screen == "S")
        let plain = DecoderUnderTest<FeedScreen>(name: "feed", decode: { _ in screen })
        #expect(plain.gateRendering(of: screen).screen == "S")
    }

    @Test func aCycleThroughClassesStops() {
        final class Node { let name = "n"; var next: Node? }
        let node = Node()
        node.next = node
        struct Root { let nodes: [Node] }
        let rendering = DerivedRendering.rendering(of: Root(nodes: [node]))
        #expect(rendering.components.first?.kind == "Node")
    }

    // A registry-style app's models: component classes that point back up the tree (`weak var
    // parent`, the screen) and across it (`next`), as UIKit-era view models do.
    final class OwnerScreen { let name = "Home"; var sections: [OwnedSection] = [] }
    final class OwnedSection {
        let title: String
        weak var screen: OwnerScreen?
        weak var parent: OwnedSection?
        var next: OwnedSection?
        var children: [OwnedSection] = []
        init(_ title: String) { self.title = title }
    }

    /// `width` sections per level, `levels` deep, each pointing at its parent, its screen and its next sibling.
    static func tree(levels: Int, width: Int) -> OwnerScreen {
        let screen = OwnerScreen()
        func level(_ depth: Int, parent: OwnedSection?) -> [OwnedSection] {
            guard depth < levels else { return [] }
            let sections = (0..<width).map { OwnedSection("s\(depth)-\($0)") }
            for (i, section) in sections.enumerated() {
                section.screen = screen
                section.parent = parent
                section.next = i + 1 < sections.count ? sections[i + 1] : nil
                section.children = level(depth + 1, parent: section)
            }
            return sections
        }
        screen.sections = level(0, parent: nil)
        return screen
    }

    @Test func backReferencesAndSharedObjectsAreNotContent() {
        let rendering = DerivedRendering.rendering(of: Self.tree(levels: 2, width: 2))
        // Each section once, where its list has it: its parent and screen (on the path being
        // rendered) and its next sibling (listed elsewhere too) add nothing to it.
        #expect(rendering.text == """
        screen Home
        ├─ OwnedSection title="s0-0"
        │  ├─ OwnedSection title="s1-0"
        │  └─ OwnedSection title="s1-1"
        └─ OwnedSection title="s0-1"
           ├─ OwnedSection title="s1-0"
           └─ OwnedSection title="s1-1"

        """)
    }

    // A component class hierarchy: the base class holds the discriminator, id and children.
    class BaseComponent {
        let type: String
        let id: String
        weak var parent: BaseComponent?
        var children: [BaseComponent] = []
        let registry: Registry
        init(type: String, id: String, registry: Registry) { (self.type, self.id, self.registry) = (type, id, registry) }
    }
    final class Registry { let types = ["text", "stack"] }
    final class TextStyle { let color = "#FF0000" }
    final class TextComponent: BaseComponent { let text: String; let style = TextStyle(); init(_ text: String, registry: Registry) { self.text = text; super.init(type: "text", id: text, registry: registry) } }
    final class StackComponent: BaseComponent {}

    @Test func aSubclassShowsItsBaseClassesPropertiesFirst() {
        let registry = Registry()
        let stack = StackComponent(type: "stack", id: "s", registry: registry)
        stack.children = [TextComponent("hi", registry: registry), TextComponent("there", registry: registry)]
        stack.children.forEach { $0.parent = stack }
        // The kind from the base class's `type`, the children from its list, the own style object
        // flattened; the registry every component holds is no one's content.
        #expect(DerivedRendering.rendering(of: [stack]).text == """
        screen ""
        └─ stack#s
           ├─ text#hi text="hi" style.color="#FF0000"
           └─ text#there text="there" style.color="#FF0000"

        """)
    }

    @Test func aDeepClassTreeWithBackReferencesRendersInTimeLinearInItsSize() {
        // 4 levels of 4: 340 sections. Followed like any property (before the fix), every parent
        // and screen reference re-rendered the tree down to the depth limit: this never finished.
        var count = 0
        func walk(_ components: [RenderedComponent]) { for c in components { count += 1; walk(c.children) } }
        walk(DerivedRendering.rendering(of: Self.tree(levels: 4, width: 4)).components)
        #expect(count == 4 + 16 + 64 + 256)
    }
}
