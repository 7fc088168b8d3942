// swift-tools-version: 6.2
import Foundation
import PackageDescription

// A planted-bug benchmark: SDUI decoders written the way app teams write them, with known
// bugs, each fuzzed through the harness exactly as the main README's "Fuzz your own decoder" says.
//
// The harness is this repository, two folders up, depended on by path. SwiftPM names a path
// dependency after its folder, and a clone may live in a folder of any name, so the manifest
// computes that name instead of spelling "SDUIHarness".
let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized.lastPathComponent

let decoders = ["FeedKit", "HomeScreenKit", "SectionKit", "ViewItemsKit", "CatalogKit", "CatalogKitFixed", "RegistryKit", "RegistryKitFixed",
                "LeakyRegistryKit", "LeakyRegistryKitFixed"]
// The twins built from their decoder's files with every shallow crash site throwing instead.
let shallowFixed: Set<String> = ["CatalogKitFixed", "RegistryKitFixed", "LeakyRegistryKitFixed"]
// The twins whose screens hold a megabyte each in a session cache until the decode returns.
let leaky: Set<String> = ["LeakyRegistryKit", "LeakyRegistryKitFixed"]

func defines(_ decoder: String) -> [SwiftSetting] {
    (shallowFixed.contains(decoder) ? [.define("SHALLOW_FIXED")] : []) + (leaky.contains(decoder) ? [.define("LEAKY")] : [])
}

let package = Package(
    name: "PlantedBugs",
    platforms: [.macOS(.v14)],
    products: decoders.map { .library(name: $0, targets: [$0]) }
        + decoders.map { .executable(name: "Fuzz\($0)", targets: ["Fuzz\($0)"]) },
    dependencies: [.package(path: "../..")],
    targets: [
        // The system zlib (Debian: zlib1g-dev), for the two decoders that inflate responses themselves.
        .systemLibrary(name: "CAppZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Seed shape 1: flat `views`, discriminator `type`, fields inline (JSONDecoder).
        .target(name: "FeedKit"),
        // Seed shape 2: `responseData` envelope, `viewType` + `content` (JSONDecoder, own gzip/zlib).
        .target(name: "HomeScreenKit", dependencies: ["CAppZlib"]),
        // Seed shape 3: `sectionComponentType` + `section` (JSONSerialization, enum with associated values).
        .target(name: "SectionKit"),
        // Seed shape 4: `view_items`, `view_type` + `view_data` (class hierarchy, factory, own gzip/zlib).
        .target(name: "ViewItemsKit", dependencies: ["CAppZlib"]),
        // A crash-dense decoder (flat `blocks`, `type`, templates; JSONSerialization and `as!`): most
        // malformed inputs crash at one of 37 shallow sites, three deeper bugs sit behind them.
        .target(name: "CatalogKit"),
        // The same source (a link to CatalogKit's file) with every shallow site throwing instead:
        // the speed reference for CatalogKit's campaigns.
        .target(name: "CatalogKitFixed", swiftSettings: [.define("SHALLOW_FIXED")]),
        // A crash-dense decoder in the registry style (`JSONSerialization` into `[String: Any]`, a
        // `@MainActor` registry of component classes, `as!` and `!` in each `init(object:registry:)`,
        // handlers that keep decoded components alive): 62 shallow sites, three deep bugs behind them.
        .target(name: "RegistryKit"),
        // The same files (links to RegistryKit's) with every shallow site throwing instead.
        .target(name: "RegistryKitFixed", swiftSettings: defines("RegistryKitFixed")),
        // RegistryKit and its fixed twin again (links to its files), each screen's decode holding a
        // megabyte in a session cache until it returns: a skipped crash leaks it (DecodeSession.swift).
        .target(name: "LeakyRegistryKit", swiftSettings: defines("LeakyRegistryKit")),
        .target(name: "LeakyRegistryKitFixed", swiftSettings: defines("LeakyRegistryKitFixed")),
    ] + decoders.map {
        // The README's fuzz target, one file each: Sources/Fuzz<Decoder>/Fuzz<Decoder>.swift.
        .executableTarget(name: "Fuzz\($0)", dependencies: [.product(name: "SDUIFuzz", package: harness), .target(name: $0)],
                          swiftSettings: defines($0))
    }
)
