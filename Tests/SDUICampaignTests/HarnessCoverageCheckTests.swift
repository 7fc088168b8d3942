import Testing
@testable import SDUICampaign

/// The check that a fuzz build left the harness's own code without coverage, on listings as
/// libFuzzer prints them (`-print_coverage=1`, symbolized by llvm-symbolizer).
@Suite struct HarnessCoverageCheckTests {
    static let listing = """
        INFO: Loaded 1 modules   (15900 inline 8-bit counters)
        COVERED_FUNC: hits: 1 edges: 6/15 LLVMFuzzerTestOneInput /<compiler-generated>:0
        UNCOVERED_FUNC: hits: 0 edges: 0/1 $s10SDUIPlugIn17RenderedComponentVWOh /<compiler-generated>:0
        UNCOVERED_FUNC: hits: 0 edges: 0/1 $s8SDUIFuzz24FuzzHarnessConfigurationVWOc crtstuff.c:0
        COVERED_FUNC: hits: 3 edges: 4/9 sdui_crash_sites_run /src/SDUIHarness/Sources/CSDUIFuzzEngine/crash_sites.c:486
        UNCOVERED_FUNC: hits: 0 edges: 0/7 $s8SDUIJSON10JSONParserV5parseyAA9JSONValueOKF /src/SDUIHarness/Sources/SDUIJSON/JSONParser.swift:40
        COVERED_FUNC: hits: 9 edges: 2/2 $s11RegistryApp13ScreenBuilderC5buildyAA9ComponentC10Foundation4DataVKFZ /app/Registry/ScreenBuilder.swift:19
        """

    /// The engine's C is found by its file; a harness type's outlined copies and thunks, emitted
    /// in the decoder's module at `<compiler-generated>`, are not the harness's code.
    @Test func theHarnessIsFoundByItsSourceFolderNotByName() {
        let found = HarnessCoverageCheck.harnessFunctions(in: Self.listing, modules: HarnessCoverageCheck.harnessModules(.decoder))
        #expect(found == ["sdui_crash_sites_run /src/SDUIHarness/Sources/CSDUIFuzzEngine/crash_sites.c:486"])
    }

    /// SDUIJSON is the reference decoder's own in this package's build, the harness's around a
    /// plugged-in decoder; a build that instruments everything has nothing to check.
    @Test func whatIsTheHarnessDependsOnTheBuild() {
        let plugged = HarnessCoverageCheck.harnessFunctions(in: Self.listing, modules: HarnessCoverageCheck.harnessModules(.plugged))
        #expect(plugged.count == 2)
        #expect(plugged.last?.hasPrefix("$s8SDUIJSON10JSONParser") == true)
        #expect(HarnessCoverageCheck.harnessFunctions(in: Self.listing, modules: HarnessCoverageCheck.harnessModules(.everything)).isEmpty)
    }
}
