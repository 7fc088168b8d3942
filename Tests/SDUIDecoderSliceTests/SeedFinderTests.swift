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
}
