import Foundation

final class ScreenClient {
    private let session: URLSession
    private let baseURL = URL(string: "https://mobile-api.example.com/screens/")!

    init(session: URLSession = .shared) {
        self.session = session
    }

    func fetchScreen(id: String) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(id))
        request.setValue("ios", forHTTPHeaderField: "X-Platform")
        request.setValue(Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String, forHTTPHeaderField: "X-App-Version")
        let (data, _) = try await session.data(for: request)
        return data
    }
}
