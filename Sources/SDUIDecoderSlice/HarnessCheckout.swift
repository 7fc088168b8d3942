import Foundation
import SDUIPlatformProcesses

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

    /// The docs folder of this checkout on GitHub (`https://github.com/o/n/blob/<commit>/docs`),
    /// when its `origin` is a GitHub repository: what SARIF rules link their help to. Nil otherwise
    /// (a link to a repository nobody can open would be worse than none).
    public static var documentationURL: String? {
        guard let git = Toolchain.tool("git") else { return nil }
        func ask(_ arguments: [String]) -> String? {
            guard let out = try? ProcessRunner.run(git, ["-C", root] + arguments, timeout: 30), out.status == 0 else { return nil }
            let text = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        guard let remote = ask(["remote", "get-url", "origin"]), let range = remote.range(of: "github.com[:/]", options: .regularExpression),
              let commit = ask(["rev-parse", "HEAD"]) else { return nil }
        var repository = String(remote[range.upperBound...])
        if repository.hasSuffix(".git") { repository.removeLast(4) }
        guard repository.split(separator: "/").count == 2 else { return nil }
        return "https://github.com/\(repository)/blob/\(commit)/docs"
    }

    /// The stand-in modules' sources, a folder per module.
    public static var standIns: String { root + "/Sources/SDUIDecoderSlice/StandIns" }
}
