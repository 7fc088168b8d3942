import Foundation

struct Carousel: Decodable {
    let items: [String]
    let selectedIndex: Int
    let selected: String

    private enum CodingKeys: String, CodingKey { case items, selectedIndex = "selected_index" }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([String].self, forKey: .items)
        selectedIndex = try container.decodeIfPresent(Int.self, forKey: .selectedIndex) ?? 0
        selected = items[selectedIndex]
    }
}
