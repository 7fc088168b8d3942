import Foundation

@MainActor
final class ComponentRegistry {
    typealias Factory = ([String: Any]) -> Component?

    static let shared: ComponentRegistry = {
        let registry = ComponentRegistry()
        for registrar in AppRegistrars.all {
            registrar.register(in: registry)
        }
        return registry
    }()

    private var factories: [String: Factory] = [:]

    func register(_ name: String, factory: @escaping Factory) {
        factories[name] = factory
    }

    func makeComponent(named name: String, props: [String: Any]) -> Component? {
        guard let factory = factories[name] else {
            return nil
        }
        return factory(props)
    }

    var registeredNames: [String] {
        factories.keys.sorted()
    }
}
