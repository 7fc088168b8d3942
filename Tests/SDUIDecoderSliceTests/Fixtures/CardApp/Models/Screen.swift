import Foundation
import SwiftUI
import Kingfisher

/// A card screen as the app decodes it.
struct Screen: Decodable {
    let title: String
    let cards: [Card]

    static func parse(_ data: Data) throws -> Screen {
        try JSONDecoder().decode(Screen.self, from: data)
    }
}

struct Card: Decodable, Identifiable {
    let id: String
    let kind: Kind
    let tint: Color
    let columns: Int

    enum Kind: String, Decodable { case promo, banner, grid }
    enum CodingKeys: String, CodingKey { case id, kind, tint, columns }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        kind = try c.decode(Kind.self, forKey: .kind)
        tint = Color(hex: try c.decode(String.self, forKey: .tint))
        columns = try c.decodeIfPresent(Int.self, forKey: .columns) ?? 1
        if kind == .grid { _ = 360 / columns }
    }

    func remoteImage() -> KFImage { KFImage(URL(string: "https://example.com/\(id)")) }
}

extension Color {
    init(hex: String) {
        let value = UInt64(hex.dropFirst(), radix: 16)!
        self.init(red: Double((value >> 16) & 0xff) / 255, green: Double((value >> 8) & 0xff) / 255, blue: Double(value & 0xff) / 255)
    }
}
