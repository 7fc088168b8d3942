import Foundation

public struct Rating: Decodable, Sendable {
    public let stars: Int
    public let maxStars: Int
    public let reviewCount: Int
    public let filledPercent: Int

    private enum CodingKeys: String, CodingKey { case stars, maxStars, reviewCount }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stars = try container.decode(Int.self, forKey: .stars)
        maxStars = try container.decode(Int.self, forKey: .maxStars)
        reviewCount = try container.decodeIfPresent(Int.self, forKey: .reviewCount) ?? 0
        filledPercent = stars * 100 / maxStars
    }
}
