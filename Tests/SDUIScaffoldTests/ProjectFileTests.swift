import Foundation
import SDUIScaffold
import Testing

/// sdui.json: found upward from where sdui runs, not past the repository's root; its mistakes
/// named by JSON path; its paths relative to its folder.
@Suite struct ProjectFileTests {
    static func repository() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-project-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/ios/App/Models", withIntermediateDirectories: true)
        return root
    }

    @Test func foundUpwardAndItsPathsAreItsFolders() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try ProjectFile.find(from: root + "/ios/App/Models") == nil)
        let file = ProjectFile(decoders: [.init(name: "app", sources: ["App"], decode: "try Screen.parse(data)"),
                                          .init(name: "legacy", module: "Feed", packagePath: "../FeedKit", type: "FeedScreen")],
                               seeds: ["App/Mocks"], fuzzSeconds: 90)
        try file.text.write(toFile: root + "/ios/sdui.json", atomically: true, encoding: .utf8)
        let located = try #require(try ProjectFile.find(from: root + "/ios/App/Models"))
        #expect(located.file == file)
        #expect(located.absolute("App") == URL(fileURLWithPath: root + "/ios/App").standardizedFileURL.path)
        #expect(try located.decoder(named: nil).name == "app")
        #expect(try located.decoder(named: "legacy").module == "Feed")
        #expect(throws: ProjectFileError.unknownDecoder("web", path: located.path, known: ["app", "legacy"])) { try located.decoder(named: "web") }
        // Not past the repository's root: a file above it is another project's.
        try file.text.write(toFile: root + "/sdui.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/vendor/Kit/.git", withIntermediateDirectories: true)
        #expect(try ProjectFile.find(from: root + "/vendor")?.path == root + "/sdui.json")
        #expect(try ProjectFile.find(from: root + "/vendor/Kit") == nil)
    }

    @Test func mistakesAreNamedByTheirJSONPath() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/sdui.json"
        func error(_ text: String) -> String {
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
            do { _ = try ProjectFile.load(path); return "" } catch { return "\(error)" }
        }
        #expect(error(#"{"decoders": [{"name": "app", "sources": "App", "decode": "try S.parse(data)"}]}"#) == "\(path): $.decoders[0].sources: expected an array")
        #expect(error(#"{"decoders": [{"sources": ["App"], "decode": "x"}]}"#) == "\(path): $.decoders[0].name: missing \"name\"")
        #expect(error(#"{"decoders": [{"name": "app", "sources": ["App"]}]}"#).hasPrefix("\(path): decoders[0]: give one of \"decode\""))
        #expect(error(#"{"decoders": [{"name": "app", "decode": "x"}]}"#).hasPrefix("\(path): decoders[0]: say where the code is"))
        #expect(error(#"{"decoders": [{"name": "a", "sources": ["A"], "type": "S"}, {"name": "a", "sources": ["B"], "type": "T"}]}"#) == "\(path): decoders: two decoders share a name")
        #expect(error("{").hasPrefix("\(path): $: "))
    }
}
