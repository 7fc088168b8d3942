import Foundation

struct Board: Decodable {
    let title: String
    let widgets: [Widget]
    /// Passed through to the analytics SDK with every impression, untouched.
    let tracking: [String: AnyCodable]?
}

/// Decodes the board the server sends for the home tab.
final class BoardDecoder {
    static let shared = BoardDecoder()

    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    func decode(_ data: Data) throws -> Board {
        try decoder.decode(Board.self, from: data)
    }
}
