import Foundation
import SDUICrashAnalysis
import Testing
@testable import SDUICampaign
import SDUIFuzz

/// Titles and signatures name the plugged-in decoder's own code, wherever it lives.
@Suite struct TriageNamingTests {
    /// A failed `as!` in a decoder of another package (its sources under `/deps`), reached through
    /// the fuzz target's harness closure, ending in `abort()`.
    static let castLog = """
    Could not cast value of type 'Swift.Int' (0x7f3a10c0a1b8) to 'Swift.String' (0x7f3a10c0a2c0).
    ==4242== ERROR: libFuzzer: deadly signal
        #0 0x55d0 in __sanitizer_print_stack_trace /home/build-user/llvm-project/compiler-rt/lib/asan/asan_stack.cpp:87:3
        #1 0x55d0 in fuzzer::PrintStackTrace() /home/build-user/llvm-project/compiler-rt/lib/fuzzer/FuzzerUtil.cpp:210:5
        #2 0x55d0 in fuzzer::Fuzzer::CrashCallback() /home/build-user/llvm-project/compiler-rt/lib/fuzzer/FuzzerLoop.cpp:231:3
        #3 0x7f3a  (/lib/x86_64-linux-gnu/libc.so.6+0x3c04f) (BuildId: 93ac61ec5a8eb1396f9fbd350e3169a558528a40)
        #4 0x7f3a in __pthread_kill_implementation nptl/pthread_kill.c:44:76
        #5 0x7f3a in raise signal/../sysdeps/posix/raise.c:26:13
        #6 0x7f3a in abort stdlib/abort.c:79:7
        #7 0x7f3a in swift::fatalErrorv(unsigned int, char const*, __va_list_tag*) (/opt/swift/usr/lib/swift/linux/libswiftCore.so+0x46d19c)
        #8 0x7f3a in swift_dynamicCast (/opt/swift/usr/lib/swift/linux/libswiftCore.so+0x467ca8)
        #9 0x55d0 in $s7FeedKit12FeedRendererV10headerCell3forS2S_tF /deps/FeedKit/Sources/FeedKit/FeedRenderer.swift:42:17
        #10 0x55d0 in $s11FuzzFeedKit6TargetO7harness8SDUIFuzz0A7HarnessCySiGvpZfiSiSays5UInt8VGYbKcfu_ /app/Sources/FuzzFeedKit/FuzzFeedKit.swift:7
        #11 0x55d0 in $s8SDUIFuzz11FuzzHarnessC5checkyAA18InvariantViolationVSgSays5UInt8VGF /deps/SDUIHarness/Sources/SDUIFuzz/FuzzHarness.swift:43:35
        #12 0x55d0 in fuzzer::Fuzzer::ExecuteCallback(unsigned char const*, unsigned long) /home/build-user/llvm-project/compiler-rt/lib/fuzzer/FuzzerLoop.cpp:619:13
        #13 0x55d0 in main /home/build-user/llvm-project/compiler-rt/lib/fuzzer/FuzzerMain.cpp:20:10
    """

    @Test func titlesNameTheDecodersFrameAndTheCastMessage() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzFeedKit")
        let analysis = triage.analyse(output: Self.castLog, exitStatus: 1)
        #expect(analysis.message == "Could not cast value of type 'Swift.Int' to 'Swift.String'")
        #expect(analysis.title == "crash in FeedRenderer.headerCell(for:) at FeedRenderer.swift:42: Could not cast value of type 'Swift.Int' to 'Swift.String'")
        #expect(analysis.frames.filter(\.isProject).map(\.function) == ["FeedRenderer.headerCell(for:)"])
        // Without debug info the module in the mangled name still tells the decoder's frame.
        let stripped = Self.castLog.replacingOccurrences(of: " /deps/FeedKit/Sources/FeedKit/FeedRenderer.swift:42:17", with: " (/app/.build-fuzz/release/FuzzFeedKit+0x1234)")
        #expect(triage.analyse(output: stripped, exitStatus: 1).title.hasPrefix("crash in FeedRenderer.headerCell(for:): Could not cast"))
    }

    @Test func theModuleOfASwiftSymbolTellsPlumbingFromTheDecoder() {
        #expect(FrameClassifier.swiftModule(ofSymbol: "$s7FeedKit12FeedRendererV10headerCell3forS2S_tF") == "FeedKit")
        #expect(FrameClassifier.swiftModule(ofSymbol: "$sSa9repeating5countSayxGx_SitcfCSi_Tg5") == "Swift")
        #expect(FrameClassifier.swiftModule(ofSymbol: "$ss17_assertionFailure__4file4line5flagss5NeverOs12StaticStringV_A2HSus6UInt32VtF") == "Swift")
        #expect(FrameClassifier.swiftModule(ofSymbol: "fuzzer::Fuzzer::RunOne") == nil)
        // An extension's code is its own module's: of a standard protocol, of another module's type.
        #expect(FrameClassifier.swiftModule(ofSymbol: "$sSe13AnyCodableKitE4load4fromxAA9JSONValueO_tFZAA14ParagraphBlockV_Tt1g5") == "AnyCodableKit")
        #expect(FrameClassifier.swiftModule(ofSymbol: "$s7SwiftUI5ColorV7CardAppE3hexACSS_tcfC") == "CardApp")
        #expect(FrameClassifier.swiftModule(ofSymbol: "$sSa9repeating5countSayxGx_SitcfCSi_Tg5") == "Swift")
        #expect(FrameClassifier.swiftModule(ofSymbol: "$s7FeedKit12FeedRendererV10headerCell3forS2S_tF") == "FeedKit")
        let classifier = FrameClassifier(fuzzProduct: "FuzzFeedKit")
        #expect(classifier.isProject(symbol: "$s7FeedKit12FeedRendererV10headerCell3forS2S_tF", function: "", location: ""))
        #expect(!classifier.isProject(symbol: "$s11FuzzFeedKit4testys5Int32VSPys5UInt8VGSg_SitF", function: "", location: ""))
        #expect(!classifier.isProject(symbol: "$sSa9repeating5countSayxGx_SitcfCSi_Tg5", function: "", location: "/app/Sources/FeedKit/A.swift:3"))
        #expect(!classifier.isProject(symbol: "malloc", function: "malloc", location: "/home/build-user/llvm-project/compiler-rt/lib/asan/asan_malloc_linux.cpp:69"))
        #expect(classifier.isProject(symbol: "feed_parse", function: "feed_parse", location: "/app/Sources/CFeed/parse.c:10:3"))
        // Swift's backtracer prints readable names: judged by image, location and harness names.
        #expect(classifier.isProject(demangled: "FeedRenderer.headerCell(for:)", image: "FuzzFeedKit", location: "/app/Sources/FeedKit/FeedRenderer.swift:42:17"))
        #expect(!classifier.isProject(demangled: "closure #1 in variable initialization expression of static Target.harness", image: "FuzzFeedKit", location: "/app/Sources/FuzzFeedKit/FuzzFeedKit.swift:7"))
        #expect(!classifier.isProject(demangled: "_assertionFailure(_:_:file:line:flags:)", image: "libswiftCore.so", location: ""))
    }

    /// A generated target's module is the decoder's own: its frames count, but for the generated
    /// entry file and the stand-ins (where a crash is the harness's). A user's extension of a
    /// stand-in type is mangled under the stand-in's module and is still the user's.
    @Test func aGeneratedTargetsModuleIsTheDecoders() {
        let classifier = FrameClassifier(fuzzProduct: "CardApp", generated: true)
        #expect(classifier.isProject(symbol: "$s7CardApp6ScreenV5parseyAC10Foundation4DataVKFZ", function: "", location: "/app/Models/Screen.swift:11"))
        #expect(classifier.isProject(symbol: "$s7SwiftUI5ColorV7CardAppE3hexACSS_tcfC", function: "", location: "/app/Models/Screen.swift:38"))
        #expect(!classifier.isProject(symbol: "$s7SwiftUI5ColorV3red5green4blue7opacityACSd_S3dtcfC", function: "",
                                      location: "/app/.build-sdui-decoders/StandIns/SwiftUI/SwiftUI.swift:20"))
        #expect(!classifier.isProject(symbol: "$s7CardApp19SDUIGeneratedTargetO7harnessXXX", function: "",
                                      location: "/app/.build-sdui-decoders/Sources/CardApp/SDUIGeneratedEntry.swift:12"))
        #expect(!classifier.isProject(demangled: "closure #1 in variable initialization expression of static SDUIGeneratedTarget.harness",
                                      image: "CardApp", location: ""))
        // Not generated: the fuzz product's module is plumbing, as before.
        #expect(!FrameClassifier(fuzzProduct: "CardApp").isProject(symbol: "$s7CardApp6ScreenV5parseyAC10Foundation4DataVKFZ", function: "", location: ""))
    }

    /// One signature per crash site: two sites in one function are two bugs (titled with their
    /// `File.swift:LINE`), the two ways one `as!` fails (nil, wrong type) are one, and a checkout
    /// elsewhere keeps the signature. Without a line, the function and the operation sign it.
    @Test func oneSignaturePerCrashSite() throws {
        func log(line: Int, root: String = "/app", message: String = "Swift runtime failure: Division by zero") -> String {
            """
            ==1== ERROR: libFuzzer: deadly signal
                #0 0x1 in __sanitizer_print_stack_trace /home/build-user/llvm-project/compiler-rt/lib/asan/asan_stack.cpp:87:3
                #1 0x2 in \(message) /<compiler-generated>
                #2 0x2 in $s7FeedKit12FeedRendererV9gridCellsySiSi_tF \(root)/Sources/FeedKit/Grid.swift:\(line):20
                #3 0x3 in $s8SDUIFuzz11FuzzHarnessC5checkyAA18InvariantViolationVSgSays5UInt8VGF /x/Sources/SDUIFuzz/FuzzHarness.swift:43:35
            """
        }
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzFeedKit")
        let first = triage.analyse(output: log(line: 3), exitStatus: 1)
        let second = triage.analyse(output: log(line: 4), exitStatus: 1)
        #expect(first.title == "crash in FeedRenderer.gridCells(_:) at Grid.swift:3: Division by zero")
        #expect(second.title.contains(" at Grid.swift:4: "))
        #expect(first.signature != second.signature)
        #expect(CrashTriage(packageRoot: "/ci/work", fuzzProduct: "FuzzFeedKit").analyse(output: log(line: 3, root: "/ci/work"), exitStatus: 1).signature == first.signature)
        // One `as!` on line 42, hit with a missing value and with a value of the wrong type.
        let nilCase = Self.castLog.components(separatedBy: "\n").dropFirst().joined(separator: "\n")
            .replacingOccurrences(of: "==4242== ERROR", with: "Fatal error: Unexpectedly found nil while unwrapping an Optional value\n==4242== ERROR")
        #expect(triage.analyse(output: nilCase, exitStatus: 1).signature == triage.analyse(output: Self.castLog, exitStatus: 1).signature)
        // No line (a trap the optimiser merged): function and operation.
        let noLine = log(line: 0), noLineOther = log(line: 0, message: "Swift runtime failure: arithmetic overflow")
        #expect(triage.analyse(output: noLine, exitStatus: 1).title == "crash in FeedRenderer.gridCells(_:): Division by zero")
        #expect(triage.analyse(output: noLine, exitStatus: 1).signature != triage.analyse(output: noLineOther, exitStatus: 1).signature)
    }

    /// A file whose name holds a space (Xcode's `Int Extension.swift`), in a folder with one, and a
    /// closure's frame: the same title, site, SARIF location and signature as any other file.
    @Test func fileNamesWithSpacesAreReadWhole() throws {
        func log(_ file: String) -> String {
            """
            ==1== ERROR: libFuzzer: deadly signal
                #1 0x2 in Swift runtime failure: Not enough bits to represent the passed value /<compiler-generated>
                #2 0x2 in closure #1 in Int.init(clamping:) /app/Shop App/Other/\(file):8:3 (BuildId: 93ac61ec)
                #3 0x3 in $s8SDUIFuzz11FuzzHarnessC5checkyAA18InvariantViolationVSgSays5UInt8VGF /x/Sources/SDUIFuzz/FuzzHarness.swift:43:35
            """
        }
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzShop")
        let spaced = triage.analyse(output: log("Int Extension.swift"), exitStatus: 1)
        let plain = triage.analyse(output: log("IntExtension.swift"), exitStatus: 1)
        #expect(spaced.title == "crash in closure #1 in Int.init(clamping:) at Int Extension.swift:8: Not enough bits to represent the passed value")
        #expect(spaced.frames.contains { $0.location == "Shop App/Other/Int Extension.swift:8:3" })
        #expect(plain.title == spaced.title.replacingOccurrences(of: "Int Extension.swift", with: "IntExtension.swift"))
        let signature = try #require(spaced.signature)
        let finding = CrashFinding(target: "Shop", signature: signature, kind: spaced.kind, title: spaced.title, message: spaced.message, inputs: ["crash-1"],
                                   reproduce: nil, frames: spaced.frames, packageRoot: "/app", baseDirectory: "/app")
        #expect(finding.site == .init(path: "Shop App/Other/Int Extension.swift", line: 8, isRelative: true))
        let sarif = String(decoding: CrashFindingFormat.sarif([finding]), as: UTF8.self)
        #expect(sarif.contains(#""uri" : "Shop%20App/Other/Int%20Extension.swift""#), "\(sarif)")
        #expect(CrashTriage.functionAndLocation("merged Feed.decode(_:) (/app/.build-fuzz/release/FuzzShop+0x1234)") == ("merged Feed.decode(_:)", "(/app/.build-fuzz/release/FuzzShop+0x1234)"))
    }

    /// Triage's cheap grouping of artifacts keys on the frames inside the fuzz binary: two failed
    /// casts with the same message at two sites spend their first dozen frames in libc and the
    /// runtime alike, and must not be grouped (the second would be reported under the first's site).
    @Test func quickKeysLookPastLibraryFrames() {
        func output(decoderOffset: String) -> String {
            let library = (0..<14).map { "    #\($0 + 3) 0x7f00 (/usr/lib/swift/linux/libswiftCore.so+0x4\($0)0)" }.joined(separator: "\n")
            return """
                Could not cast value of type 'Swift.Array<Any>' (0x7f1) to 'Swift.Dictionary<Swift.String, Any>' (0x7f2).
                ==1== ERROR: libFuzzer: deadly signal
                    #0 0x55 (/ci/.build-fuzz/release/FuzzCatalogKit+0x10c1a8)
                    #1 0x55 (/ci/.build-fuzz/release/FuzzCatalogKit+0x1432b8)
                    #2 0x55 (/ci/.build-fuzz/release/FuzzCatalogKit+0x12a833)
                \(library)
                    #17 0x55 (/ci/.build-fuzz/release/FuzzCatalogKit+\(decoderOffset))
                """
        }
        let binary = "/ci/.build-fuzz/release/FuzzCatalogKit"
        let first = CrashTriage.quickKey(output: output(decoderOffset: "0x1232a5"), binary: binary, timedOut: false)
        let second = CrashTriage.quickKey(output: output(decoderOffset: "0x1233f0"), binary: binary, timedOut: false)
        #expect(first != nil && first != second)
        #expect(first?.resolution == .addresses && first?.kind == .crash, "an unsymbolized replay's identity: one build's addresses")
        #expect(first == CrashTriage.quickKey(output: output(decoderOffset: "0x1232a5"), binary: binary, timedOut: false))
    }

    /// Code the compiler wrote for the decoder (an enum's `init(rawValue:)`) has no line: the site
    /// is the user's frame that called it.
    @Test func compilerWrittenFramesArePassedOverForTheSite() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzFeedKit")
        let analysis = triage.analyse(output: """
            ==1== ERROR: libFuzzer: deadly signal
                #1 0x2 in Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value /<compiler-generated>
                #2 0x2 in $s7FeedKit4KindO8rawValueACSgSS_tcfC /<compiler-generated>
                #3 0x2 in $s7FeedKit12FeedRendererV9gridCellsySiSi_tF /app/Sources/FeedKit/Grid.swift:12:20
            """, exitStatus: 1)
        #expect(analysis.title.contains("gridCells(_:) at Grid.swift:12: Unexpectedly found nil"))
    }

    @Test func timeoutsAndOOMsAreTitledWithTheirFrame() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzFeedKit")
        let timeout = triage.analyse(output: """
            ==0== ERROR: libFuzzer: timeout after 1 seconds
            ==0== (stopped by sdui with SIGABRT at the deadline)
            ==77== ERROR: libFuzzer: deadly signal
                #0 0x1 in __sanitizer_print_stack_trace /home/build-user/llvm-project/compiler-rt/lib/asan/asan_stack.cpp:87:3
                #1 0x2 in $sSS6appendyySSF (/opt/swift/usr/lib/swift/linux/libswiftCore.so+0x1)
                #2 0x3 in $s7FeedKit12FeedRendererV9gridCellsySiSi_tF /app/Sources/FeedKit/Grid.swift:9:5
            """, exitStatus: -1)
        #expect(timeout.kind == .timeout)
        #expect(timeout.title == "timeout in FeedRenderer.gridCells(_:): timeout after 1 seconds")
        let oom = triage.analyse(output: """
            ==9== ERROR: libFuzzer: out-of-memory (malloc(17179869184))
                #0 0x1 in __sanitizer_print_stack_trace /home/build-user/llvm-project/compiler-rt/lib/asan/asan_stack.cpp:87:3
                #1 0x2 in malloc /home/build-user/llvm-project/compiler-rt/lib/asan/asan_malloc_linux.cpp:69:3
                #2 0x3 in swift_slowAlloc (/opt/swift/usr/lib/swift/linux/libswiftCore.so+0x1)
                #3 0x4 in $sSa9repeating5countSayxGx_SitcfCSi_Tg5 /app/.build-fuzz/x/Array.swift:1
                #4 0x5 in $s7FeedKit12FeedRendererV9gridCellsySiSi_tF /app/Sources/FeedKit/Grid.swift:4:5
            """, exitStatus: 1)
        #expect(oom.kind == .oom)
        #expect(oom.title == "oom in FeedRenderer.gridCells(_:) at Grid.swift:4: out-of-memory (malloc(17179869184))")
        let other = triage.analyse(output: oom.frames.isEmpty ? "" : """
            ==9== ERROR: libFuzzer: out-of-memory (malloc(4294967296))
                #4 0x5 in $s7FeedKit12FeedRendererV9gridCellsySiSi_tF /app/Sources/FeedKit/Grid.swift:4:5
            """, exitStatus: 1)
        #expect(other.signature == oom.signature)  // the requested size is the input's, not the bug's
    }

    /// A deep nesting of grids that runs out of stack inside the template lookup each level makes:
    /// titled at the recursion (the grid), not at the lookup where the stack happened to end.
    @Test func aStackOverflowIsTitledAtItsRecursion() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzRegistryKit")
        let grid = (2..<14).map { "    #\($0) 0x3 in $s11RegistryKit13GridComponentC6object8registryACSDySSypG_AA0B0CtcfC /app/Sources/RegistryKit/Grid.swift:30:21" }
        let log = (["==5==ERROR: AddressSanitizer: stack-overflow on address 0x7ffd (pc 0x1 bp 0x2 sp 0x3 T0)",
                    "    #0 0x1 in $s11RegistryKit13TemplateStoreC6expandyypSgSSF /app/Sources/RegistryKit/Templates.swift:69:9",
                    "    #1 0x2 in $s11RegistryKit13TemplateStoreC6expandyypSgSSF /app/Sources/RegistryKit/Templates.swift:69:9"]
                   + grid + ["SUMMARY: AddressSanitizer: stack-overflow /app/Sources/RegistryKit/Templates.swift:69:9 in expand"]).joined(separator: "\n")
        let analysis = triage.analyse(output: log, exitStatus: 1)
        #expect(analysis.kind == .sanitizer)
        #expect(analysis.title.hasPrefix("stack-overflow in GridComponent.__allocating_init(object:registry:) at Grid.swift:30"), "\(analysis.title)")
        // A short stack has no recursion to speak of: the innermost frame, as for any crash.
        let short = triage.analyse(output: (log.split(separator: "\n").prefix(4) + [log.split(separator: "\n").last!]).joined(separator: "\n"), exitStatus: 1)
        #expect(short.title.hasPrefix("stack-overflow in TemplateStore.expand(_:) at Templates.swift:69"), "\(short.title)")
    }

    /// The slow unwinder (the replay's default, for hangs caught in libc) stops inside the Swift
    /// runtime's metadata code on some stack overflows: seven frames, none the decoder's. Such a
    /// report is replayed once more with the frame-pointer unwinder; a crash or a report already
    /// unwound both ways is not.
    @Test func aStackOverflowThatStopsInTheRuntimeIsUnwoundAgainTheFastWay() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzRegistryKit")
        let truncated = triage.analyse(output: """
            ==5==ERROR: AddressSanitizer: stack-overflow on address 0x7ffd (pc 0x1 bp 0x2 sp 0x3 T0)
                #0 0x1 in bcmp /home/build-user/llvm-project/compiler-rt/lib/asan/../sanitizer_common/sanitizer_common_interceptors.inc:894:10
                #1 0x2 in _swift_getGenericMetadata (/opt/swift/usr/lib/swift/linux/libswiftCore.so+0x1)
                #2 0x3 in __swift_instantiateCanonicalPrespecializedGenericMetadata crtstuff.c
            SUMMARY: AddressSanitizer: stack-overflow in bcmp
            """, exitStatus: 1)
        #expect(truncated.kind == .sanitizer && !truncated.frames.contains(where: \.isProject))
        #expect(CrashTriage.retry(after: truncated, asanOptions: CrashTriage.slowUnwind, unwinderChosen: false) == CrashTriage.fastUnwind)
        #expect(CrashTriage.retry(after: truncated, asanOptions: CrashTriage.fastUnwind, unwinderChosen: false) == nil, "unwound both ways")
        #expect(CrashTriage.retry(after: truncated, asanOptions: "detect_leaks=1", unwinderChosen: true) == nil, "the caller's options stand")
        let unwound = triage.analyse(output: """
            ==5==ERROR: AddressSanitizer: stack-overflow on address 0x7ffd (pc 0x1 bp 0x2 sp 0x3 T0)
                #0 0x1 in $s11RegistryKit13TemplateStoreC6expandyypSgSSF /app/Sources/RegistryKit/Templates.swift:69:9
            """, exitStatus: 1)
        #expect(CrashTriage.retry(after: unwound, asanOptions: CrashTriage.slowUnwind, unwinderChosen: false) == nil)
        let runtimeCrash = triage.analyse(output: "Fatal error: boom\n==1== ERROR: libFuzzer: deadly signal\n    #0 0x1 in abort stdlib/abort.c:79:7\n", exitStatus: 1)
        #expect(CrashTriage.retry(after: runtimeCrash, asanOptions: CrashTriage.slowUnwind, unwinderChosen: false) == nil)
    }

    /// A hang caught deep in a recursion: the sanitizer's stack stops at 255 frames, before the
    /// decoder's function that called the recursion. Such a sample is taken again; one that goes
    /// down to the fuzzing entry point is not.
    @Test func aTimeoutCutShortIsSampledAgain() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzCatalog")
        let recursion = (0..<255).map { "    #\($0) 0x\($0 + 1) in $s7Catalog8JSONNodeC3anyACyp_tcfC /app/Sources/Catalog/JSONNode.swift:33:34" }
        let cut = triage.analyse(output: (["==1== ERROR: libFuzzer: timeout after 1 seconds"] + recursion).joined(separator: "\n"), exitStatus: 1)
        #expect(cut.kind == .timeout && cut.frames.contains(where: \.isProject))
        #expect(!CrashTriage.reachesEntryPoint(cut))
        #expect(CrashTriage.retry(after: cut, asanOptions: CrashTriage.slowUnwind, unwinderChosen: false) == CrashTriage.slowUnwind)
        let whole = triage.analyse(output: (["==1== ERROR: libFuzzer: timeout after 1 seconds"] + recursion.prefix(3) + [
            "    #3 0x9 in $s7Catalog13CatalogParserV5parseyAA0A0VSays5UInt8VGKFZ /app/Sources/Catalog/CatalogParser.swift:12:5",
            "    #4 0xa in LLVMFuzzerTestOneInput /app/.build-fuzz/FuzzCatalog/main.swift:9:1",
            "    #5 0xb in fuzzer::Fuzzer::ExecuteCallback(unsigned char const*, unsigned long) FuzzerLoop.cpp:614:13",
        ]).joined(separator: "\n"), exitStatus: 1)
        #expect(CrashTriage.reachesEntryPoint(whole))
        #expect(CrashTriage.retry(after: whole, asanOptions: CrashTriage.slowUnwind, unwinderChosen: false) == nil)
        #expect(CrashTriage.depth(of: whole) > CrashTriage.depth(of: cut))
    }

    /// One bug fails with messages that depend on the input: a cast names the value's dynamic
    /// type, a conversion says "too large" or "negative". One signature for all of them.
    @Test func messagesThatDependOnTheInputKeepOneSignature() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzFeedKit")
        let other = Self.castLog.replacingOccurrences(of: "'Swift.Int' (0x7f3a10c0a1b8) to 'Swift.String'", with: "'Foundation.NSNull' (0x1) to 'Foundation.NSString'")
        #expect(triage.analyse(output: other, exitStatus: 1).signature == triage.analyse(output: Self.castLog, exitStatus: 1).signature)
        #expect(triage.analyse(output: other, exitStatus: 1).title.hasSuffix("'Foundation.NSNull' to 'Foundation.NSString'"))
        func conversion(_ message: String) -> CrashIdentity? {
            triage.analyse(output: """
                Fatal error: \(message)
                ==1== ERROR: libFuzzer: deadly signal
                    #1 0x2 in $s7FeedKit12FeedRendererV9gridCellsySiSi_tF /app/Sources/FeedKit/Grid.swift:4:5
                """, exitStatus: 1).signature
        }
        #expect(conversion("Not enough bits to represent the passed value") == conversion("Negative value is not representable"))
        // One line, one site, whatever the operation that failed there.
        #expect(conversion("Not enough bits to represent the passed value") == conversion("Unexpectedly found nil while unwrapping an Optional value"))
    }

    /// A NaN or infinity an encoder cannot write is one cause wherever it lands; another broken
    /// invariant stays signed by where in the value it is.
    @Test func aNonFiniteNumberTheEncoderCannotWriteIsOneSignature() {
        func signature(_ kind: InvariantViolation.Kind, _ path: String, _ detail: String) -> CrashIdentity {
            CrashTriage.signature(kind: .crash, sanitizerKind: nil, message: nil,
                                  violation: InvariantViolation(kind: kind, detail: detail, codingPath: path), frames: [], packageRoot: "/app")
        }
        let nan = "EncodingError.invalidValue(nan): Unable to encode Double.nan directly in JSON."
        let inf = "EncodingError.invalidValue(inf): Unable to encode Double.infinity directly in JSON."
        #expect(signature(.reencodingFailed, "sections[2].discount", nan) == signature(.reencodingFailed, "theme.cornerRadius", nan))
        #expect(signature(.reencodingFailed, "sections[2].discount", nan) == signature(.reencodingFailed, "sections[0].price", inf))
        let rejected = "DecodingError.dataCorrupted: bad"
        #expect(signature(.reencodingRejected, "sections[2].discount", rejected) != signature(.reencodingRejected, "theme.cornerRadius", rejected))
        #expect(signature(.reencodingRejected, "sections[2].discount", rejected) == signature(.reencodingRejected, "sections[7].discount", rejected))
    }

    /// macOS: lldb's backtrace (the frame format `Toolchain.Debugger.lldb` asks for, and lldb's
    /// default with demangled names) gives the decoder's frame, and Darwin's libraries are plumbing.
    @Test func lldbBacktracesNameTheDecodersFrame() {
        let parser = DebugReplayParser(packageRoot: "/app", classifier: FrameClassifier(fuzzProduct: "FuzzFeedKit"))
        let mangled = """
        * thread #1, queue = 'com.apple.main-thread', stop reason = signal SIGABRT
          frame #0: 0x000000018e4a6a60 libsystem_kernel.dylib`__pthread_kill + 8
          frame #1: 0x000000018e4dec20 libsystem_pthread.dylib`pthread_kill + 288
          frame #2: 0x000000018e3eba30 libsystem_c.dylib`abort + 180
          frame #3: 0x00000001a1c4b7e4 libswiftCore.dylib`$ss13_dynamicCastFailure + 76
          frame #4: 0x0000000100003f2c FuzzFeedKit`$s7FeedKit12FeedRendererV10headerCell3forS2S_tF + 44 at /app/Sources/FeedKit/FeedRenderer.swift:42
          frame #5: 0x0000000100004010 FuzzFeedKit`$s8SDUIFuzz11FuzzHarnessC5checkyAA18InvariantViolationVSgSays5UInt8VGF + 12 at /deps/SDUIHarness/Sources/SDUIFuzz/FuzzHarness.swift:43
        """
        let frames = parser.debuggerFrames(mangled, from: .lldb)
        #expect(frames.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(frames.filter(\.isProject).map(\.location) == ["Sources/FeedKit/FeedRenderer.swift:42"])
        #expect(frames.filter(\.isProject).first?.function.contains("headerCell") == true)
        let demangled = """
            frame #0: 0x000000018e4a6a60 libsystem_kernel.dylib`__pthread_kill + 8
          * frame #4: 0x0000000100003f2c FuzzFeedKit`FeedRenderer.headerCell(for:) + 44 at FeedRenderer.swift:42:17
        """
        let plain = parser.debuggerFrames(demangled, from: .lldb)
        #expect(plain.map(\.index) == [0, 4])
        #expect(plain[1].function == "FeedRenderer.headerCell(for:)")
        #expect(!plain[0].isProject)
    }
}
