import Foundation

public struct Banner: Decodable, Sendable {
    public let title: String
    public let deeplink: String
    /// The product a `app://product/<id>` link opens, read once when decoding.
    public let productID: Int?

    private enum CodingKeys: String, CodingKey { case title, deeplink }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        deeplink = try container.decode(String.self, forKey: .deeplink)
        if let match = deeplink.firstMatch(of: /^app:\/\/product\/(\d+)$/) {
            productID = Int(match.1)!
        } else {
            productID = nil
        }
    }
}
