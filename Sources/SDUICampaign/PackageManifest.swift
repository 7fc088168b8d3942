import Foundation
import SDUIDecoderSlice

/// A package's manifest as SwiftPM evaluates it (`swift package dump-package`: no resolution, no
/// network), for what the package graph's description leaves out: each target's Swift settings
/// and language mode, and where each dependency comes from.
struct PackageManifest: Decodable {
    var name: String
    var toolsVersion: String
    /// The package's `swiftLanguageModes` (nil: the tools version's default).
    var languageModes: [String]?
    var targets: [Target]
    var dependencies: [Dependency]

    struct Target: Decodable {
        var name: String
        var settings: [Setting]
        /// Products of other packages, by (product, package identity).
        var productDependencies: [(product: String, package: String)]

        enum CodingKeys: String, CodingKey { case name, settings, dependencies }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            settings = (try? c.decode([Setting].self, forKey: .settings)) ?? []
            // `{"product": [name, package, moduleAliases, condition]}`, `{"byName": [name, condition]}`
            let dependencies = (try? c.decode([[String: [JSONScalar]]].self, forKey: .dependencies)) ?? []
            productDependencies = dependencies.compactMap { entry in
                guard let product = entry["product"], let name = product.first?.string else { return nil }
                return (name, (product.count > 1 ? product[1].string : nil) ?? name)
            }
        }
    }

    /// One `swiftSettings` entry: `{"kind": {"define": {"_0": "FLAG"}}, "tool": "swift", "condition": …}`.
    struct Setting: Decodable {
        var tool: String
        var kind: String
        var values: [String]
        var platforms: [String]
        var configuration: String?

        enum CodingKeys: String, CodingKey { case tool, kind, condition }
        struct Condition: Decodable {
            var platformNames: [String]?
            var config: String?
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            tool = try c.decode(String.self, forKey: .tool)
            let kinds = try c.decode([String: [String: JSONScalar]].self, forKey: .kind)
            kind = kinds.keys.first ?? ""
            values = kinds.values.first?["_0"].map { $0.strings } ?? []
            let condition = try c.decodeIfPresent(Condition.self, forKey: .condition)
            platforms = condition?.platformNames ?? []
            configuration = condition?.config
        }

        /// Whether the app's build has it: for an Apple platform (the app's), in a debug build
        /// (what a fuzz build is) or any.
        var appliesToApp: Bool {
            let apple: Set<String> = ["ios", "macos", "tvos", "watchos", "visionos", "maccatalyst", "driverkit"]
            return tool == "swift" && (platforms.isEmpty || platforms.contains(where: apple.contains))
                && (configuration == nil || configuration == "debug")
        }
    }

    struct Dependency: Decodable {
        var identity: String
        /// The URL, registry identity or path.
        var location: String
        var isLocal: Bool

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            let kinds = try c.decode([String: [[String: JSONScalar]]].self)
            let (kind, entries) = kinds.first ?? ("", [])
            let entry = entries.first ?? [:]
            identity = entry["identity"]?.string ?? ""
            isLocal = kind == "fileSystem"
            location = entry["path"]?.string ?? entry["location"]?.firstString ?? identity
        }
    }

    enum CodingKeys: String, CodingKey { case name, toolsVersion, swiftLanguageVersions, targets, dependencies }
    struct ToolsVersion: Decodable { var _version: String }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        toolsVersion = (try? c.decode(ToolsVersion.self, forKey: .toolsVersion))?._version ?? "5.9.0"
        languageModes = try? c.decodeIfPresent([String].self, forKey: .swiftLanguageVersions)
        targets = try c.decode([Target].self, forKey: .targets)
        dependencies = (try? c.decode([Dependency].self, forKey: .dependencies)) ?? []
    }

    /// How the app's build compiles `target`: its language mode (the target's, else the package's
    /// first, else its tools version's default) and the settings that apply to an Apple build.
    func settings(of target: String, manifestPath: String) -> ModuleSettings? {
        guard let t = targets.first(where: { $0.name == target }) else { return nil }
        var settings = ModuleSettings()
        let major = Int(toolsVersion.split(separator: ".").first ?? "5") ?? 5
        settings.languageMode = languageModes?.first ?? (major >= 6 ? "6" : "5")
        for setting in t.settings where setting.appliesToApp {
            switch setting.kind {
            case "swiftLanguageMode", "swiftLanguageVersion": if let mode = setting.values.first { settings.languageMode = mode }
            case "enableUpcomingFeature": settings.upcomingFeatures += setting.values
            case "enableExperimentalFeature": settings.experimentalFeatures += setting.values
            case "define": settings.defines += setting.values
            case "unsafeFlags": settings.unsafeFlags += setting.values
            case "defaultIsolation": settings.defaultIsolation = setting.values.first.flatMap { $0 == "MainActor" ? $0 : nil }
            default: continue  // warnings, interoperability: nothing a slice's compile depends on
            }
        }
        let text = (try? String(contentsOfFile: manifestPath, encoding: .utf8)) ?? ""
        let line = Self.line(of: "name: \"\(target)\"", in: text)
        settings.origin = .init(file: manifestPath, line: line > 1 ? line : Self.line(of: "\"\(target)\"", in: text),
                                what: "target \(target), tools version \(toolsVersion.hasSuffix(".0") ? String(toolsVersion.dropLast(2)) : toolsVersion)")
        return settings
    }

    /// The first line of `text` holding `needle` (1 when none does).
    static func line(of needle: String, in text: String) -> Int {
        var line = 1
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if part.contains(needle) { return line }
            line += 1
        }
        return 1
    }
}

/// A JSON value of a manifest dump where only strings matter (`null`, numbers and nested values
/// read as nothing).
enum JSONScalar: Decodable {
    case string(String)
    case array([JSONScalar])
    case object([String: JSONScalar])
    case other

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONScalar].self) { self = .array(a) }
        else if let o = try? c.decode([String: JSONScalar].self) { self = .object(o) }
        else { self = .other }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var strings: [String] {
        switch self {
        case .string(let s): [s]
        case .array(let a): a.compactMap(\.string)
        default: []
        }
    }
    /// The first string inside (`{"remote": [{"urlString": "…"}]}` → the URL).
    var firstString: String? {
        switch self {
        case .string(let s): s
        case .array(let a): a.lazy.compactMap(\.firstString).first
        case .object(let o): o.keys.sorted().lazy.compactMap { o[$0]?.firstString }.first
        case .other: nil
        }
    }
}
