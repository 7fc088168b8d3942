import Foundation

enum CatalogError: Error {
    case notAnObject
    case missing(String, in: String)
}

struct Catalog {
    let title: String
    let sections: [CatalogSection]
}

struct CatalogSection {
    let id: String
    let layout: String
    let products: [Product]
}

/// Parses the catalog response. Section layouts are registered by the feature modules at launch.
@MainActor
enum CatalogParser {
    static var layouts: Set<String> = ["grid", "carousel", "list"]

    static func parse(_ data: Data) throws -> Catalog {
        guard let root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any] else {
            throw CatalogError.notAnObject
        }
        let tree = JSONNode(any: root)
        let sections = try tree["sections"]?.array.compactMap(section(from:)) ?? []
        return Catalog(title: tree["title"]?.string ?? "", sections: sections)
    }

    private static func section(from node: JSONNode) throws -> CatalogSection? {
        guard let layout = node["layout"]?.string, layouts.contains(layout) else { return nil }
        let products = try node["products"]?.array.map(Product.init(node:)) ?? []
        return CatalogSection(id: node["id"]?.string ?? UUID().uuidString, layout: layout, products: products)
    }
}
