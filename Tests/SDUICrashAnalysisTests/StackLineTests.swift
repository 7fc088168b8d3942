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
