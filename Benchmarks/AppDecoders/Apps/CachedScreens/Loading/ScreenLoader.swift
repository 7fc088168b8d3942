import Foundation

/// Loads a screen from the server's bytes and keeps the last good one for offline launches.
enum ScreenLoader {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        // The pricing service sends "NaN" for a discount it could not compute.
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }()

    static func load(_ data: Data) throws -> CachedScreen {
        try decoder.decode(CachedScreen.self, from: data)
    }
}

/// The offline copy: what was decoded last, encoded again and written to Caches.
final class ScreenCache {
    private let url: URL

    init(folder: URL) { url = folder.appendingPathComponent("last-screen.json") }

    func store(_ screen: CachedScreen) throws {
        try JSONEncoder().encode(screen).write(to: url, options: .atomic)
    }

    func restore() -> CachedScreen? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(CachedScreen.self, from: data)
    }
}
