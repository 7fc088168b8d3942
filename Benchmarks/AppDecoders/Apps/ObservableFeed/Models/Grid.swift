import Foundation

struct Grid: Decodable {
    let tiles: [String]
    let columns: Int
    let rows: Int

    private enum CodingKeys: String, CodingKey { case tiles, columns }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tiles = try container.decode([String].self, forKey: .tiles)
        columns = try container.decodeIfPresent(Int.self, forKey: .columns) ?? 2
        rows = (tiles.count + columns - 1) / columns
    }
}

struct Hero: Decodable {
    let headline: String
    let imageURL: URL

    private enum CodingKeys: String, CodingKey { case headline, image }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        headline = try container.decode(String.self, forKey: .headline)
        imageURL = URL(string: try container.decode(String.self, forKey: .image))!
    }
}
