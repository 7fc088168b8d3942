import Foundation

/// Decodes a screen the way the app's screen loader calls it.
public enum ScreenDecoder {
    public static func decode(_ data: Data) throws -> Screen {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Screen.self, from: data)
    }
}

public struct Screen: Decodable, Sendable {
    public let id: String
    public let blocks: [Block]
}
