// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ModernKit",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "ModernSDUIKit", targets: ["modern-sdui-kit"]),
    ],
    dependencies: [
        // The layout engine the views use; private to the company, not fetchable from here.
        .package(url: "https://github.com/acme-mobile/FlexLayoutKit.git", from: "3.2.0"),
    ],
    targets: [
        .target(
            name: "modern-sdui-kit",
            dependencies: [.product(name: "FlexLayoutKit", package: "FlexLayoutKit")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .define("MODERN_SDUI_STRICT", .when(platforms: [.iOS])),
            ]
        ),
    ]
)
