import SDUIPlatform

/// Which modules a decoder's `import`s may name on a system, and which of the missing ones the
/// harness stands in for (see StandIns/README.md).
public enum AppleFrameworks {
    /// Modules of the Swift toolchain itself, on every system it runs on.
    static let toolchain: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Dispatch", "_Concurrency", "Observation", "Synchronization", "RegexBuilder",
        "_StringProcessing", "XCTest", "Testing", "Distributed",
    ]

    /// The stand-in modules, each with the stand-ins it imports (they are compiled in this order).
    public static let standIns: [(module: String, imports: [String])] = [
        ("CoreGraphics", []), ("Combine", []), ("OSLog", []), ("UIKit", ["CoreGraphics"]),
        ("SwiftUI", ["Combine", "CoreGraphics"]),
    ]

    /// The stand-ins a system needs: on Linux every Apple framework is missing; on macOS only
    /// UIKit is (SwiftUI, Combine, CoreGraphics and OSLog are the SDK's own there).
    public static func standInModules(for os: HostOS) -> [String] {
        switch os {
        case .linux: standIns.map(\.module)
        case .darwin: ["UIKit"]
        }
    }

    /// Modules the SDK has on a system (so an `import` of them is kept as it is).
    static func sdk(for os: HostOS) -> Set<String> {
        switch os {
        case .linux: ["Glibc", "Musl"]
        case .darwin: ["Darwin", "SwiftUI", "Combine", "CoreGraphics", "OSLog", "os", "AppKit", "CoreFoundation",
                       "CoreLocation", "MapKit", "WebKit", "AVFoundation", "CoreImage", "QuartzCore", "Security",
                       "CryptoKit", "UniformTypeIdentifiers", "CoreText", "ImageIO", "Network", "os.log"]
        }
    }

    /// What an `import X` becomes in a slice for `os`.
    public enum ImportFate: Equatable, Sendable {
        case kept
        case stoodIn
        case dropped
    }

    /// Anything else is dropped: a module this system lacks, or one whose sources are given as
    /// more `--sources` (compiled into the same module, so its import names nothing).
    public static func fate(ofImport module: String, os: HostOS) -> ImportFate {
        if toolchain.contains(module) || sdk(for: os).contains(module) { return .kept }
        if standInModules(for: os).contains(module) { return .stoodIn }
        return .dropped
    }
}
