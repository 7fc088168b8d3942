// swift-tools-version: 6.2
import Foundation
import PackageDescription

// Sample clients for the contract gate: teams' own decoders, in four foreign shapes, plugged in
// exactly as the main README's "Gate your own decoder" says.
//
// - HomeFeed: `responseData` + `viewType`/`content` (seed shape 2), with the silent fallback an
//   unknown `viewType` gets in the app. Two app versions: ios-5.2, and ios-5.3 which knows coupons.
// - ViewItems: the harness's own `view_type`/`view_data` decoder (seed shape 4).
// - ItemsFeed and CardsFeed: one `type` + a sibling named like it, as two apps decode it (an item
//   class with an optional payload and a view factory; synthesized Codable with one optional
//   sibling per kind). Contracts/Cards.
// - DiscoverWidgets and DiscoverRegistry: `identifier` + `data`, as two apps decode it (a wrapper
//   that swallows a widget's decode error; a registry of `[String: Any]` factories with a
//   placeholder). Contracts/Discover.
// These four give no `rendering:`: the gate derives what they show from the decoded value.
//
// Each client is one file that serves the fuzzer and the gate alike. The harness is this
// repository, two folders up; SwiftPM names a path dependency after its folder, which a clone may
// name freely, so the manifest computes that name.
let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized.lastPathComponent

let package = Package(
    name: "GateClients",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .library(name: "HomeFeed", targets: ["HomeFeed"]),
        .executable(name: "ClientIOS52", targets: ["ClientIOS52"]),
        .executable(name: "ClientIOS53", targets: ["ClientIOS53"]),
        .executable(name: "ClientViewItems", targets: ["ClientViewItems"]),
        .library(name: "ItemsFeed", targets: ["ItemsFeed"]),
        .library(name: "CardsFeed", targets: ["CardsFeed"]),
        .library(name: "DiscoverWidgets", targets: ["DiscoverWidgets"]),
        .library(name: "DiscoverRegistry", targets: ["DiscoverRegistry"]),
        .executable(name: "ClientFeedItems", targets: ["ClientFeedItems"]),
        .executable(name: "ClientCards", targets: ["ClientCards"]),
        .executable(name: "ClientDiscoverWidgets", targets: ["ClientDiscoverWidgets"]),
        .executable(name: "ClientDiscoverRegistry", targets: ["ClientDiscoverRegistry"]),
    ],
    dependencies: [.package(path: "../..")],
    targets: [
        // The app's decoder and view factory, as the team wrote them (no test code).
        .target(name: "HomeFeed"),
        // What the app shows, as the gate's decoder-neutral rendering (shared by both app versions).
        .target(name: "HomeFeedRendering", dependencies: ["HomeFeed", .product(name: "SDUIPlugIn", package: harness)]),
        .executableTarget(name: "ClientIOS52", dependencies: [.product(name: "SDUIFuzz", package: harness), "HomeFeed", "HomeFeedRendering"]),
        .executableTarget(name: "ClientIOS53", dependencies: [.product(name: "SDUIFuzz", package: harness), "HomeFeed", "HomeFeedRendering"]),
        .executableTarget(name: "ClientViewItems", dependencies: [
            .product(name: "SDUIFuzz", package: harness), .product(name: "ViewItemsDecoder", package: harness),
        ]),
        // Four apps' decoders with their views, as the teams wrote them, and their clients (no
        // `rendering:`: derived from the decoded value).
        .target(name: "ItemsFeed"),
        .target(name: "CardsFeed"),
        .target(name: "DiscoverWidgets"),
        .target(name: "DiscoverRegistry"),
        .executableTarget(name: "ClientFeedItems", dependencies: [.product(name: "SDUIFuzz", package: harness), "ItemsFeed"]),
        .executableTarget(name: "ClientCards", dependencies: [.product(name: "SDUIFuzz", package: harness), "CardsFeed"]),
        .executableTarget(name: "ClientDiscoverWidgets", dependencies: [.product(name: "SDUIFuzz", package: harness), "DiscoverWidgets"]),
        .executableTarget(name: "ClientDiscoverRegistry", dependencies: [.product(name: "SDUIFuzz", package: harness), "DiscoverRegistry"]),
        // The gate's verdict in the app's own tests (README "Gate your own decoder", step 5).
        .testTarget(name: "HomeFeedTests", dependencies: [
            "HomeFeed", "HomeFeedRendering", .product(name: "SDUIContractTesting", package: harness),
        ], exclude: ["home.json", "__Goldens__"]),
    ]
)
