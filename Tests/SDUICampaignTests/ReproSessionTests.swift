import Foundation
import Testing
@testable import SDUICampaign

/// The library half of `sdui repro`: which decoder a name means, and which inputs can be replayed.
@Suite struct ReproSessionTests {
    @Test func aDecoderIsABundledTargetOrAProductSwiftPMKnows() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-repro-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A manifest that computes its product names: no text search of it would find them.
        try PackageGraphTests.write(dir, [
            "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let names = ["Feed", "Deals"].map { "Fuzz" + $0 }
                let package = Package(name: "App", products: names.map { .executable(name: $0, targets: [$0]) },
                                      targets: names.map { .executableTarget(name: $0) })
                """,
            "Sources/FuzzFeed/FuzzFeed.swift": "print(1)\n",
            "Sources/FuzzDeals/FuzzDeals.swift": "print(2)\n",
            "Sources/NotAProduct/N.swift": "let n = 1\n",
        ])
        let root = dir.standardizedFileURL.path
        #expect(ReproSession.decoder(named: "reference", packageRoot: root)?.product == "FuzzDecode")
        #expect(ReproSession.decoder(named: "planted", packageRoot: root)?.speaksProtocolV1 == true)
        let feed = try #require(ReproSession.decoder(named: "FuzzFeed", packageRoot: root))
        #expect(feed.product == "FuzzFeed" && !feed.speaksProtocolV1)
        // A folder under Sources/ is not a product; neither is a name the package does not have.
        #expect(ReproSession.decoder(named: "NotAProduct", packageRoot: root) == nil)
        #expect(ReproSession.decoder(named: "FuzzNothing", packageRoot: root) == nil)
    }

    @Test func onlyPayloadsAreReplayedAndEveryOtherPathIsSaid() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-inputs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try PackageGraphTests.write(dir, [
            "artifacts/crash-1": "{\"views\": [}",
            "artifacts/crash-1.meta.json": "{}",
            "empty/.keep": "",
            "body.bin": "\u{1f}\u{8b}",
        ])
        try Data([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).write(to: dir.appendingPathComponent("artifacts/FuzzFeed"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("empty/.keep"))
        let (files, problems) = ReproSession.inputs([
            dir.appendingPathComponent("artifacts").path, dir.appendingPathComponent("body.bin").path,
            dir.appendingPathComponent("empty").path, dir.appendingPathComponent("missing").path,
        ])
        #expect(files.map { ($0 as NSString).lastPathComponent }.sorted() == ["body.bin", "crash-1"])
        #expect(problems.contains { $0.hasSuffix("FuzzFeed: not a payload (an ELF executable); skipped") })
        #expect(problems.contains { $0.hasSuffix("empty: the folder holds no files") })
        #expect(problems.contains { $0.hasSuffix("missing: no such file or directory") })
        #expect(problems.count == 3)
    }
}
