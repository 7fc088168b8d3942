import Foundation
import SDUIPlatform
import SDUIPlatformProcesses

/// Where the tests find the repository, its corpus and the shared external test data.
public enum TestPaths {
    /// The package root (the directory holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    public static var corpusSeeds: URL { packageRoot.appendingPathComponent("Corpus/seeds") }
    public static var corpusRenderings: URL { packageRoot.appendingPathComponent("Corpus/renderings") }
    public static var corpus: URL { packageRoot.appendingPathComponent("Corpus") }

    /// The inputs of `Corpus/<folder>`, as `<folder>/<file>` (notes and sidecars left out): test arguments.
    public static func corpusInputs(_ folder: String) -> [String] {
        files(under: corpus.appendingPathComponent(folder)).filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".json.meta") }
            .map { folder + "/" + $0 }
    }

    /// `../shared/external` beside the repository, or `$SDUI_SHARED_DIR/external`.
    public static var external: URL {
        if let dir = ProcessInfo.processInfo.environment["SDUI_SHARED_DIR"] {
            return URL(fileURLWithPath: dir).appendingPathComponent("external")
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/external")
    }

    /// Tests that build fuzzers need a toolchain with libFuzzer (swift.org's; Xcode's has none):
    /// they are skipped without one, except in CI on Linux, where a missing libFuzzer is a failure.
    public static var fuzzingAvailable: Bool {
        if HostOS.current == .linux, ProcessInfo.processInfo.environment["CI"] != nil { return true }
        return Toolchain.swiftExecutable().flatMap { Toolchain.libFuzzer(swift: $0) } != nil
    }

    /// Tests over the external data run when it is present, and always in CI (where its absence
    /// is then a failure, not a silent skip).
    public static var externalDataAvailable: Bool {
        FileManager.default.fileExists(atPath: external.path) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Every regular file under `dir`, sorted, as paths relative to `dir`.
    public static func files(under dir: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var result: [String] = []
        let base = dir.standardizedFileURL.path
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            result.append(String(path.dropFirst(base.count + 1)))
        }
        return result.sorted()
    }

    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// The directory holding the built products (`sdui`, …): the one holding the running test bundle.
    public static var productsDirectory: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var url = executable
        while url.path != "/" {
            if url.lastPathComponent.hasSuffix(".xctest") { return url.deletingLastPathComponent() }
            url.deleteLastPathComponent()
        }
        return executable.deletingLastPathComponent()
    }
}
