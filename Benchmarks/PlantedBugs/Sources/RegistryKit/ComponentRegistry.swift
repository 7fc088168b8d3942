import Foundation

/// Component type name → component class. Every component object of a response is made here: its
/// `"ref"` expanded against the document's templates, its `"type"` looked up, the class's
/// `init(object:registry:)` called.
@MainActor
final class ComponentRegistry {
    static let shared = ComponentRegistry()

    private var types: [String: Component.Type] = [:]
    /// The templates of the response being decoded (set by `RegistryKit.decode`).
    var templates = TemplateStore()

    init() {
        register("text", TextComponent.self)
        register("image", ImageComponent.self)
        register("button", ButtonComponent.self)
        register("stack", StackComponent.self)
        register("carousel", CarouselComponent.self)
        register("grid", GridComponent.self)
        register("ticker", TickerComponent.self)
        register("badge", BadgeComponent.self)
        register("divider", DividerComponent.self)
        register("video", VideoComponent.self)
        register("hero", HeroComponent.self)
        register("price", PriceComponent.self)
    }

    func register(_ type: String, _ component: Component.Type) {
        types[type] = component
    }

    func make(_ node: JSONObject, parent: Component?) throws -> Component {
        let object = try templates.expand(node)
        #if SHALLOW_FIXED
        let type = try need(object["type"] as? String, "s05", "type")
        let componentType = try need(types[type], "s06", "known type")
        #else
        let type = object["type"] as! String                                           // shallow: s05
        guard let componentType = types[type] else {
            fatalError("unknown type \(type)")                                         // shallow: s06
        }
        #endif
        let component = try componentType.init(object: object, registry: self)
        component.parent = parent
        return component
    }

    func makeChildren(_ nodes: [JSONObject], parent: Component) throws -> [Component] {
        try nodes.map { try make($0, parent: parent) }
    }
}

/// The response's named templates (`"templates"`). A component object with `"ref": NAME` is that
/// template with the object's own keys on top; a template may itself refer to another one.
struct TemplateStore {
    var definitions: [String: JSONObject] = [:]

    /// Expands the references of `node`, innermost template first. A cycle of references (card refers
    /// to base, base to card) recurses until the stack runs out.
    func expand(_ node: JSONObject) throws -> JSONObject {
        guard let name = node["ref"] as? String else { return node }
        #if SHALLOW_FIXED
        let template = try need(definitions[name], "s07", "template \(name)")
        #else
        let template = definitions[name]!                                              // shallow: s07
        #endif
        var merged = try expand(template)
        for (key, value) in node where key != "ref" { merged[key] = value }
        return merged
    }
}
