import Foundation

struct FeedResponse: Decodable {
    let responseData: FeedScreen
}

struct FeedScreen: Decodable {
    let screenName: String
    let contents: [ComponentEnvelope]

    var components: [Component] {
        contents.map(\.component)
    }
}

enum FeedParser {
    static func parse(_ data: Data) throws -> FeedScreen {
        let response = try JSONDecoder().decode(FeedResponse.self, from: data)
        return response.responseData
    }
}
