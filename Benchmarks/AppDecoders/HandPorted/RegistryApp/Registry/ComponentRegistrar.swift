import Foundation

@MainActor
protocol ComponentRegistrar {
    func register(in registry: ComponentRegistry)
}

@MainActor
enum AppRegistrars {
    static let all: [ComponentRegistrar] = [
        CoreComponentsRegistrar(),
        PromotionsRegistrar(),
    ]
}
