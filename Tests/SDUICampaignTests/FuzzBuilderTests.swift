import Foundation
import SDUIPlatform
import SDUIDecoderSlice
import Testing
@testable import SDUICampaign

/// The two build recipes, for each system's linker, and the stop before a build that cannot work.
@Suite struct FuzzBuilderTests {
    @Test func theToolchainsLibFuzzerRecipeIsOneCommaJoinedSanitizerFlag() {
        let builder = FuzzBuilder(packageRoot: "/app")
        #expect(builder.scratchPath == ".build-fuzz")
        let args = builder.buildArguments
        #expect(args.contains("--sanitize=fuzzer"))
        // The last -sanitize= wins for the compiler: one joined flag gives coverage and ASan.
        #expect(args.suffix(2) == ["-Xswiftc", "-sanitize=fuzzer,address"])
    }

    /// A manifest that says which modules are the decoder under test gets no global sanitizer flag
    /// (it would come last and instrument the harness too), and is told which build it is.
    @Test func aManifestThatReadsTheVariableInstrumentsTheDecoderOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-instrument-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manifest = root + "/Package.swift"
        try "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"App\")\n".write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(FuzzBuilder.Instrumenting.of(packageRoot: root, environment: [:]) == .everything)
        #expect(FuzzBuilder(packageRoot: root).buildEnvironment.isEmpty)

        try "// swift-tools-version: 6.2\nimport Foundation\nlet decoderOnly = ProcessInfo.processInfo.environment[\"SDUI_FUZZ_INSTRUMENT\"]\n"
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let own = FuzzBuilder(packageRoot: root)
        #expect(own.instrumenting == .decoder)
        #expect(own.buildArguments == ["build", "-c", "release", "--scratch-path", ".build-fuzz", "--sanitize=fuzzer", "-Xswiftc", "-DSDUI_LIBFUZZER"])
        #expect(own.buildEnvironment == ["SDUI_FUZZ_INSTRUMENT": "decoder"])
        #expect(own.buildCommand("FuzzX").hasPrefix("SDUI_FUZZ_INSTRUMENT=decoder swift build -c release"))
        // A baseline asked for: every module, as before.
        #expect(FuzzBuilder.Instrumenting.of(packageRoot: root, environment: ["SDUI_FUZZ_INSTRUMENT": "everything"]) == .everything)

        let generated = GeneratedFuzzPackage(slice: GeneratedFuzzPackageTests.slice, name: "shop", folder: root, harnessRoot: "/deps/SDUIHarness",
                                             standInsFolder: HarnessCheckout.standIns).manifest(members: [])
        try generated.write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(FuzzBuilder.Instrumenting.of(packageRoot: root, environment: [:]) == .plugged)
        #expect(FuzzBuilder(packageRoot: root).buildEnvironment == ["SDUI_FUZZ_INSTRUMENT": "plugged"])
        // An archive's recipe (Xcode's toolchains) instruments every module.
        #expect(FuzzBuilder(packageRoot: root, libFuzzerArchive: "/llvm/a.a").instrumenting == .everything)
    }

    @Test func anArchiveIsLinkedWholeWithEachSystemsFlags() {
        let linux = FuzzBuilder(packageRoot: "/app", libFuzzerArchive: "/llvm/libclang_rt.fuzzer_no_main-x86_64.a", os: .linux)
        #expect(linux.scratchPath == ".build-fuzz-driver")
        #expect(!linux.buildArguments.contains("--sanitize=fuzzer"))
        #expect(linux.buildArguments.contains("--sanitize=address"))
        #expect(linux.buildArguments.contains(FuzzBuilder.coverageFlags))
        #expect(linux.buildArguments.suffix(8) == ["-Xlinker", "--whole-archive", "-Xlinker", "/llvm/libclang_rt.fuzzer_no_main-x86_64.a",
                                                   "-Xlinker", "--no-whole-archive", "-Xlinker", "-lstdc++"])
        let darwin = FuzzBuilder(packageRoot: "/app", libFuzzerArchive: "/opt/homebrew/opt/llvm/lib/clang/19/lib/darwin/libclang_rt.fuzzer_no_main_osx.a", os: .darwin)
        #expect(darwin.buildArguments.suffix(6) == ["-Xlinker", "-force_load", "-Xlinker",
                                                    "/opt/homebrew/opt/llvm/lib/clang/19/lib/darwin/libclang_rt.fuzzer_no_main_osx.a",
                                                    "-Xlinker", "-lc++"])
        // A relative archive path is taken from the current folder.
        let relative = FuzzBuilder(packageRoot: "/app", libFuzzerArchive: "lib/fuzz.a")
        #expect(relative.libFuzzerArchive == FileManager.default.currentDirectoryPath + "/lib/fuzz.a")
    }

    @Test func aMissingArchiveStopsTheBuildWithItsName() {
        let builder = FuzzBuilder(packageRoot: "/app", libFuzzerArchive: "/nonexistent/libclang_rt.fuzzer_no_main_osx.a")
        #expect {
            try builder.checkToolchain()
        } throws: { error in
            "\(error)".contains("/nonexistent/libclang_rt.fuzzer_no_main_osx.a") && "\(error)".contains("no such file")
        }
    }

    @Test(.enabled(if: HostOS.current == .linux))
    func thisToolchainPassesTheCheck() throws {
        try FuzzBuilder(packageRoot: "/app").checkToolchain()
    }
}
