import Foundation

/// The checkout of SDUIHarness this code was built from: a generated fuzz package depends on it by
/// path (for `SDUIFuzz`), and the stand-ins are read from it. Found from this file's own path at
/// build time, which is right for every `sdui` built from a checkout (scripts/sdui, `swift run`,
/// a package plugin); `SDUI_HARNESS_ROOT` names another (a binary copied elsewhere).
public enum HarnessCheckout {
    public static var root: String {
        if let root = ProcessInfo.processInfo.environment["SDUI_HARNESS_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root).standardizedFileURL.path
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().standardizedFileURL.path
    }

    /// The stand-in modules' sources, a folder per module.
    public static var standIns: String { root + "/Sources/SDUIDecoderSlice/StandIns" }
}
