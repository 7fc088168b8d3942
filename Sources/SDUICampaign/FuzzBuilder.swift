import Foundation
import SDUICrashAnalysis
import SDUIPlatform
import SDUIPlatformProcesses

/// Builds libFuzzer targets in their own scratch path with the recipe that gives both coverage
/// and ASan instrumentation, and verifies each binary really is instrumented.
///
/// Two recipes. With a toolchain that ships libFuzzer (swift.org's, on Linux and macOS):
/// `-sanitize=fuzzer,address`. With one that does not (Xcode's), or by choice: `--libfuzzer
/// ARCHIVE`, a libFuzzer archive without `main` (`libclang_rt.fuzzer_no_main*.a`, e.g. Homebrew's
/// llvm), linked whole into a binary instrumented with `-sanitize=address -sanitize-coverage=…`;
/// the target's own `main` (``FuzzReplay``) then hands over to libFuzzer's driver.
public struct FuzzBuilder: Sendable {
    /// The package root (holding Package.swift).
    public var packageRoot: String
    /// The scratch path, relative to the root unless absolute.
    public var scratchPath: String
    /// A libFuzzer archive without `main` to link instead of the toolchain's libFuzzer.
    public var libFuzzerArchive: String?
    /// The system the build is for (its linker's flags differ).
    public var os: HostOS
    /// What the build instruments (see ``Instrumenting``).
    public var instrumenting: Instrumenting

    /// What a fuzz build instruments for coverage. Everything in the binary, the harness included,
    /// unless the package's manifest says which modules are the decoder under test: it reads
    /// `SDUI_FUZZ_INSTRUMENT` (this package's and every generated one's do), and the build sets it.
    public enum Instrumenting: String, Sendable {
        /// Every module: `-sanitize=fuzzer,address` for all (a package's own fuzz targets).
        case everything
        /// The package's decoder modules; its harness modules ASan only (this package).
        case decoder
        /// The generated package's decoder; every module of the harness ASan only.
        case plugged

        /// The manifest's variable (`SDUI_FUZZ_INSTRUMENT=decoder|plugged`).
        public static let environmentVariable = "SDUI_FUZZ_INSTRUMENT"

        /// What the package at `root` can have: a generated package's manifest is `plugged`, one
        /// that reads the variable `decoder`, any other `everything`. `SDUI_FUZZ_INSTRUMENT=everything`
        /// in the environment asks for every module (a benchmark's baseline).
        public static func of(packageRoot root: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Instrumenting {
            if environment[environmentVariable] == Instrumenting.everything.rawValue { return .everything }
            guard let manifest = try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8),
                  manifest.contains(environmentVariable) else { return .everything }
            return manifest.contains(GeneratedFuzzPackage.manifestMarker) ? .plugged : .decoder
        }
    }

    public init(packageRoot: String, scratchPath: String? = nil, libFuzzerArchive: String? = nil, os: HostOS = .current) {
        self.packageRoot = packageRoot
        self.libFuzzerArchive = libFuzzerArchive.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path }
        // The two recipes build different binaries: apart, so neither rebuilds the other's.
        self.scratchPath = scratchPath ?? (libFuzzerArchive == nil ? ".build-fuzz" : ".build-fuzz-driver")
        self.os = os
        self.instrumenting = libFuzzerArchive == nil ? Instrumenting.of(packageRoot: packageRoot) : .everything
    }

    /// The coverage the fuzzer needs, as `-sanitize=fuzzer` would give it.
    static let coverageFlags = "-sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp"

    /// The flags, in the one order that instruments for coverage *and* ASan (see fuzzing notes);
    /// `SDUI_LIBFUZZER` tells targets not to add their replay program.
    public var buildArguments: [String] {
        guard let archive = libFuzzerArchive else {
            // The manifest gives each module its flags (`instrumenting`): a global one would come
            // last and instrument the harness too.
            let everything = instrumenting == .everything ? ["-Xswiftc", "-sanitize=fuzzer,address"] : []
            return ["build", "-c", "release", "--scratch-path", scratchPath, "--sanitize=fuzzer", "-Xswiftc", "-DSDUI_LIBFUZZER"] + everything
        }
        // The archive's members are referenced only at run time, so all of it is linked; it is
        // C++, hence the C++ library of the system.
        let link: [String] = switch os {
        case .linux: ["--whole-archive", archive, "--no-whole-archive", "-lstdc++"]
        case .darwin: ["-force_load", archive, "-lc++"]
        }
        return ["build", "-c", "release", "--scratch-path", scratchPath, "--sanitize=address",
                "-Xswiftc", Self.coverageFlags]
            + link.flatMap { ["-Xlinker", $0] }
    }

    /// Stops before a build that cannot work: no libFuzzer in the toolchain and none given, or a
    /// given archive that is not there.
    public func checkToolchain() throws {
        if let archive = libFuzzerArchive {
            guard FileManager.default.isReadableFile(atPath: archive) else {
                throw BuildError.noLibFuzzer("--libfuzzer \(archive): no such file (a libclang_rt.fuzzer_no_main archive)")
            }
            return
        }
        guard let swift = Toolchain.swiftExecutable() else { throw BuildError.swiftNotFound }
        if Toolchain.libFuzzer(swift: swift) == nil {
            throw BuildError.noLibFuzzer(Toolchain.noLibFuzzerMessage(swift: swift))
        }
    }

    public var binDirectory: String {
        let scratch = scratchPath.hasPrefix("/") ? scratchPath : packageRoot + "/" + scratchPath
        return scratch + "/release"
    }

    public func binary(_ product: String) -> String { binDirectory + "/" + product }

    /// Why a build failed (shared with ``DebugBuilder``).
    public typealias BuildError = SDUICrashAnalysis.BuildError

    /// The exact command that builds `product` (for reports and documentation).
    public func buildCommand(_ product: String) -> String {
        buildEnvironment.map { "\($0.key)=\($0.value) " }.joined() + "swift " + (buildArguments + ["--product", product]).joined(separator: " ")
    }

    /// What the manifest is told (``Instrumenting/environmentVariable``); nothing for `everything`.
    public var buildEnvironment: [String: String] {
        instrumenting == .everything ? [:] : [Instrumenting.environmentVariable: instrumenting.rawValue]
    }

    public func build(_ product: String) throws {
        try checkToolchain()
        guard let swift = Toolchain.tool("swift") else { throw BuildError.swiftNotFound }
        let stamp = BuildStamp(builder: self, product: product)
        try? FileManager.default.removeItem(atPath: stamp.path)
        let out = try ProcessRunner.run(swift, buildArguments + ["--product", product], in: packageRoot, environment: buildEnvironment)
        guard out.status == 0 else { throw BuildError.buildFailed(product: product, output: out.stdout + out.stderr) }
        stamp.write()
    }

    public struct Instrumentation: Sendable {
        /// libFuzzer's `Loaded 1 modules (N inline 8-bit counters)`.
        public var counters: Int
        /// Whether AddressSanitizer's reporting functions are linked in.
        public var addressSanitizer: Bool
    }

    /// Runs the binary for zero inputs and reads its counters line and its list of instrumented
    /// functions (none may be the harness's, ``HarnessCoverageCheck``); checks for ASan symbols.
    public func verify(_ product: String) throws -> Instrumentation {
        let path = binary(product)
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BuildError.notInstrumented(product: product, reason: "\(path) does not exist; build it first")
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let harnessModules = HarnessCoverageCheck.harnessModules(instrumenting)
        // The listing is symbolized function by function: asked for only when there is a harness to look for.
        let out = try ProcessRunner.run(path, ["-runs=0"] + (harnessModules.isEmpty ? [] : ["-print_coverage=1"]) + [empty.path])
        let counters = LibFuzzerOutput.counters(in: out.stderr) ?? 0
        guard counters > 0 else {
            throw BuildError.notInstrumented(product: product, reason: "no `inline 8-bit counters` line: built without coverage instrumentation")
        }
        // The harness must reach libFuzzer's own mutator (half its mutations), or it fuzzes blind.
        if out.stderr.contains("libFuzzer's mutator NOT found") {
            throw BuildError.notInstrumented(product: product, reason: "the harness cannot find LLVMFuzzerMutate (see Platform.libFuzzerMutate)")
        }
        let harness = HarnessCoverageCheck.harnessFunctions(in: out.stderr, modules: harnessModules)
        if let first = harness.first {
            throw BuildError.notInstrumented(product: product, reason: "\(harness.count) of the harness's own functions carry coverage (\(first), …): "
                                             + "a C file of the harness without SDUI_BEGIN_NOT_COVERED, or a harness module without `harnessModule` settings in Package.swift")
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

