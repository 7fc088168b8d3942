import Foundation
import SDUICampaign
import Testing
import TestSupport

/// `FuzzTargetCatalog` is the one list of fuzz targets: what is written from it must match it, and
/// `Package.swift` (which cannot import it) must declare exactly its products.
@Suite struct FuzzTargetCatalogTests {
    @Test func packageManifestDeclaresExactlyTheCatalogsTargets() throws {
        let manifest = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The manifest's `fuzzTargets` list: `"FuzzName": [dependencies],` one per line.
        let start = try #require(manifest.range(of: "let fuzzTargets"), "Package.swift has no `let fuzzTargets` list")
        let rest = manifest[start.upperBound...]
        let block = String(rest[..<(rest.range(of: "\n]\n")?.lowerBound ?? rest.endIndex)])
        let declared = block.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
        }
        #expect(declared == FuzzTargetCatalog.targets.map(\.product),
                "Package.swift's fuzzTargets and FuzzTargetCatalog.targets must list the same products in the same order")
        for product in declared {
            let file = TestPaths.packageRoot.appendingPathComponent("Sources/FuzzTargets/\(product)/\(product).swift")
            #expect(FileManager.default.fileExists(atPath: file.path), "\(product): no \(file.path)")
        }
    }

    @Test func clusterFuzzLiteTargetsAreWrittenFromTheCatalog() throws {
        let checkedIn = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(".clusterfuzzlite/targets.tsv"), encoding: .utf8)
        #expect(checkedIn == FuzzTargetCatalog.clusterFuzzLiteTSV,
                "re-write it: sdui fuzz list --format clusterfuzzlite > .clusterfuzzlite/targets.tsv")
        let products = checkedIn.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
        #expect(products == FuzzTargetCatalog.targets.filter { $0.role == .fuzzed }.map(\.product))
    }

    @Test func helpAndDefaultsFollowTheCatalog() {
        let fuzzed = FuzzTargetCatalog.targets.filter { $0.role == .fuzzed }
        #expect(FuzzTargetCatalog.defaultNames == fuzzed.map(\.name))
        #expect(!fuzzed.isEmpty)
        for target in fuzzed {
            #expect(FuzzTargetCatalog.helpText.contains("  \(target.name) "), "help lacks \(target.name)")
        }
        for target in FuzzTargetCatalog.targets where target.role != .fuzzed {
            #expect(FuzzTargetCatalog.helpText.contains(target.name), "help lacks \(target.name)")
        }
        #expect(FuzzTargetCatalog.helpText.contains("the \(fuzzed.count) above (the default)"))
    }

    /// Every harness target, this package's own included, exports the one text of entry points a
    /// generated target does; a bare one exports no harness at all (so a dropped line cannot pass
    /// for a baseline).
    @Test func everyHarnessTargetExportsTheTemplatesEntryPointsWordForWord() throws {
        let template = FuzzEntryTemplate.entryPoints(harness: "Target.harness")
        #expect(FuzzTargetCatalog.targets.filter { $0.entryPoints == .harness }.count >= 5)
        for target in FuzzTargetCatalog.targets {
            let file = TestPaths.packageRoot.appendingPathComponent("Sources/FuzzTargets/\(target.product)/\(target.product).swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            switch target.entryPoints {
            case .harness:
                #expect(text.hasSuffix(template), "\(target.product): its entry points differ from FuzzEntryTemplate.entryPoints(harness: \"Target.harness\")")
                #expect(text.components(separatedBy: "@_cdecl(").count == 5, "\(target.product): an entry point besides the template's")
            case .bare:
                #expect(!text.contains("FuzzHarness"), "\(target.product): a bare target runs no harness")
                #expect(text.components(separatedBy: "@_cdecl(").count == 2, "\(target.product): a bare target exports LLVMFuzzerTestOneInput only")
            }
        }
    }
}
