// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "WidgetCatalog",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "WidgetCatalog", targets: ["WidgetCatalog"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "600.0.0"),
    ],
    targets: [
        .macro(
            name: "WidgetCatalogMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "WidgetCatalog", dependencies: ["WidgetCatalogMacros"]),
        .testTarget(name: "WidgetCatalogTests", dependencies: ["WidgetCatalog"]),
    ]
)
