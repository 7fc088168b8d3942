import Foundation
import Testing
import TestSupport

/// `sdui fuzz slice` and the options every zero-code command shares: the decoder named by how the
/// app calls it and where its code is, nothing of the user's written.
@Suite struct DecoderWhereItLivesTests {
    static let sdui = TestPaths.productsDirectory.appendingPathComponent("sdui")
    static let apps = TestPaths.packageRoot.appendingPathComponent("Benchmarks/AppDecoders/Apps")

    func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zero-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Every file under a folder with its size and modification time.
    func listing(_ folder: URL) -> [String] {
        TestPaths.files(under: folder).map { path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return "\(path) \(attributes?[.size] ?? 0) \(String(describing: attributes?[.modificationDate]))"
        }.sorted()
    }

    /// A module of an iOS-only package whose files hold SwiftUI views beside the models and a
    /// `@MainActor` view model: sliced, its samples found, its folder untouched.
    @Test func aModuleOfAPackageIsSlicedWithNothingWritten() throws {
        let package = Self.apps.appendingPathComponent("SectionsKit")
        let before = listing(package)
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try run(Self.sdui, ["fuzz", "slice", "--module", "SectionsKit", "--package-path", package.path,
                                      "--decode", "try SectionsViewModel.parse(data)", "--decoder-scratch-path", dir])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("`try SectionsViewModel.parse(data)` in module `SectionsKit`"), "\(out.stdout)")
        #expect(out.stdout.contains("Views/SectionsScreen.swift:3: dropped `SectionsScreen: View`"), "\(out.stdout)")
        #expect(out.stdout.contains("- `Resources/home.json`"), "\(out.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Sources/SectionsKit/SDUIGeneratedEntry.swift"))
        #expect(listing(package) == before)
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(".build").path))
    }

    @Test func whatIsMissingIsAUsageErrorThatSaysWhatToType() throws {
        let noPlace = try run(Self.sdui, ["fuzz", "run", "--decode", "try Screen.parse(data)"])
        #expect(noPlace.status == 64)
        #expect(noPlace.stderr.contains("--sources DIR"), "\(noPlace.stderr)")
        let noCall = try run(Self.sdui, ["fuzz", "slice", "--sources", Self.apps.appendingPathComponent("ShopApp").path])
        #expect(noCall.status == 64)
        #expect(noCall.stderr.contains("--decode 'try MyScreen.parse(data)' or --type MyScreen"), "\(noCall.stderr)")
        let both = try run(Self.sdui, ["fuzz", "run", "decode", "--sources", "x", "--type", "T"])
        #expect(both.status == 64 && both.stderr.contains("do not go together"), "\(both.stderr)")
        let missing = try run(Self.sdui, ["fuzz", "slice", "--sources", "/nonexistent/App", "--type", "T"])
        #expect(missing.status == 64 && missing.stderr.contains("/nonexistent/App: no such folder"), "\(missing.stderr)")
    }

    @Test func aDecodeExpressionThatDoesNotCompileIsAClearError() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try run(Self.sdui, ["fuzz", "slice", "--sources", Self.apps.appendingPathComponent("ShopApp").path,
                                      "--decode", "try NoSuchScreen.parse(data)", "--decoder-scratch-path", dir])
        #expect(out.status == 2)
        #expect(out.stderr.contains("the decode expression `try NoSuchScreen.parse(data)` does not compile"), "\(out.stderr)")
        #expect(out.stderr.contains("NoSuchScreen"), "\(out.stderr)")
    }
}
