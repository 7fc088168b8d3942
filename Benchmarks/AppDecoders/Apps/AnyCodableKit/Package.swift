// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AnyCodableKit",
    platforms: [.iOS(.v15)],
    products: [
        .library(name: "AnyCodableKit", targets: ["AnyCodableKit"]),
    ],
    targets: [
        .target(
            name: "AnyCodableKit",
            resources: [.process("Resources")]
        ),
    ]
)
