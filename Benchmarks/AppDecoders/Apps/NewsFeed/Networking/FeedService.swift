import Foundation

final class FeedService {
    enum FeedError: Error {
        case emptyResponse
    }

    private let session: URLSession
    private let endpoint = URL(string: "https://news.example.com/api/v3/feed/home")!

    init(session: URLSession = .shared) {
        self.session = session
    }

    func fetchFeed(completion: @escaping (Result<FeedScreen, Error>) -> Void) {
        var request = URLRequest(url: endpoint)
        request.cachePolicy = .reloadRevalidatingCacheData
        session.dataTask(with: request) { data, _, error in
            if let error {
                completion(.failure(error))
                return
            }
            guard let data else {
                completion(.failure(FeedError.emptyResponse))
                return
            }
            completion(Result { try FeedParser.parse(data) })
        }.resume()
    }
}
