import Foundation

struct ShopScreen: Decodable {
    let title: String
    let views: [ShopComponent]
}

extension ShopScreen {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    init(data: Data) throws {
        self = try Self.decoder.decode(ShopScreen.self, from: data)
    }
}
