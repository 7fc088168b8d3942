import SDUIFuzz
import Testing
@testable import SDUICrashAnalysis

/// How triage reads a stack: each frame's function and location, whatever characters a path or a
/// function name holds, and which frames are the decoder's.
@Suite struct StackLineTests {
    @Test func functionAndLocationSplitWhereTheLocationStarts() {
        let cases: [(String, String, String)] = [
            ("Feed.decode(_:) /app/Sources/Feed/Feed.swift:12:5", "Feed.decode(_:)", "/app/Sources/Feed/Feed.swift:12:5"),
            ("closure #1 in Int.init(clamping:) /app/Shop App/Other/Int Extension.swift:8:3", "closure #1 in Int.init(clamping:)", "/app/Shop App/Other/Int Extension.swift:8:3"),
            ("Swift runtime failure: Division by zero /<compiler-generated>", "Swift runtime failure: Division by zero", "/<compiler-generated>"),
            ("$s4Feed6decodeyyF <compiler-generated>:0", "$s4Feed6decodeyyF", "<compiler-generated>:0"),
            ("merged Feed.decode(_:) (/app/.build-fuzz/release/FuzzShop+0x1234)", "merged Feed.decode(_:)", "(/app/.build-fuzz/release/FuzzShop+0x1234)"),
            ("abort", "abort", ""),
        ]
        for (tail, function, location) in cases {
            let split = CrashTriage.functionAndLocation(tail)
            #expect(split.function == function && split.location == location, "\(tail) → \(split)")
        }
    }

    /// The quick pass tells a broken invariant by its typed record (kind, and where with indices
    /// masked), not by the harness's words: the same invariant at another index is one key, another
    /// invariant at the same place is another.
    @Test func aQuickKeyOfABrokenInvariantIsItsRecord() {
        let output = """
        Fatal error: words the key does not read
        ==1== ERROR: libFuzzer: deadly signal
            #5 0x55d0 (/app/.build-fuzz/release/FuzzShop+0x1234)
        """
        func key(_ kind: InvariantViolation.Kind, _ path: String) -> CrashIdentity? {
            CrashTriage.quickKey(output: output, binary: "/app/.build-fuzz/release/FuzzShop", timedOut: false,
                                 violation: InvariantViolation(kind: kind, detail: "x", codingPath: path))
        }
        #expect(key(.reencodingFailed, "sections[2].discount") != nil)
        #expect(key(.reencodingFailed, "sections[2].discount") == key(.reencodingFailed, "sections[7].discount"))
        #expect(key(.reencodingFailed, "sections[2].discount") != key(.roundTripChanged, "sections[2].discount"))
        #expect(key(.reencodingFailed, "sections[2].discount") != CrashTriage.quickKey(output: output, binary: "/app/.build-fuzz/release/FuzzShop", timedOut: false))
    }

    @Test func framesOfAnASanStackWithSpacesInPaths() {
        let triage = CrashTriage(packageRoot: "/app", fuzzProduct: "FuzzShop")
        let frames = triage.parseFrames([
            "    #0 0x1 in __sanitizer_print_stack_trace /llvm/compiler-rt/lib/asan/asan_stack.cpp:87:3",
            "    #1 0x2 in $s4Shop3IntV8clampingACSi_tcfcyyXEfU_ /app/Shop App/Other/Int Extension.swift:8:3 (BuildId: 93ac61ec)",
            "    #2 0x3 in main /llvm/compiler-rt/lib/fuzzer/FuzzerMain.cpp:20:10",
            "",
            "    #0 0x9 in malloc (libc.so.6+0x1)",
        ])
        #expect(frames.map(\.index) == [0, 1, 2], "the second stack (an allocation's) is not the crash's")
        #expect(frames[1].location == "Shop App/Other/Int Extension.swift:8:3")
        #expect(SourceSite(location: frames[1].location)?.description == "Int Extension.swift:8")
    }
}
