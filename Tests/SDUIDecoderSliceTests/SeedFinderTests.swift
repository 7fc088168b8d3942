import Foundation
import SDUIDecoderSlice
import XCTest

/// The samples an app carries beside its decoder become seeds: JSON files and JSON in multi-line
/// literals, in its folders and in its project's test, mock and preview folders — not elsewhere.
final class SeedFinderTests: XCTestCase {
    func testFindsFilesAndLiteralsInTheProjectsSampleFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("seeds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        for folder in ["Shop.xcodeproj", "Shop/Mocks", "Shop/Assets.xcassets/Red.colorset", "ShopTests", "Tools"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        func write(_ path: String, _ text: String) throws { try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8) }
        try write("Shop/Mocks/home.json", #"{"views": [{"type": "title"},]}"#)          // a trailing comma, as mocks have
        try write("Shop/Assets.xcassets/Red.colorset/Contents.json", #"{"colors": []}"#)  // an asset catalog: not a sample
        try write("Shop/Preview.swift", "let sample = \"\"\"\n{\"views\": []}\n\"\"\"\nlet withValue = \"\"\"\n{\"a\": \\(1)}\n\"\"\"\n")
        try write("ShopTests/fixture.json", #"[{"type": "grid"}]"#)
        try write("Tools/config.json", #"{"lint": true}"#)                              // not a sample folder
        try write("Shop/notes.json", "not json")
        let seeds = SeedFinder.find(in: [root + "/Shop"])
        let origins = seeds.map { String($0.origin.dropFirst(root.count + 1)) }
        XCTAssertEqual(origins, ["Shop/Mocks/home.json", "Shop/Preview.swift:1", "ShopTests/fixture.json"])
        XCTAssertEqual(seeds[1].bytes, Array("{\"views\": []}".utf8))  // a multi-line literal ends before its last line break
    }

    /// Samples where a package's repository keeps them: an example app's `Sample/` folder and its
    /// one-line string literals, and the README's JSON code blocks; the order puts the decoder's
    /// own folder first. A folder lying inside another package (not in its `Sources/`) does not
    /// make that package's folders its samples.
    func testFindsSamplesInExampleAppsAndMarkdown() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("seeds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        for folder in ["Kit/Sources/kit-core/Resources", "Kit/Example/KitDemo/Sample", "Kit/Tools", "Kit/Benchmarks/Other/Models", "Kit/Benchmarks/Other/Mocks"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        func write(_ path: String, _ text: String) throws { try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8) }
        try write("Kit/Package.swift", "// swift-tools-version: 6.0\n")
        try write("Kit/Sources/kit-core/Resources/home.json", #"{"blocks": []}"#)
        try write("Kit/Example/KitDemo/Sample/promo.json", #"{"blocks": [{"type": "banner"}]}"#)
        try write("Kit/Example/KitDemo/Demo.swift", #"let fallback = "{\"blocks\": [{\"type\": \"rating\"}]}"; let short = "{}""#)
        try write("Kit/README.md", "# Kit\n\n```swift\nlet x = 1\n```\n\n```json\n{\"blocks\": [{\"type\": \"hero\"}]}\n```\n")
        try write("Kit/Tools/config.json", #"{"lint": true}"#)                        // not where samples are kept
        try write("Kit/Benchmarks/Other/Mocks/other.json", #"{"other": [1]}"#)
        let seeds = SeedFinder.find(in: [root + "/Kit/Sources/kit-core"])
        XCTAssertEqual(seeds.map { String($0.origin.dropFirst(root.count + 1)) },
                       ["Kit/Sources/kit-core/Resources/home.json", "Kit/Benchmarks/Other/Mocks/other.json",
                        "Kit/Example/KitDemo/Demo.swift:1", "Kit/Example/KitDemo/Sample/promo.json", "Kit/README.md:8"])
        XCTAssertEqual(seeds[2].bytes, Array(#"{"blocks": [{"type": "rating"}]}"#.utf8))  // escapes read as Swift reads them
        XCTAssertEqual(seeds[4].bytes, Array(#"{"blocks": [{"type": "hero"}]}"#.utf8))
        // A folder somewhere inside the package but not one of its targets': only its own samples.
        let other = SeedFinder.find(in: [root + "/Kit/Benchmarks/Other/Models"])
        XCTAssertEqual(other.map { String($0.origin.dropFirst(root.count + 1)) }, [])
    }
}
