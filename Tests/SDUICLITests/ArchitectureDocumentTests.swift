import Foundation
import SDUIPlatformProcesses
import Testing
import TestSupport

/// docs/architecture.md says what Package.swift says: its layout table names every module under
/// Sources/ (and no module that is gone), its "Module dependencies" list is each module's
/// dependencies on this package's modules, and every library module has a test target named after
/// it, but for the exceptions the document gives.
@Suite struct ArchitectureDocumentTests {
    static let document = TestPaths.packageRoot.appendingPathComponent("docs/architecture.md")

    /// Library modules with no test target of their own, as the document's `Tests/` row says why.
    static let untested: Set<String> = ["CZlib", "CSDUIPlatform", "CSDUIFuzzEngine", "SDUIRender", "SDUIRendering", "SDUIFuzzFixtures"]

    struct Target {
        var name: String
        var type: String
        var path: String
        var dependencies: [String]
    }

    /// The package's targets as SwiftPM reads the manifest (`swift package dump-package`: no resolution).
    static func targets() throws -> [Target] {
        let swift = try #require(Toolchain.tool("swift"), "swift is on PATH")
        // A scratch path of its own: `swift test` holds the package's .build while this runs.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = try run(URL(fileURLWithPath: swift), ["package", "--package-path", TestPaths.packageRoot.path, "--scratch-path", scratch, "dump-package"])
        try #require(out.status == 0, "dump-package failed: \(out.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let raw = try #require(json["targets"] as? [[String: Any]])
        let names = Set(raw.compactMap { $0["name"] as? String })
        return raw.compactMap { t in
            guard let name = t["name"] as? String, let type = t["type"] as? String else { return nil }
            let path = (t["path"] as? String) ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            let dependencies = ((t["dependencies"] as? [[String: Any]]) ?? []).compactMap { d -> String? in
                ((d["byName"] ?? d["target"]) as? [Any])?.first as? String
            }.filter(names.contains)
            return Target(name: name, type: type, path: path, dependencies: dependencies)
        }
    }

    /// The modules documented: under Sources/, not a fuzz target, not a plugin, not a test.
    static func documented(_ targets: [Target]) -> [Target] {
        targets.filter { $0.type != "test" && $0.type != "plugin" && $0.path.hasPrefix("Sources/") && !$0.path.hasPrefix("Sources/FuzzTargets") }
    }

    @Test func theLayoutTableNamesEveryModule() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let modules = Self.documented(try Self.targets())
        // A row's first cell: `Sources/A` (or several, `Sources/A`, `Sources/B`).
        let cells = text.split(separator: "\n").filter { $0.hasPrefix("| `Sources/") }.map { $0.dropFirst(2).prefix { $0 != "|" } }
        let rows = cells.flatMap { $0.matches(of: /`Sources\/([A-Za-z]+)`/).map { String($0.1) } }
        for module in modules {
            #expect(rows.contains(module.name), "docs/architecture.md's layout has no row for Sources/\(module.name)")
        }
        for row in rows { #expect(modules.contains { $0.name == row }, "docs/architecture.md names Sources/\(row), which Package.swift has not") }
    }

    @Test func theDependencyListIsPackageSwifts() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- BEGIN module dependencies -->"))
        let end = try #require(text.range(of: "<!-- END module dependencies -->"))
        var listed: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            guard let match = line.firstMatch(of: /^- `(\w+)` → (.*)$/) else { continue }
            listed[String(match.1)] = Set(match.2.matches(of: /`(\w+)`/).map { String($0.1) })
        }
        let modules = Self.documented(try Self.targets())
        #expect(Set(listed.keys) == Set(modules.map(\.name)), "the list's modules differ from Package.swift's")
        for module in modules {
            #expect(listed[module.name] == Set(module.dependencies),
                    "\(module.name): docs say \(listed[module.name]?.sorted() ?? []), Package.swift says \(module.dependencies.sorted())")
        }
    }

    @Test func everyLibraryModuleHasATestTarget() throws {
        let targets = try Self.targets()
        let tests = Set(targets.filter { $0.type == "test" }.map(\.name))
        for module in Self.documented(targets) where module.type == "regular" || module.type == "system" {
            if Self.untested.contains(module.name) { continue }
            #expect(tests.contains(module.name + "Tests"), "\(module.name) has no test target \(module.name)Tests")
        }
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        for name in Self.untested where name != "CZlib" { #expect(text.contains("`\(name)`"), "the document does not say why \(name) has no test target") }
    }
}
