/// How the app's build compiles the decoder's module: its Swift language mode and the settings
/// its manifest (or Xcode project) gives it. A slice compiles the code as it was written for:
/// a Swift 6 target's bare `/regex/` literal does not parse in Swift 5 mode, and code under
/// `#if SOME_FLAG` is what the app runs only when the flag is defined.
public struct ModuleSettings: Sendable, Codable, Hashable {
    /// `5`, `6` or `4.2`: the `-swift-version` the module is compiled with.
    public var languageMode: String
    public var upcomingFeatures: [String]
    public var experimentalFeatures: [String]
    /// Compilation conditions (`-D`).
    public var defines: [String]
    /// Flags passed as they are (`.unsafeFlags` of the manifest).
    public var unsafeFlags: [String]
    /// `MainActor` for a module whose declarations are main-actor isolated unless they say
    /// otherwise (`.defaultIsolation(MainActor.self)`, Xcode 26's default for new app targets).
    public var defaultIsolation: String?
    /// Where the settings were read (`Package.swift`, a `project.pbxproj`), for the slice report.
    public var origin: Origin?

    public struct Origin: Sendable, Codable, Hashable {
        public var file: String
        public var line: Int
        /// What was read there: `target 'my-kit' of tools version 6.0`.
        public var what: String

        public init(file: String, line: Int, what: String) {
            self.file = file
            self.line = line
            self.what = what
        }
    }

    public init(languageMode: String = "5", upcomingFeatures: [String] = [], experimentalFeatures: [String] = [],
                defines: [String] = [], unsafeFlags: [String] = [], defaultIsolation: String? = nil, origin: Origin? = nil) {
        self.languageMode = languageMode
        self.upcomingFeatures = upcomingFeatures
        self.experimentalFeatures = experimentalFeatures
        self.defines = defines
        self.unsafeFlags = unsafeFlags
        self.defaultIsolation = defaultIsolation
        self.origin = origin
    }

    /// What an app target with no manifest to say otherwise is: Swift 5 (Xcode's default for
    /// projects made before Xcode 16, and the mode most app code still builds in).
    public static let appDefault = ModuleSettings()

    /// The `swiftc` arguments these settings are.
    public var compilerArguments: [String] {
        var arguments = ["-swift-version", languageMode]
        for feature in upcomingFeatures { arguments += ["-enable-upcoming-feature", feature] }
        for feature in experimentalFeatures { arguments += ["-enable-experimental-feature", feature] }
        for define in defines { arguments += ["-D", define] }
        if let defaultIsolation { arguments += ["-default-isolation", defaultIsolation] }
        return arguments + unsafeFlags
    }

    /// The same settings as a SwiftPM target's `swiftSettings:` (the generated package's).
    public var manifestEntries: [String] {
        let mode: String = switch languageMode {
        case "6": ".v6"
        case "4.2": ".v4_2"
        case "4": ".v4"
        default: ".v5"
        }
        var entries = [".swiftLanguageMode(\(mode))"]
        entries += upcomingFeatures.map { ".enableUpcomingFeature(\(SwiftSource.stringLiteral($0)))" }
        entries += experimentalFeatures.map { ".enableExperimentalFeature(\(SwiftSource.stringLiteral($0)))" }
        entries += defines.map { ".define(\(SwiftSource.stringLiteral($0)))" }
        if let defaultIsolation { entries.append(".defaultIsolation(\(defaultIsolation == "MainActor" ? "MainActor.self" : "nil"))") }
        entries.append(".unsafeFlags([\((["-suppress-warnings"] + unsafeFlags).map(SwiftSource.stringLiteral).joined(separator: ", "))])")
        return entries
    }

    /// The slice report's line for these settings (nil for the default with nothing read).
    var note: SliceNote? {
        guard let origin else { return nil }
        var parts = ["Swift \(languageMode) language mode"]
        if !upcomingFeatures.isEmpty { parts.append("upcoming features " + upcomingFeatures.joined(separator: ", ")) }
        if !experimentalFeatures.isEmpty { parts.append("experimental features " + experimentalFeatures.joined(separator: ", ")) }
        if !defines.isEmpty { parts.append("defines " + defines.joined(separator: ", ")) }
        if let defaultIsolation { parts.append("default isolation \(defaultIsolation)") }
        if !unsafeFlags.isEmpty { parts.append("flags " + unsafeFlags.joined(separator: " ")) }
        return SliceNote(file: origin.file, line: origin.line, declaration: origin.what, action: .settingsTaken,
                         reason: "compiled with " + parts.joined(separator: ", ") + " as the app's build does")
    }
}

/// A package the decoder's package depends on that cannot be resolved or built here (no network,
/// a private host, a UIKit-only binary): the modules it provides are imports the slice drops, and
/// the code that needs them is left out or named.
public struct UnavailableDependency: Sendable, Codable, Hashable {
    /// The package's identity (`nosuchlayout`) and where the manifest says it comes from.
    public var package: String
    public var location: String
    /// The products the decoder's targets use from it (usually the module names they import).
    public var products: [String]
    /// Why it cannot be had: SwiftPM's first words on it.
    public var reason: String
    /// The manifest line that declares it.
    public var manifest: String
    public var line: Int

    public init(package: String, location: String, products: [String], reason: String, manifest: String, line: Int) {
        self.package = package
        self.location = location
        self.products = products
        self.reason = reason
        self.manifest = manifest
        self.line = line
    }

    var note: SliceNote {
        SliceNote(file: manifest, line: line, declaration: ".package(\(location))", action: .dependencyDropped,
                  reason: "cannot be resolved here (\(reason)); imports of \(products.joined(separator: ", ")) are dropped and the code that needs them left out")
    }
}
