import Foundation
import Testing
@testable import SDUICampaign

/// A campaign skips SwiftPM for a binary its stamp shows up to date, and only then.
@Suite struct BuildStampTests {
    private func package(_ manifest: String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-stamp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/Sources/Decoder", withIntermediateDirectories: true)
        try manifest.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try "let x = 1\n".write(toFile: root + "/Sources/Decoder/Decoder.swift", atomically: true, encoding: .utf8)
        return root
    }

    private func setModified(_ path: String, _ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }

    @Test func theInputsAreTheManifestsFoldersOrUnknown() throws {
        let root = try package(#"let package = Package(targets: [.target(name: "T", path: "Tests/Support"), .executableTarget(name: "F", path: "Sources/Fuzz/\(name)")])"#)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(BuildStamp.inputs(packageRoot: root) == ["Package.swift", "Package.resolved", "Sources", "Tests"].map { root + "/" + $0 })
        for unknown in [#"dependencies: [.package(path: "../Decoder")]"#, #".target(name: "T", path: "../Elsewhere")"#,
                        #".target(name: "T", path: "/abs/T")"#] {
            try unknown.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
            #expect(BuildStamp.inputs(packageRoot: root) == nil, "\(unknown)")
        }
    }

    @Test func upToDateUntilASourceTheBinaryOrTheBuildChanges() throws {
        let root = try package("let package = Package(name: \"App\")\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let builder = FuzzBuilder(packageRoot: root)
        let binary = builder.binary("FuzzApp")
        try FileManager.default.createDirectory(atPath: builder.binDirectory, withIntermediateDirectories: true)
        try Data("binary".utf8).write(to: URL(fileURLWithPath: binary))
        #expect(!builder.isUpToDate("FuzzApp"), "no stamp yet")
        let past = Date().addingTimeInterval(-60)
        for file in ["/Package.swift", "/Sources/Decoder/Decoder.swift", "/Sources/Decoder", "/Sources"] { try setModified(root + file, past) }
        try setModified(binary, past)
        let stamp = BuildStamp(builder: builder, product: "FuzzApp")
        stamp.write()
        #expect(builder.isUpToDate("FuzzApp"))

        // A source edited after the build.
        try setModified(root + "/Sources/Decoder/Decoder.swift", Date().addingTimeInterval(5))
        #expect(!builder.isUpToDate("FuzzApp"))
        try setModified(root + "/Sources/Decoder/Decoder.swift", past)
        #expect(builder.isUpToDate("FuzzApp"))

        // A file added (its folder changes).
        try "let y = 2\n".write(toFile: root + "/Sources/Decoder/More.swift", atomically: true, encoding: .utf8)
        #expect(!builder.isUpToDate("FuzzApp"))
        try FileManager.default.removeItem(atPath: root + "/Sources/Decoder/More.swift")
        try setModified(root + "/Sources/Decoder", past)
        #expect(builder.isUpToDate("FuzzApp"))

        // The binary rebuilt by something else after the stamp.
        try setModified(binary, Date().addingTimeInterval(5))
        #expect(!builder.isUpToDate("FuzzApp"))
        try setModified(binary, past)

        // Another build of it (another recipe's stamp).
        try Data("swift build -c debug\n".utf8).write(to: URL(fileURLWithPath: stamp.path))
        try setModified(stamp.path, Date())
        #expect(!builder.isUpToDate("FuzzApp"))
        stamp.write()
        #expect(builder.isUpToDate("FuzzApp"))

        // A package whose inputs cannot be told is never up to date.
        try #"dependencies: [.package(path: "../Decoder")]"#.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try setModified(root + "/Package.swift", past)
        #expect(!builder.isUpToDate("FuzzApp"))
    }
}
