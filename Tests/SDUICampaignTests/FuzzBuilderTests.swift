import Foundation
import SDUIPlatform
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
