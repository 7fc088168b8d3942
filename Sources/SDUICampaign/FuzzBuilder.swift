import Foundation
import SDUIPlatform
import SDUIPlatformProcesses

/// Builds libFuzzer targets in their own scratch path with the recipe that gives both coverage
/// and ASan instrumentation, and verifies each binary really is instrumented.
public struct FuzzBuilder: Sendable {
    /// The package root (holding Package.swift).
    public var packageRoot: String
    /// The scratch path, relative to the root unless absolute.
    public var scratchPath = ".build-fuzz"

    public init(packageRoot: String, scratchPath: String = ".build-fuzz") {
        self.packageRoot = packageRoot
        self.scratchPath = scratchPath
    }

    /// The flags, in the one order that instruments for coverage *and* ASan (see fuzzing notes);
    /// `SDUI_LIBFUZZER` tells targets' `main.swift` not to add their replay program.
    public var buildArguments: [String] {
        ["build", "-c", "release", "--scratch-path", scratchPath, "--sanitize=fuzzer",
         "-Xswiftc", "-DSDUI_LIBFUZZER", "-Xswiftc", "-sanitize=fuzzer,address"]
    }

    public var binDirectory: String {
        let scratch = scratchPath.hasPrefix("/") ? scratchPath : packageRoot + "/" + scratchPath
        return scratch + "/release"
    }

    public func binary(_ product: String) -> String { binDirectory + "/" + product }

    public enum BuildError: Error, CustomStringConvertible {
        case swiftNotFound
        case buildFailed(product: String, output: String)
        case notInstrumented(product: String, reason: String)

        public var description: String {
            switch self {
            case .swiftNotFound: "the swift toolchain was not found on PATH"
            case .buildFailed(let p, let out): "building \(p) failed:\n\(out.suffix(3000))"
            case .notInstrumented(let p, let reason): "\(p) is not a usable fuzzer: \(reason)"
            }
        }
    }

    /// The exact command that builds `product` (for reports and documentation).
    public func buildCommand(_ product: String) -> String {
        "swift " + (buildArguments + ["--product", product]).joined(separator: " ")
    }

    public func build(_ product: String) throws {
        guard let swift = Toolchain.tool("swift") else { throw BuildError.swiftNotFound }
        let out = try ProcessRunner.run(swift, buildArguments + ["--product", product], in: packageRoot)
        guard out.status == 0 else { throw BuildError.buildFailed(product: product, output: out.stdout + out.stderr) }
    }

    public struct Instrumentation: Sendable {
        /// libFuzzer's `Loaded 1 modules (N inline 8-bit counters)`.
        public var counters: Int
        /// Whether AddressSanitizer's reporting functions are linked in.
        public var addressSanitizer: Bool
    }

    /// Runs the binary for zero inputs and reads its counters line; checks for ASan symbols.
    public func verify(_ product: String) throws -> Instrumentation {
        let path = binary(product)
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BuildError.notInstrumented(product: product, reason: "\(path) does not exist; build it first")
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let out = try ProcessRunner.run(path, ["-runs=0", empty.path])
        let counters = LibFuzzerOutput.counters(in: out.stderr) ?? 0
        guard counters > 0 else {
            throw BuildError.notInstrumented(product: product, reason: "no `inline 8-bit counters` line: built without coverage instrumentation")
        }
        // The harness must reach libFuzzer's own mutator (half its mutations), or it fuzzes blind.
        if out.stderr.contains("libFuzzer's mutator NOT found") {
            throw BuildError.notInstrumented(product: product, reason: "the harness cannot find LLVMFuzzerMutate (see Platform.libFuzzerMutate)")
        }
        let asan = Self.containsSymbol("__asan_report_load", in: path)
        guard asan else { throw BuildError.notInstrumented(product: product, reason: "no AddressSanitizer instrumentation") }
        return Instrumentation(counters: counters, addressSanitizer: asan)
    }

    static func containsSymbol(_ name: String, in path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data(name.utf8)) != nil
    }
}

/// Builds products of a package in its normal debug build (`.build/debug`): the contract gate's
/// clients, and the replayers `sdui repro` runs.
public struct DebugBuilder: Sendable {
    public var packageRoot: String

    public init(packageRoot: String) { self.packageRoot = packageRoot }

    /// Builds `product` and returns its binary's path.
    public func build(_ product: String) throws -> String {
        guard let swift = Toolchain.tool("swift") else { throw FuzzBuilder.BuildError.swiftNotFound }
        let out = try ProcessRunner.run(swift, ["build", "--product", product], in: packageRoot)
        guard out.status == 0 else { throw FuzzBuilder.BuildError.buildFailed(product: product, output: out.stdout + out.stderr) }
        let bin = try ProcessRunner.run(swift, ["build", "--show-bin-path"], in: packageRoot)
        return bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/" + product
    }
}
