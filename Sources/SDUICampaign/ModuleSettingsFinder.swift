import Foundation
import SDUIDecoderSlice

/// How the app's build compiles a folder of sources given as `--sources`: the settings of the
/// package target whose folder it is (read from `Package.swift` without resolving anything), or
/// the Swift settings of the Xcode project beside it (`project.pbxproj`). Nil when neither says:
/// the slice then compiles as an Xcode app target of before Xcode 16 (Swift 5).
public enum ModuleSettingsFinder {
    /// How far up from the first folder a `Package.swift` or `.xcodeproj` is looked for.
    static let maxLevels = 6

    public static func settings(forSources folders: [String]) -> ModuleSettings? {
        guard let first = folders.first else { return nil }
        var folder = URL(fileURLWithPath: first).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            folder.deleteLastPathComponent()
        }
        var level = 0
        var current = folder
        while level <= maxLevels {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent("Package.swift").path),
               let settings = packageSettings(root: current.path, folder: folder.path) {
                return settings
            }
            if let project = xcodeProject(in: current.path), let settings = xcodeSettings(project: project) {
                return settings
            }
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) { break }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
            level += 1
        }
        return nil
    }

    /// The settings of the target of the package at `root` whose folder holds `folder`.
    static func packageSettings(root: String, folder: String) -> ModuleSettings? {
        let graph = PackageGraph(packageRoot: root)
        guard let description = try? graph.describe(root) else { return nil }
        let target = description.targets.first { target in
            guard let path = target.path else { return false }
            let full = URL(fileURLWithPath: description.path).appendingPathComponent(path).standardizedFileURL.path
            return folder == full || folder.hasPrefix(full + "/")
        }
        guard let target, let manifest = try? graph.loadManifest(root) else { return nil }
        return manifest.settings(of: target.name, manifestPath: URL(fileURLWithPath: root).appendingPathComponent("Package.swift").path)
    }

    static func xcodeProject(in folder: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard let project = names.sorted().first(where: { $0.hasSuffix(".xcodeproj") }) else { return nil }
        let path = folder + "/" + project + "/project.pbxproj"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// An Xcode project's Swift settings: the language mode most of its build configurations
    /// give (`SWIFT_VERSION`), default actor isolation and upcoming features switched on.
    static func xcodeSettings(project path: String) -> ModuleSettings? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        func values(_ key: String) -> [(value: String, line: Int)] {
            var found: [(String, Int)] = []
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix(key + " = ") else { continue }
                let value = trimmed.dropFirst(key.count + 3).trimmingCharacters(in: CharacterSet(charactersIn: "\";"))
                found.append((value, i + 1))
            }
            return found
        }
        let versions = values("SWIFT_VERSION")
        guard !versions.isEmpty else { return nil }
        let counts = Dictionary(grouping: versions, by: \.value)
        let version = counts.max { a, b in a.value.count < b.value.count || (a.value.count == b.value.count && a.key < b.key) }!.key
        var settings = ModuleSettings()
        settings.languageMode = version.hasPrefix("6") ? "6" : version.hasPrefix("4.2") ? "4.2" : version.hasPrefix("4") ? "4" : "5"
        if values("SWIFT_DEFAULT_ACTOR_ISOLATION").contains(where: { $0.value == "MainActor" }) { settings.defaultIsolation = "MainActor" }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("SWIFT_UPCOMING_FEATURE_"), trimmed.hasSuffix("= YES;") else { continue }
            let name = String(trimmed.dropFirst("SWIFT_UPCOMING_FEATURE_".count).prefix { $0 != " " })
            let feature = name.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined()
            if !settings.upcomingFeatures.contains(feature) { settings.upcomingFeatures.append(feature) }
        }
        let line = versions.first { $0.value == version }?.line ?? 1
        settings.origin = .init(file: path, line: line, what: "SWIFT_VERSION = \(version)")
        return settings
    }
}
