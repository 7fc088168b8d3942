import Foundation
import Testing
@testable import SDUICampaign

/// The decoder's sources are found through the package graph: a fuzz target in an app package
/// whose decoder is a product of a package it depends on by path, which takes its models from a
/// third; harness plumbing and packages past the hop limit stay out.
@Suite struct PackageGraphTests {
    static func write(_ root: URL, _ files: [String: String]) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static func manifest(_ name: String, dependencies: [String], products: String, targets: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(
            name: "\(name)",
            products: [\(products)],
            dependencies: [\(dependencies.map { ".package(path: \"../\($0)\")" }.joined(separator: ", "))],
            targets: [\(targets)]
        )
        """
    }

    @Test func aDecoderInAnotherPackageIsFoundWithItsModels() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(dir, [
            "App/Package.swift": Self.manifest("App", dependencies: ["FeedKitPkg", "HarnessPkg"], products: "", targets: """
                .executableTarget(name: "FuzzFeed", dependencies: [.product(name: "FeedKit", package: "FeedKitPkg"), .product(name: "SDUIFuzz", package: "HarnessPkg")]),
                .executableTarget(name: "FuzzSample", dependencies: [.product(name: "SampleDecoder", package: "HarnessPkg"), .product(name: "SDUIFuzz", package: "HarnessPkg")]),
                .target(name: "Unrelated")
                """),
            "App/Sources/FuzzFeed/main.swift": "print(1)\n",
            "App/Sources/FuzzSample/main.swift": "print(2)\n",
            "App/Sources/Unrelated/U.swift": "let u = 1\n",
            "FeedKitPkg/Package.swift": Self.manifest("FeedKitPkg", dependencies: ["ModelsPkg"], products: ".library(name: \"FeedKit\", targets: [\"FeedKit\"])", targets: """
                .target(name: "FeedKit", dependencies: ["FeedCore", .product(name: "Models", package: "ModelsPkg")]),
                .target(name: "FeedCore"),
                .testTarget(name: "FeedKitTests", dependencies: ["FeedKit"])
                """),
            "FeedKitPkg/Sources/FeedKit/F.swift": "let f = 1\n",
            "FeedKitPkg/Sources/FeedCore/C.swift": "let c = 1\n",
            "FeedKitPkg/Tests/FeedKitTests/T.swift": "let t = 1\n",
            "ModelsPkg/Package.swift": Self.manifest("ModelsPkg", dependencies: ["DeepPkg"], products: ".library(name: \"Models\", targets: [\"Models\"])", targets: """
                .target(name: "Models", dependencies: [.product(name: "Deep", package: "DeepPkg")])
                """),
            "ModelsPkg/Sources/Models/M.swift": "let m = 1\n",
            "DeepPkg/Package.swift": Self.manifest("DeepPkg", dependencies: [], products: ".library(name: \"Deep\", targets: [\"Deep\"])", targets: ".target(name: \"Deep\")"),
            "DeepPkg/Sources/Deep/D.swift": "let d = 1\n",
            "HarnessPkg/Package.swift": Self.manifest("HarnessPkg", dependencies: [], products: """
                .library(name: "SDUIFuzz", targets: ["SDUIFuzz"]), .library(name: "SampleDecoder", targets: ["SampleDecoder"])
                """, targets: """
                .target(name: "SDUIFuzz", dependencies: ["Payload"]), .target(name: "Payload"), .target(name: "SampleDecoder", dependencies: ["Payload"])
                """),
            "HarnessPkg/Sources/SDUIFuzz/H.swift": "let h = 1\n",
            "HarnessPkg/Sources/Payload/P.swift": "let p = 1\n",
            "HarnessPkg/Sources/SampleDecoder/S.swift": "let s = 1\n",
        ])
        let app = dir.appendingPathComponent("App").standardizedFileURL.path
        let found = try PackageGraph(packageRoot: app).decoderSources(of: "FuzzFeed")
        let names = Set(found.map { "\($0.package)/\($0.target)" })
        #expect(names == ["App/FuzzFeed", "FeedKitPkg/FeedKit", "FeedKitPkg/FeedCore", "ModelsPkg/Models"])
        // A decoder the harness's package ships (as this repository's sample) is mined; the plumbing is not.
        let sample = try PackageGraph(packageRoot: app).decoderSources(of: "FuzzSample")
        #expect(Set(sample.map(\.target)) == ["FuzzSample", "SampleDecoder"])
        #expect(found.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(found.contains { $0.path.hasSuffix("/FeedKitPkg/Sources/FeedKit") })

        // An ad-hoc (user) target asks the graph; the catalog's own targets keep their folders.
        let spec = FuzzTargetCatalog.spec(named: "FuzzFeed", seeds: [])
        var said: [String] = []
        let folders = spec.resolvedDecoderSources(packageRoot: app) { said.append($0) }
        #expect(folders.count == 4)
        #expect(said.first?.contains("FeedKit (FeedKitPkg)") == true)
        #expect(throws: PackageGraph.GraphError.self) { try PackageGraph(packageRoot: app).decoderSources(of: "NoSuchProduct") }
        let missing = FuzzTargetCatalog.spec(named: "NoSuchProduct", seeds: []).resolvedDecoderSources(packageRoot: app) { said.append($0) }
        #expect(missing == [app + "/Sources"])
        #expect(said.last?.contains("could not be read") == true)
    }
}
