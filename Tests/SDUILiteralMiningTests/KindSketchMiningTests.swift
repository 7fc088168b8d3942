import Foundation
import Testing
@testable import SDUILiteralMining
import SDUIFuzz

/// Kinds and the keys of the type built for each (``KindSketch``), in the shapes app decoders use:
/// a `switch` on a decoded string that builds `T(from:)`, a `switch` on an enum whose case
/// decodes a nested `T.self`, a type's `static let viewType` in a registry, `register(T.self, for:)`.
@Suite struct KindSketchMiningTests {
    static func sketches(_ texts: [String: String]) -> [String: KindSketch] {
        let mined = SourceLiteralMiner.mine(texts: texts)
        return Dictionary(mined.kindSketches.map { ($0.kind, $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func keys(_ sketch: KindSketch?) -> [String: String] {
        Dictionary((sketch?.keys ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func aSwitchCaseThatBuildsATypeGivesThatTypesCodingKeys() throws {
        let found = Self.sketches([
            "ShopComponent.swift": """
            enum ShopComponent: Decodable {
                case text(TextBlock), flashSale(FlashSale), unknown(type: String)
                private enum CodingKeys: String, CodingKey { case type }
                init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let type = try container.decode(String.self, forKey: .type)
                    switch type {
                    case "flash_sale": self = .flashSale(try FlashSale(from: decoder))
                    case "text", "label": self = .text(try TextBlock(from: decoder))
                    case "nothing": self = .unknown(type: type)
                    default: self = .unknown(type: type)
                    }
                }
            }
            """,
            "FlashSale.swift": """
            struct FlashSale: Decodable {
                let title: String
                let products: [ProductCard]
                let featuredIndex: Int
                let endsAt: Date?
                let featured: ProductCard   // computed in init, not among the coding keys
                private enum CodingKeys: String, CodingKey { case title, products, featuredIndex = "featured_index", endsAt }
            }
            struct TextBlock: Decodable { let text: String; let bold: Bool? }
            """,
        ])
        let sale = try #require(found["flash_sale"], "\(found.keys.sorted())")
        #expect(sale.discriminator == "type")
        #expect(Self.keys(sale) == ["title": "string", "products": "array", "featured_index": "number", "endsAt": "string"])
        #expect(Self.keys(found["text"]) == ["text": "string", "bold": "bool"])
        #expect(Self.keys(found["label"]) == Self.keys(found["text"]), "every label of a case")
        #expect(found["nothing"] == nil, "a case that builds no type with keys sketches nothing")
        // The kind is a value of its discriminator, so the kind swap reaches it as well.
        #expect(SourceLiteralMiner.mine(texts: ["a.swift": "enum X { case a }"]).kindSketches.isEmpty)
    }

    @Test func anEnumCaseLabelIsTheRawValueOfTheDiscriminatorsEnum() throws {
        let found = Self.sketches([
            "Section.swift": """
            enum Section: Decodable {
                case tabs(TabsSection), title(TitleSection)
                enum ComponentType: String, Decodable { case title = "TITLE", tabs = "SEGMENTED_TABS" }
                enum Style: String, Decodable { case title = "style_title" }
                private enum CodingKeys: String, CodingKey { case sectionComponentType, section }
                init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let type = try container.decode(ComponentType.self, forKey: .sectionComponentType)
                    switch type {
                    case .title: self = .title(try container.decode(TitleSection.self, forKey: .section))
                    case .tabs: self = .tabs(try container.decode(TabsSection.self, forKey: .section))
                    }
                }
            }
            struct TitleSection: Decodable { let title: String }
            struct TabsSection: Decodable { let id: String; let tabs: [String]; let selected: String }
            """,
        ])
        let tabs = try #require(found["SEGMENTED_TABS"], "\(found.keys.sorted())")
        #expect(tabs.discriminator == "sectionComponentType")
        #expect(Self.keys(tabs) == ["id": "string", "tabs": "array", "selected": "string"])
        #expect(found["TITLE"] != nil)
        #expect(found["style_title"] == nil, "another enum's case of the same name is not the discriminator's")
    }

    @Test func aTypesStaticKindAndARegistrysMetatypesNameTheirTypes() throws {
        let found = Self.sketches([
            "ProgressBarData.swift": """
            struct ProgressBarData: ViewDataComponent {
                static let viewType = "progress_bar"
                static let reuseIdentifier = "ProgressCell"
                let current: Int
                let total: Int
                private enum CodingKeys: String, CodingKey { case current, total }
            }
            """,
            "Registry.swift": """
            struct Item: Decodable {
                let viewType: String
                private enum CodingKeys: String, CodingKey { case viewType = "view_type" }
            }
            let builders: [String: Any.Type] = ["hero": HeroBlock.self]
            func setUp() { registry.register(Countdown.self, for: "countdown") }
            final class HeroBlock { init(_ d: [String: Any]) { title = d["title"] as? String; _ = d["rank"] as? Int } let title: String? }
            struct Countdown: Decodable { let endsAt: Date }
            """,
        ])
        let bar = try #require(found["progress_bar"], "\(found.keys.sorted())")
        #expect(Self.keys(bar) == ["current": "number", "total": "number"])
        #expect(found["ProgressCell"] == nil, "a static that is no discriminator names no kind")
        #expect(Self.keys(found["hero"])["rank"] == "number", "keys a type's own code reads, typed")
        #expect(Self.keys(found["countdown"]) == ["endsAt": "string"])
    }

    /// A key read from an object that was itself read from a key is nested under it (where a
    /// sketched document puts it); a variable merely named like a key is no parent.
    @Test func keysReadFromANestedObjectAreNestedUnderItsKey() {
        let mined = SourceLiteralMiner.mine(texts: ["Builder.swift": """
            func component(from node: [String: Any], json: [String: Any]) -> Any? {
                let props = node["props"] as? [String: Any] ?? [:]
                if let name = props["name"] as? String { return name }
                let size = (node["style"] as? [String: Any])?["size"] as? Int
                return json["title"]
            }
            """])
        let nested = Set(mined.nestedKeys.map { "\($0.key).\($0.value)" })
        #expect(nested == ["props.name", "style.size"], "\(nested)")
    }

    /// What is mined reaches a fuzz binary through its `-dict` file and a learned corpus intact.
    @Test func sketchesSurviveTheDictionaryFile() throws {
        var dictionary = FuzzDictionary()
        dictionary.add(DecoderLiterals(kindSketches: [KindSketch(discriminator: "view_type", kind: "progress_bar",
                                                                 keys: [.init("current", "number"), .init("items", "array"), .init("title", "string")])]))
        #expect(dictionary.kinds.contains("progress_bar"), "a sketched kind is a kind")
        let text = dictionary.libFuzzerFormat
        #expect(text.contains("\n# sdui-kind {"), "a comment line libFuzzer skips")
        #expect(FuzzDictionary(libFuzzerDictionary: text).kindSketches == dictionary.kindSketches)
        dictionary.add(DecoderLiterals(nestedKeys: [.init("props", "name")]))
        #expect(FuzzDictionary(libFuzzerDictionary: dictionary.libFuzzerFormat).nestedKeys == [.init("props", "name")])
    }
}
