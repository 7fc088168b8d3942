import Foundation
import Testing
@testable import SDUILiteralMining
import SDUIFuzz

@Suite struct SourceLiteralMinerTests {
    // MARK: Ported from DecoderLiteralsTests (the line-based miner's expectations, unchanged)

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
        let mined = SourceLiteralMiner.mine(sources: [dir.path])
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

    // MARK: What the line-based miner missed

    static func mine(_ texts: [String: String]) -> (mined: DecoderLiterals, pairs: Set<String>, typed: Set<String>) {
        let mined = SourceLiteralMiner.mine(texts: texts)
        return (mined, Set(mined.pairs.map { "\($0.key)=\($0.value)" }), Set(mined.typedKeys.map { "\($0.key)=\($0.value)" }))
    }

    static func mine(_ text: String) -> (mined: DecoderLiterals, pairs: Set<String>, typed: Set<String>) {
        mine(["Model.swift": text])
    }

    @Test func optionalEnumPropertyPairsEveryCaseWithItsKey() {
        let (mined, pairs, typed) = Self.mine("""
        enum Align: String, Decodable { case leading, center, trailing }
        enum Tint: String, Decodable { case red = "RED" }
        struct Item: Decodable { let title: String }
        struct Style: Decodable {
            let align: Align?
            var tint: Tint? = nil
            let tints: [Tint]?
            let fallback: Optional<Align>
            let forced: Align!
        }
        """)
        for p in ["align=leading", "align=center", "align=trailing", "tint=RED", "tints=RED", "fallback=center", "forced=trailing"] {
            #expect(pairs.contains(p), "\(p) should be a mined pair")
        }
        for s in ["leading", "center", "trailing", "RED"] { #expect(mined.strings.contains(s)) }
        for t in ["align=string", "tint=string", "tints=array"] { #expect(typed.contains(t), "\(t) should be typed") }
    }

    @Test func casesSharingOneLineWithExplicitRawValues() {
        let (mined, pairs, _) = Self.mine("""
        enum Kind: String, Codable {
            case a = "A", b = "B"
            case c, d = #"D\\raw"#
        }
        struct Box: Codable { var kind: Kind }
        """)
        for p in ["kind=A", "kind=B", "kind=c", #"kind=D\raw"#] { #expect(pairs.contains(p), "\(p) should be a mined pair") }
        #expect(!pairs.contains("kind=a"), "a case's name is not its value when it has a raw value")
        #expect(mined.strings.contains(#"D\raw"#), "a raw string keeps its backslash")
    }

    @Test func enumNestedInAStructAndResolvedInScope() {
        let (_, pairs, typed) = Self.mine("""
        struct Banner: Decodable {
            enum Kind: String, Decodable { case hero, strip }
            let kind: Kind
        }
        struct Card: Decodable {
            enum Kind: String, Decodable { case small = "S", large = "L" }
            let kind: Kind?
            let bannerKind: Banner.Kind
        }
        extension Card {
            enum Shape: String, Decodable { case round }
        }
        struct Frame: Decodable { let shape: Card.Shape }
        """)
        for p in ["kind=hero", "kind=strip", "kind=S", "kind=L", "bannerKind=hero", "shape=round"] {
            #expect(pairs.contains(p), "\(p) should be a mined pair")
        }
        // `Banner.Kind` names the banner's enum only, not the card's.
        #expect(!pairs.contains("bannerKind=S"))
        #expect(typed.contains("bannerKind=string"))
    }

    @Test func enumAndPropertyInDifferentFiles() {
        let (_, pairs, typed) = Self.mine([
            "A/Screen.swift": "struct Screen: Decodable { let layout: Layout; let sections: [SectionKind] }",
            "B/Layout.swift": "enum Layout: String, Decodable { case grid, list = \"LIST\" }",
            "C/Section.swift": "extension Screen { }\nenum SectionKind: String, Codable { case header }",
        ])
        for p in ["layout=grid", "layout=LIST", "sections=header"] { #expect(pairs.contains(p), "\(p) should be a mined pair") }
        #expect(typed.contains("layout=string") && typed.contains("sections=array"))
    }

    @Test func codingKeysRawValueRenamesAProperty() {
        let (mined, pairs, typed) = Self.mine("""
        struct ViewItem: Decodable {
            enum ViewType: String, Decodable { case oneImage = "one_image", text }
            let viewType: ViewType
            let itemCount: Int
            enum CodingKeys: String, CodingKey {
                case viewType = "view_type"
                case itemCount = "count"
            }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                viewType = try c.decode(ViewType.self, forKey: .viewType)
                itemCount = try c.decode(Int.self, forKey: .itemCount)
            }
        }
        """)
        for p in ["view_type=one_image", "view_type=text"] { #expect(pairs.contains(p), "\(p) should be a mined pair") }
        for t in ["view_type=string", "count=number"] { #expect(typed.contains(t), "\(t) should be typed") }
        #expect(mined.keys.contains("view_type") && mined.keys.contains("count"))
        #expect(!typed.contains("itemCount=string"))
    }

    @Test func onlyAPropertysOwnCodingKeysRenameIt() {
        let (_, pairs, typed) = Self.mine("""
        struct Outer: Decodable {
            enum CodingKeys: String, CodingKey { case mode = "outer_mode" }
            enum Mode: String, Decodable { case on }
            let mode: Mode
            struct Inner: Decodable {
                let mode: Mode
                private enum Keys: String, CodingKey { case mode = "not_synthesized" }
            }
        }
        """)
        #expect(pairs.contains("outer_mode=on") && pairs.contains("mode=on"))
        #expect(!typed.contains("not_synthesized=string"), "only CodingKeys maps synthesized properties")
        #expect(typed.contains("outer_mode=string"))
    }

    @Test func switchOverADecodedDiscriminator() {
        let (_, pairs, _) = Self.mine("""
        enum Component: Decodable {
            case banner(Banner), carousel([Banner]), unknown
            enum CodingKeys: String, CodingKey { case type = "component_type", payload }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                switch try c.decode(String.self, forKey: .type) {
                case "banner": self = .banner(try c.decode(Banner.self, forKey: .payload))
                case "carousel", "carousel_v2": self = .carousel(try c.decode([Banner].self, forKey: .payload))
                default: self = .unknown
                }
            }
        }
        struct Banner: Decodable { let id: String }
        func route(_ json: [String: Any]) -> Int {
            let kind = json["kind"] as? String
            if kind == "promo" { return 1 }
            if case "deal" = json["kind"] as? String { return 2 }
            return ["a_b", "c_d"].contains(json["variant"] as? String ?? "") ? 3 : 0
        }
        """)
        for p in ["component_type=banner", "component_type=carousel", "component_type=carousel_v2",
                  "kind=promo", "kind=deal", "variant=a_b", "variant=c_d"] {
            #expect(pairs.contains(p), "\(p) should be a mined pair")
        }
        // Cases with associated values are not raw values of anything.
        #expect(!pairs.contains { $0.hasSuffix("=unknown") })
    }

    @Test func aRegistrysNamesAreValuesOfTheDiscriminatorItIsLookedUpBy() {
        let (_, pairs, _) = Self.mine([
            "Registrar.swift": """
            struct CoreRegistrar {
                func register(in registry: ComponentRegistry) {
                    registry.register("label") { props in Label(text: props["text"] as! String) }
                    registry.register(Banner.self, for: "hero_banner")
                    registerComponent(type: "promo_carousel", factory: Carousel.init)
                    registry.register("ignored", note: "not a name")
                }
            }
            """,
            "Builder.swift": """
            final class Builder {
                func component(from node: [String: Any]) -> Component? {
                    guard let name = node["component"] as? String else { return nil }
                    return registry.makeComponent(named: name, props: node["props"] as? [String: Any] ?? [:])
                }
            }
            """,
        ])
        for p in ["component=label", "component=hero_banner", "component=promo_carousel", "component=ignored"] {
            #expect(pairs.contains(p), "\(p) should be a mined pair")
        }
        #expect(!pairs.contains("component=not a name"), "a literal under another label is no name")
        #expect(!pairs.contains { $0.hasPrefix("props=") }, "a registry's names belong to discriminator keys only")
    }

    @Test func registeredNamesWithoutADiscriminatorStayLiterals() {
        let (mined, pairs, _) = Self.mine("func setUp() { registry.register(\"label\") { _ in nil } }\nfunc f(_ d: [String: Any]) -> Any? { d[\"props\"] }")
        #expect(mined.strings.contains("label"))
        #expect(!pairs.contains { $0.hasSuffix("=label") }, "no key the decoder reads names a kind")
    }

    @Test func enumCaseValuesDeferredBindingsEncodersAndWrappers() {
        let (_, pairs, typed) = Self.mine([
            "Kind.swift": """
            enum Kind: String { case text, twoLine = "two_line" }
            extension KeyedDecodingContainer {
                func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? { try? decode(type, forKey: key) }
            }
            """,
            "Component.swift": """
            struct Component: Decodable {
                enum Style: String, Decodable { case plain, bold = "BOLD" }
                private enum Keys: String, CodingKey { case type = "kind", style, extra }
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: Keys.self)
                    let type: String
                    do {
                        type = try c.decode(String.self, forKey: .type)
                    } catch { throw error }
                    switch type {
                    case Kind.text.rawValue: break
                    case Kind.twoLine.rawValue: break
                    default: break
                    }
                    let style = c.lenient(Style.self, .style)
                    let unrelated = c.lenient(Int.self, .notACodingKey)
                    let extra = try? c.decode(JSONValue.self, forKey: .extra)
                }
                func encode(to encoder: any Encoder) throws {
                    var c = encoder.container(keyedBy: Keys.self)
                    try c.encode("written_kind", forKey: .type)
                }
            }
            let fixture: [String: Any] = ["action": "navigate", "count": 3]
            """,
        ])
        for p in ["kind=text", "kind=two_line", "style=plain", "style=BOLD", "kind=written_kind", "action=navigate"] {
            #expect(pairs.contains(p), "\(p) should be a mined pair")
        }
        #expect(typed.contains("style=string"))
        #expect(!typed.contains { $0.hasPrefix("notACodingKey=") }, "a member that is no coding key is not a key")
        #expect(!typed.contains { $0.hasPrefix("extra=") }, "JSONValue holds any JSON")
    }

    @Test func singleValueEnumDecodedFromStrings() {
        let (_, pairs, typed) = Self.mine("""
        enum Density: Decodable {
            case compact, comfortable
            init(from decoder: Decoder) throws {
                let raw = try decoder.singleValueContainer().decode(String.self)
                switch raw {
                case "dense": self = .compact
                default: self = .comfortable
                }
            }
        }
        struct Settings: Decodable { let density: Density }
        """)
        #expect(pairs.contains("density=dense"))
        #expect(typed.contains("density=string"))
    }

    @Test func rawRepresentableStructWithStaticInstances() {
        let (_, pairs, typed) = Self.mine([
            "ViewType.swift": """
            struct ViewType: RawRepresentable, Decodable, Hashable {
                let rawValue: String
                static let banner = ViewType(rawValue: "banner")
                static let hero: Self = "hero_v2"
            }
            extension ViewType { static let legacy = Self(rawValue: "legacy_grid") }
            """,
            "Item.swift": "struct Item: Decodable { let viewType: ViewType? }",
        ])
        for p in ["viewType=banner", "viewType=hero_v2", "viewType=legacy_grid"] { #expect(pairs.contains(p), "\(p) should be a mined pair") }
        #expect(typed.contains("viewType=string"))
    }

    @Test func typealiasesAreSeenThrough() {
        let (_, pairs, typed) = Self.mine("""
        typealias ID = String
        enum Shade: String, Codable { case dark }
        struct Palette: Codable {
            typealias Shades = [Shade]
            let id: ID
            let shades: Shades
            let main: Tone
        }
        typealias Tone = Shade
        """)
        for t in ["id=string", "shades=array", "main=string"] { #expect(typed.contains(t), "\(t) should be typed") }
        #expect(pairs.contains("shades=dark") && pairs.contains("main=dark"))
    }

    @Test func decodeIfPresentTypesTheKey() {
        let (_, _, typed) = Self.mine("""
        struct Grid: Decodable {
            let rows: Int?
            let tags: [String]
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                rows = try c.decodeIfPresent(Int.self, forKey: .rows)
                tags = try c.decodeIfPresent([String].self, forKey: .labels) ?? []
                _ = try c.nestedContainer(keyedBy: Keys.self, forKey: .meta)
                flag = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
                limit = try c.decodeIfPresent(Int.self, forKey: .maxItems)
            }
            enum Keys: String, CodingKey { case rows, labels, meta, enabled, maxItems = "max_items" }
        }
        """)
        for t in ["rows=number", "labels=array", "meta=object", "enabled=bool", "max_items=number"] {
            #expect(typed.contains(t), "\(t) should be typed")
        }
    }

    @Test func interpolatedMultiLineAndCommentedLiteralsAreNotMined() {
        let (mined, pairs, _) = Self.mine(#"""
        // if kind == "from_a_comment" { }
        /* "block_comment_literal" */
        /// Doc: `kind == "doc_literal"`
        func f(kind: String, n: Int) -> String {
            let fixture = """
            {"type": "inside_multiline"}
            """
            if kind == "real_value" { return "prefix_\(n)" }
            return "plain_\(kind)_suffix"
        }
        """#)
        for s in ["from_a_comment", "block_comment_literal", "doc_literal", "inside_multiline", "type", "prefix_", "_suffix"] {
            #expect(!mined.strings.contains { $0.contains(s) }, "\(s) should not be mined")
        }
        #expect(mined.strings.contains("real_value") && pairs.contains("kind=real_value"))
        #expect(!pairs.contains { $0.contains("from_a_comment") })
    }

    @Test func numbersInComparisonsArithmeticAndCases() {
        let (mined, _, _) = Self.mine("""
        func f(x: Int, d: [String: Any]) -> Int {
            switch x { case 3: return 0; case 100...200: return 1; default: break }
            if x > 12 || x == 42 { return x % 7 }
            if x == 0x1F { return 1 }
            return x < -99 ? 0 : 1
        }
        """)
        for n in ["3", "100", "200", "12", "42", "7", "31", "-99"] { #expect(mined.numbers.contains(n), "\(n) should be mined") }
        #expect(!mined.numbers.contains("0") && !mined.numbers.contains("1"))
    }

    @Test func garbageDoesNotCrashAndTheRestIsMined() {
        let garbage = "}}}{{ let let : : \"unterminated \n case = = \u{0}\u{7F} struct { enum : String { case"
        let (mined, pairs, _) = Self.mine([
            "Garbage.swift": garbage,
            "Binary.swift": String(decoding: (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }, as: UTF8.self),
            // Deep nesting: the parser caps it, and a long run of `[` (which it parses in
            // exponential time) is cut short before parsing.
            "Deep.swift": "let x = " + String(repeating: "([", count: 20_000) + "\"deep\"" + String(repeating: "])", count: 20_000)
                + "\nlet y = " + String(repeating: "[", count: 40) + "\"deeper\"" + String(repeating: "]", count: 40)
                + "\nfunc g(_ v: String) -> Bool { v == \"after_the_deep_part\" }",
            // Half a file: a declaration cut short still gives what precedes the cut.
            "Broken.swift": "enum Mode: String, Decodable { case day, night }\nstruct S: Decodable { let mode: Mode\n func f( { if x == \"ok\"",
        ])
        #expect(pairs.contains("mode=day") && pairs.contains("mode=night"))
        #expect(pairs.contains("v=after_the_deep_part"))
        #expect(mined.strings.contains("ok"))
    }

    @Test func storedPropertiesOnlyBecomeKeys() {
        let (mined, _, typed) = Self.mine("""
        struct Model: Decodable {
            static let shared: Model? = nil
            let title: String
            var subtitle: String? { didSet { } }
            var isEmpty: Bool { title.isEmpty }
            let width, height: Double
        }
        protocol HasName { var displayName: String { get } }
        """)
        for k in ["title", "subtitle", "width", "height"] { #expect(mined.keys.contains(k), "\(k) should be a key") }
        for k in ["shared", "isEmpty", "is_empty", "displayName"] { #expect(!mined.keys.contains(k), "\(k) should not be a key") }
        #expect(typed.contains("width=number") && typed.contains("height=number") && typed.contains("subtitle=string"))
    }

    // MARK: Time

    @Test func minesTwoHundredFilesQuickly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("literals-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<200 {
            try Data(Self.generatedFile(i).utf8).write(to: dir.appendingPathComponent("Model\(i).swift"))
        }
        let clock = ContinuousClock()
        var mined = DecoderLiterals()
        // A limit above what 200 files give, so that nothing is cut before the checks below.
        let elapsed = clock.measure { mined = SourceLiteralMiner.mine(sources: [dir.path], limit: 100_000) }
        let lines = (0..<200).map { Self.generatedFile($0).split(separator: "\n").count }.reduce(0, +)
        print("SourceLiteralMiner: 200 files, \(lines) lines in \(elapsed)")
        let pairs = Set(mined.pairs.map { "\($0.key)=\($0.value)" })
        for p in ["kind_199=case_199_4", "items=case_3_7", "view_type_7=banner_7", "style_12=case_12_0", "layout=masonry_150", "title=special_9"] {
            #expect(pairs.contains(p), "\(p) should be a mined pair")
        }
        // A bound for pathological growth only: swift-syntax's parser built for debugging is
        // about 15 times slower than optimized, and CI machines vary.
        #if DEBUG
        #expect(elapsed < .seconds(20))
        #else
        #expect(elapsed < .seconds(2))
        #endif
    }

    /// A decoder file of the usual shape: an enum, a model with CodingKeys, a hand-written init
    /// with a switch on a discriminator, and a legacy dictionary reader.
    static func generatedFile(_ i: Int) -> String {
        let cases = (0..<8).map { "case c\($0) = \"case_\(i)_\($0)\"" }.joined(separator: "\n    ")
        return """
        import Foundation

        enum Kind\(i): String, Codable {
            \(cases)
        }

        struct Model\(i): Decodable {
            let id: String
            let title: String?
            let kind: Kind\(i)?
            let items: [Kind\(i)]
            let count: Int
            let ratio: Double?
            let viewType: String

            enum CodingKeys: String, CodingKey {
                case id, title, items, count, ratio
                case kind = "kind_\(i)"
                case viewType = "view_type_\(i)"
            }

            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                id = try c.decode(String.self, forKey: .id)
                title = try c.decodeIfPresent(String.self, forKey: .title)
                kind = try c.decodeIfPresent(Kind\(i).self, forKey: .kind)
                items = try c.decodeIfPresent([Kind\(i)].self, forKey: .items) ?? []
                count = try c.decode(Int.self, forKey: .count)
                ratio = try c.decodeIfPresent(Double.self, forKey: .ratio)
                switch try c.decode(String.self, forKey: .viewType) {
                case "banner_\(i)": viewType = "banner"
                case "carousel_\(i)", "grid_\(i)": viewType = "list"
                default: viewType = "unknown"
                }
                if count > \(i + 10) && title == "special_\(i)" { print("special \\(count)") }
            }
        }

        func legacy\(i)(_ d: [String: Any]) -> Int {
            let rows = d["rows_\(i)"] as? Int ?? 0
            guard let raw = d["style_\(i)"] as? String, let kind = Kind\(i)(rawValue: raw) else { return rows % \(i + 3) }
            switch d["layout"] as? String {
            case "masonry_\(i)": return rows * 2
            default: return kind == .c1 ? 1 : 0
            }
        }
        """
    }
}
