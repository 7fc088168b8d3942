import Foundation

enum ScreenBuilderError: Error {
    case notAnObject
    case missingLayout
    case unknownRootComponent(String)
}

@MainActor
final class ScreenBuilder {
    private let registry: ComponentRegistry
    private let fragments: [String: [String: Any]]

    private init(registry: ComponentRegistry, fragments: [String: [String: Any]]) {
        self.registry = registry
        self.fragments = fragments
    }

    static func build(from data: Data) throws -> Component {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ScreenBuilderError.notAnObject
        }
        guard let layout = json["layout"] as? [String: Any] else {
            throw ScreenBuilderError.missingLayout
        }
        let fragments = json["fragments"] as? [String: [String: Any]] ?? [:]
        let builder = ScreenBuilder(registry: .shared, fragments: fragments)
        guard let root = builder.component(from: layout) else {
            throw ScreenBuilderError.unknownRootComponent(layout["component"] as? String ?? "<none>")
        }
        return root
    }

    private func component(from node: [String: Any]) -> Component? {
        guard let name = node["component"] as? String else {
            return nil
        }
        let props = node["props"] as? [String: Any] ?? [:]

        // Shared pieces of layout (headers, footers) are sent once under "fragments" and referenced by name.
        if name == "fragment" {
            guard let fragmentName = props["name"] as? String, let fragment = fragments[fragmentName] else {
                return nil
            }
            return component(from: fragment)
        }

        guard let component = registry.makeComponent(named: name, props: props) else {
            return nil
        }
        if let container = component as? ContainerComponent, let children = node["children"] as? [[String: Any]] {
            container.children = children.compactMap { self.component(from: $0) }
        }
        return component
    }
}
