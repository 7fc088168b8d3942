import Foundation
import SDUICampaign
import SDUIPlatformProcesses
import Testing

/// An app version named by a git revision: its folder as it was at the tag, read without touching
/// the work tree (its files, index and branch stay as they are).
@Suite struct RevisionSourcesTests {
    func git(_ arguments: [String], in dir: String) throws {
        let git = try #require(Toolchain.tool("git"))
        let out = try ProcessRunner.run(git, ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false"] + arguments,
                                        in: dir, timeout: 60)
        #expect(out.status == 0, "git \(arguments): \(out.stderr)")
    }

    @Test func readsAFolderAtATagAndLeavesTheWorkTreeAlone() throws {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("rev-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: repo) }
        try FileManager.default.createDirectory(atPath: repo + "/App/Models", withIntermediateDirectories: true)
        try git(["init", "-q"], in: repo)
        try "struct Screen { let v = 1 }\n".write(toFile: repo + "/App/Models/Screen.swift", atomically: true, encoding: .utf8)
        try "// not the decoder\n".write(toFile: repo + "/README.swift", atomically: true, encoding: .utf8)
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "v1"], in: repo)
        try git(["tag", "v1.0.0"], in: repo)
        try "struct Screen { let v = 2 }\n".write(toFile: repo + "/App/Models/Screen.swift", atomically: true, encoding: .utf8)
        try "struct Added {}\n".write(toFile: repo + "/App/Models/Added.swift", atomically: true, encoding: .utf8)

        let out = repo + "/.build-sdui-decoders/.revisions/ios-1.0"
        let folders = try RevisionSources.materialize([repo + "/App/Models"], at: "v1.0.0", into: out)
        #expect(folders == [out + "/App/Models"])
        #expect(try String(contentsOfFile: out + "/App/Models/Screen.swift", encoding: .utf8) == "struct Screen { let v = 1 }\n")
        #expect(!FileManager.default.fileExists(atPath: out + "/App/Models/Added.swift"))
        #expect(!FileManager.default.fileExists(atPath: out + "/README.swift"), "only the named folders")
        // The work tree is as it was.
        #expect(try String(contentsOfFile: repo + "/App/Models/Screen.swift", encoding: .utf8) == "struct Screen { let v = 2 }\n")
        #expect(FileManager.default.fileExists(atPath: repo + "/App/Models/Added.swift"))

        #expect {
            try RevisionSources.materialize([repo + "/App/Models"], at: "v9.9.9", into: out)
        } throws: { "\($0)".contains("no revision v9.9.9") }
        #expect {
            try RevisionSources.materialize([FileManager.default.temporaryDirectory.path], at: "v1.0.0", into: out)
        } throws: { "\($0)".contains("not in a git repository") }
    }
}
