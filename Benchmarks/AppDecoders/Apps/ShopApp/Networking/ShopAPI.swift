import Foundation

enum ShopAPIError: LocalizedError {
    case badStatus(Int)

    var errorDescription: String? {
        switch self {
        case .badStatus(let code):
            return "The shop is unavailable right now (\(code))."
        }
    }
}

struct ShopAPI {
    var baseURL = URL(string: "https://api.shop.example.com/v2")!
    var session: URLSession = .shared

    func fetchScreen(named name: String) async throws -> ShopScreen {
        var request = URLRequest(url: baseURL.appendingPathComponent("screens").appendingPathComponent(name))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(Locale.current.identifier, forHTTPHeaderField: "X-Locale")

        let (data, response) = try await session.data(for: request)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw ShopAPIError.badStatus(http.statusCode)
        }
        return try ShopScreen(data: data)
    }
}
