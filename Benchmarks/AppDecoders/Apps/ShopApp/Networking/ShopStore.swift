import SwiftUI
import UIKit

@MainActor
final class ShopStore: ObservableObject {
    @Published private(set) var screen: ShopScreen?
    @Published private(set) var errorMessage: String?
    @Published private(set) var cart: [String] = []
    @Published var path = NavigationPath()

    private let api: ShopAPI

    init(api: ShopAPI = ShopAPI()) {
        self.api = api
    }

    func load(screen name: String = "home") async {
        do {
            screen = try await api.fetchScreen(named: name)
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func handle(_ action: ShopAction) {
        switch action {
        case .navigate(let destination):
            path.append(destination)
        case .openURL(let url):
            UIApplication.shared.open(url)
        case .addToCart(let productID):
            cart.append(productID)
        case .unknown:
            break
        }
    }
}
