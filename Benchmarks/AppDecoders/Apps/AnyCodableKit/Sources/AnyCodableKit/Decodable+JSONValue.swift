import Foundation

extension Decodable {
    /// Decodes a block's attributes into its concrete model.
    static func load(from attributes: JSONValue) -> Self {
        do {
            let data = try JSONEncoder().encode(attributes)
            return try JSONDecoder().decode(Self.self, from: data)
        } catch {
            fatalError("Failed to decode \(Self.self) from block attributes: \(error)")
        }
    }
}
