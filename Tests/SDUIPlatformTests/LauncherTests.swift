import Foundation
import Testing
import TestSupport

/// scripts/sdui: one built `sdui` per version of the harness, reused by every run from a user's
/// package. Run here against a copy of the script in a fake checkout, with a stub `swift` first on
/// PATH that logs each build and writes a binary that echoes its arguments.
@Suite struct LauncherTests {
    @Test func buildsOnceThenReusesTheBinaryUntilASourceChanges() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let harness = root.appendingPathComponent("SDUIHarness"), stubs = root.appendingPathComponent("stubs")
        let log = root.appendingPathComponent("builds.log")
        for dir in [harness.appendingPathComponent("scripts"), harness.appendingPathComponent("Sources/SDUICLI"), stubs] {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try fm.copyItem(at: TestPaths.packageRoot.appendingPathComponent("scripts/sdui"), to: harness.appendingPathComponent("scripts/sdui"))
        try "// swift-tools-version: 6.0\n".write(to: harness.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let source = harness.appendingPathComponent("Sources/SDUICLI/SDUI.swift")
        try "// the CLI\n".write(to: source, atomically: true, encoding: .utf8)
        // `swift build … --scratch-path DIR`: logs, then writes DIR/debug/sdui.
        let stub = stubs.appendingPathComponent("swift")
        try """
            #!/bin/sh
            echo "swift $*" >> '\(log.path)'
            scratch=""; previous=""
            for argument in "$@"; do [ "$previous" = "--scratch-path" ] && scratch="$argument"; previous="$argument"; done
            mkdir -p "$scratch/debug"
            printf '#!/bin/sh\\necho "sdui ran: $*"\\n' > "$scratch/debug/sdui"
            chmod +x "$scratch/debug/sdui"
            """.write(to: stub, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)

        func launch(_ arguments: [String]) throws -> ProcessResult {
            try run(URL(fileURLWithPath: "/bin/sh"), [harness.appendingPathComponent("scripts/sdui").path] + arguments,
                    environment: ["PATH": stubs.path + ":/usr/bin:/bin"])
        }
        func builds() -> Int { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count }

        let first = try launch(["fuzz", "run", "FuzzMyDecoder"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("sdui ran: fuzz run FuzzMyDecoder"))
        #expect(builds() == 1)
        #expect(((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("build -c debug --product sdui"))

        let second = try launch(["--help"])
        #expect(second.stdout.contains("sdui ran: --help"))
        #expect(builds() == 1, "the second run must not build")

        // A source newer than the binary (a pull, an edit): built again, once.
        try fm.setAttributes([.modificationDate: Date().addingTimeInterval(120)], ofItemAtPath: source.path)
        _ = try launch(["--help"])
        #expect(builds() == 2)

        // The checkout's own build (.build/debug/sdui, from `swift build` here or in CI), once it
        // is newer than every source, is used without a build; a stale one is not.
        let own = harness.appendingPathComponent(".build/debug/sdui")
        try fm.createDirectory(at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"own build ran: $*\"\n".write(to: own, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755, .modificationDate: Date().addingTimeInterval(240)], ofItemAtPath: own.path)
        try fm.setAttributes([.modificationDate: Date().addingTimeInterval(180)], ofItemAtPath: source.path)
        let reused = try launch(["decode", "x.json"])
        #expect(reused.stdout.contains("own build ran: decode x.json"), "\(reused.stdout)\(reused.stderr)")
        #expect(builds() == 2, "an up-to-date build of the checkout must not be built again")
        try fm.setAttributes([.modificationDate: Date().addingTimeInterval(300)], ofItemAtPath: source.path)
        let rebuilt = try launch(["decode", "x.json"])
        #expect(rebuilt.stdout.contains("sdui ran: decode x.json"))
        #expect(builds() == 3, "a stale build of the checkout must not be used")
    }
}
