// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "SectionsKit",
    platforms: [.iOS(.v15)],
    products: [
        .library(name: "SectionsKit", targets: ["SectionsKit"]),
    ],
    targets: [
        .target(
            name: "SectionsKit",
            resources: [.process("Resources")]
        ),
    ]
)
