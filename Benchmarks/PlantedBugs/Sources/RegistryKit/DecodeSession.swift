import Foundation

// The leaking twin (LeakyRegistryKit and LeakyRegistryKitFixed, built from these files with LEAKY):
// like many registry-style apps, the decoder opens a session per screen that measures and caches
// what the screen will show (here a megabyte of layout, images in a real app) and is closed when
// the decode returns. The session cache keeps every open session alive. A decode that never
// returns — a crash the fuzz harness skips by jumping out of it — leaves its session open for good,
// so each skipped crash leaks about a megabyte, as the real decoders of issue 39 did.
#if LEAKY
@MainActor
final class DecodeSession {
    /// Open sessions, by id: the app's cache, which a session leaves when it is closed.
    private static var open: [Int: DecodeSession] = [:]
    private static var nextID = 0

    let id: Int
    let startedAt = Date()
    /// The laid-out screen (text runs, image placeholders), written as it is measured.
    private(set) var layout: [UInt8]
    /// Called when the screen is dismissed: the app's analytics and image loads hang off it.
    var onClose: [() -> Void] = []

    private init(id: Int) {
        self.id = id
        layout = [UInt8](repeating: 0, count: 1 << 20)
        for page in stride(from: 0, to: layout.count, by: 4096) { layout[page] = UInt8(truncatingIfNeeded: id) }
    }

    static func begin() -> DecodeSession {
        nextID += 1
        let session = DecodeSession(id: nextID)
        open[session.id] = session
        session.onClose.append { [session] in _ = session.startedAt }  // keeps the session alive until closed
        return session
    }

    func end() {
        for handler in onClose { handler() }
        onClose = []
        Self.open[id] = nil
    }
}
#endif
