import Foundation

/// The feed screen's state: decoded from the server's response, refreshed over the network.
@Observable
final class FeedStore {
    var title: String
    var sections: [FeedSection]
    var isRefreshing = false
    @ObservationIgnored private let session: URLSession

    init(data: Data, session: URLSession = .shared) throws {
        let response = try JSONDecoder().decode(FeedResponse.self, from: data)
        self.title = response.title
        self.sections = response.sections.compactMap(\.section)
        self.session = session
    }

    static func load(from url: URL) async throws -> FeedStore {
        let (data, _) = try await URLSession.shared.data(from: url)
        return try FeedStore(data: data)
    }

    func refresh(from url: URL) async {
        isRefreshing = true
        defer { isRefreshing = false }
        guard let (data, _) = try? await session.data(from: url),
              let response = try? JSONDecoder().decode(FeedResponse.self, from: data) else { return }
        sections = response.sections.compactMap(\.section)
    }
}

struct FeedResponse: Decodable {
    let title: String
    let sections: [AnySection]
}
