/// One thing the slice did to the user's code, at `File.swift:LINE` of the original file.
public struct SliceNote: Codable, Sendable, Hashable {
    public enum Action: String, Codable, Sendable {
        /// A declaration (view code, or code that cannot compile here) is not in the slice.
        case leftOut = "left out"
        /// An `import` of a framework this system lacks is served by the harness's stand-in module.
        case stoodIn = "stood in"
        /// An `import` of a module this system lacks, with no stand-in: code using it is left out.
        case importDropped = "import dropped"
        /// An attribute or conformance this system cannot compile (`@objc` on Linux, `: View`).
        case dropped
        /// A file that cannot be part of a library (top-level code in `main.swift`).
        case fileSkipped = "file skipped"
        /// The module's language mode and settings, read from the app's manifest or project.
        case settingsTaken = "settings taken"
        /// A dependency package that cannot be resolved or built here: its modules' imports are
        /// dropped like a missing framework's.
        case dependencyDropped = "dependency dropped"
        /// A module the app's module sees on Apple platforms without importing it in this file
        /// (Observation through another file's `import SwiftUI`; Linux Foundation's
        /// `FoundationNetworking`), re-exported to the whole slice.
        case reexported = "re-exported"
        /// A macro target of the package, built as a compiler plug-in (``MacroPlugins``) rather
        /// than compiled into the module.
        case macroBuilt = "macro built"
    }

    /// The original file's path.
    public var file: String
    /// The line in the original file (1-based).
    public var line: Int
    /// What it was: `var body: some View`, `import UIKit`, `struct ProductCell: UITableViewCell`.
    public var declaration: String
    public var action: Action
    /// Why: a rule (`view code: conforms to View`) or the compiler's words.
    public var reason: String

    public init(file: String, line: Int, declaration: String, action: Action, reason: String) {
        self.file = file
        self.line = line
        self.declaration = declaration
        self.action = action
        self.reason = reason
    }

    /// `Views/Card.swift:12: left out var body: some View (view code: ...)`, relative to `root`.
    public func text(relativeTo root: String? = nil) -> String {
        var path = file
        if let root, path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
        return "\(path):\(line): \(action.rawValue) `\(declaration)` (\(reason))"
    }
}
