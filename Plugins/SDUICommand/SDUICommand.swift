import Foundation
import PackagePlugin

/// `swift package sdui <subcommand> …`: runs `sdui` in the package's folder (Xcode: the package's
/// plugin menu). The harness's own `scripts/sdui` runs it, so a package shares the one `sdui` built
/// per harness version (in the harness's folder) with the command line, instead of building the CLI
/// and its HTTP and swift-syntax dependencies again in every package's `.build`.
@main
struct SDUICommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let harness = Self.harness(in: context.package) else {
            throw PluginFailure("SDUIHarness is not among this package's dependencies; add .package(path: \"../SDUIHarness\") (or its URL)")
        }
        let launcher = harness.directoryURL.appendingPathComponent("scripts/sdui")
        let process = Process()
        process.executableURL = launcher
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // SwiftPM holds the package's .build while a plugin runs: the debug builds sdui makes (gate
        // clients, repro's replayers) go to a scratch folder of their own, or they would wait forever.
        var environment = ProcessInfo.processInfo.environment
        environment["SDUI_DEBUG_SCRATCH_PATH"] = context.package.directoryURL.appendingPathComponent(".build-sdui-debug").path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        // The plugin API has no exit status of its own: a failing sdui fails `swift package` (exit 1);
        // sdui's own status (1 a finding, 2 could not run) is in its last line and this error.
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            throw PluginFailure("sdui \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
    }

    /// The SDUIHarness package: this package itself, or a dependency at any depth.
    static func harness(in package: Package) -> Package? {
        if package.products.contains(where: { $0.name == "SDUIFuzz" }) && package.displayName == "SDUIHarness" { return package }
        var seen = Set<String>()
        var queue = package.dependencies.map(\.package)
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next.id).inserted else { continue }
            if next.displayName == "SDUIHarness" { return next }
            queue += next.dependencies.map(\.package)
        }
        return nil
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
