import Foundation

struct ViewItemsResponse: Decodable {
    let viewItems: [any ViewDataComponent]

    private enum CodingKeys: String, CodingKey {
        case viewItems = "view_items"
    }

    private enum ItemKeys: String, CodingKey {
        case viewType = "view_type"
        case viewData = "view_data"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var itemsContainer = try container.nestedUnkeyedContainer(forKey: .viewItems)

        var items: [any ViewDataComponent] = []
        while !itemsContainer.isAtEnd {
            let item = try itemsContainer.nestedContainer(keyedBy: ItemKeys.self)
            let viewType = try item.decode(String.self, forKey: .viewType)
            guard let componentType = ViewDataRegistry.componentTypes[viewType] else {
                // Older app versions skip view types they don't know yet.
                continue
            }
            items.append(try componentType.init(from: item.superDecoder(forKey: .viewData)))
        }
        viewItems = items
    }
}
