import Foundation

/// When the given folders use a type or function they do not define (`cannot find type 'Money' in
/// scope`), finds where the rest of the project declares it, so the error can say which folder to
/// add. It reads files as text, bounded, in the project the folders belong to (the nearest folder
/// above them holding an Xcode project, a workspace, a `Package.swift` or `.git`).
enum MissingDeclarationFinder {
    static let maxFiles = 5_000

    /// `Money is declared in Shared/Money.swift: add --sources Shared` for each name the messages cannot find.
    static func hints(for messages: [String], near sources: [String]) -> [String] {
        let names = Set(messages.compactMap(missingName))
        guard !names.isEmpty, let root = projectRoot(of: sources) else { return [] }
        let given = sources.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var found: [String: String] = [:]
        var visited = 0
        guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if name.hasPrefix(".") || ["Pods", "Carthage", "DerivedData", "node_modules"].contains(name) || isTestCode(name) {
                    walker.skipDescendants()
                }
                continue
            }
            guard url.pathExtension == "swift", !isTestCode(url.deletingPathExtension().lastPathComponent) else { continue }
            visited += 1
            if visited > maxFiles || found.count == names.count { break }
            let path = url.standardizedFileURL.path
            if given.contains(where: { path.hasPrefix($0 + "/") || path == $0 }) { continue }
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for missing in names where found[missing] == nil && declares(missing, in: text) { found[missing] = path }
        }
        return found.sorted { $0.key < $1.key }.map { name, path in
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            let folder = (relative as NSString).deletingLastPathComponent
            return "\(name) is declared in \(relative), outside the folders given: add --sources \(folder.isEmpty ? "." : folder) (or that file)"
        }
    }

    /// Whether a folder or file name is test code: a test target, test doubles, fixtures. The app's
    /// decoder never compiles against them, so a hint must not send anyone there (`ThemeMock.swift`
    /// may declare a `Theme` the tests need; the app's own is elsewhere, or not in the project).
    static func isTestCode(_ name: String) -> Bool {
        let folders: Set<String> = ["Tests", "Test", "UITests", "TestSupport", "TestHelpers", "Mocks", "Mock", "Doubles", "TestDoubles",
                                    "Fakes", "Stubs", "Spies", "Fixtures", "Preview Content", "PreviewContent"]
        if folders.contains(name) || name.hasSuffix("Tests") || name.hasSuffix("UITests") { return true }
        return ["Mock", "Mocks", "Fake", "Stub", "Spy", "Dummy", "Tests", "TestCase"].contains { name.hasSuffix($0) }
            || name.hasPrefix("Mock") && name.dropFirst(4).first?.isUppercase == true
            || name.hasPrefix("Fake") && name.dropFirst(4).first?.isUppercase == true
    }

    /// The name in `cannot find 'X' in scope` / `cannot find type 'X' in scope`.
    static func missingName(_ message: String) -> String? {
        guard let match = message.firstMatch(of: /cannot find (?:type )?'([A-Za-z_][A-Za-z0-9_]*)' in scope/) else { return nil }
        return String(match.1)
    }

    static func declares(_ name: String, in text: String) -> Bool {
        guard text.contains(name) else { return false }
        let keywords = ["struct", "class", "enum", "protocol", "actor", "typealias", "func"]
        return text.split(separator: "\n").contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "=" || $0 == "{" })
            guard let index = words.firstIndex(where: { $0 == name }), index > 0 else { return false }
            return keywords.contains(String(words[index - 1]))
        }
    }

    static func projectRoot(of sources: [String]) -> String? {
        guard let first = sources.first else { return nil }
        var url = URL(fileURLWithPath: first).standardizedFileURL.deletingLastPathComponent()
        while url.path != "/" {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" || $0 == ".git" }) {
                return url.path
            }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
