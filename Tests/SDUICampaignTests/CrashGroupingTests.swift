import SDUICrashAnalysis
@testable import SDUICampaign
import Testing
import SDUIFuzz

/// One signature per crash site: the three shapes one site takes across a campaign's inputs.
@Suite struct CrashGroupingTests {
    typealias Frame = CrashAnalysis.Frame

    /// A signature standing for a test's site name (`crash-lined`): the kind before the first dash.
    static func id(_ name: String) -> CrashIdentity {
        .source(kind: CrashKind(rawValue: String(name.prefix { $0 != "-" }))!, parts: [name])
    }

    static func crash(_ signature: String, kind: CrashAnalysis.Kind = .crash, inputs: Int = 1, _ frames: [(String, String)]) -> TargetResult.Crash {
        let stack = [Frame(index: 0, function: "swift_runtime_failure", location: "", isProject: false)]
            + frames.enumerated().map { Frame(index: $0.offset + 1, function: $0.element.0, location: $0.element.1, isProject: true) }
            + [Frame(index: frames.count + 1, function: "FuzzHarness.check(_:notAPayload:)", location: "Sources/SDUIFuzz/FuzzHarness.swift:70:3", isProject: false)]
        return TargetResult.Crash(signature: id(signature), kind: kind, title: "\(kind.rawValue) in \(frames.first?.0 ?? "?")", message: nil,
                                  inputs: (0..<inputs).map { "artifacts/\(signature)-\($0)" }, frames: stack, reproduce: "", firstSeconds: Double(inputs))
    }

    @Test func anUnlinedFrameJoinsTheOneLinedSiteOfItsFunctionWithTheSameCallers() {
        let lined = Self.crash("crash-lined", [("Banner.init(object:)", "Sources/Feed/Banner.swift:14:30"), ("Registry.make(_:)", "Sources/Feed/Registry.swift:40:9")])
        let unlined = Self.crash("crash-unlined", [("Banner.init(object:)", "Sources/Feed/Banner.swift:0:0"), ("Registry.make(_:)", "Sources/Feed/Registry.swift:40:9")])
        let elsewhere = Self.crash("crash-other", [("Card.init(object:)", "Sources/Feed/Card.swift:9:3"), ("Registry.make(_:)", "Sources/Feed/Registry.swift:40:9")])
        let merged = CrashGrouping.merge([lined, unlined, elsewhere])
        #expect(merged.map(\.signature) == ["crash-lined", "crash-other"].map(Self.id))
        #expect(merged[0].inputs == ["artifacts/crash-lined-0", "artifacts/crash-unlined-0"])
        #expect(merged[0].alsoSignedAs == ["crash-unlined"].map(Self.id))
        // The engine's site keys of both follow the join (the report lists them with the signature).
        var a = lined, b = unlined
        a.siteKeys = [CrashIdentity(1)]
        b.siteKeys = [CrashIdentity(2)]
        #expect(CrashGrouping.merge([a, b])[0].siteKeys == [CrashIdentity(1), CrashIdentity(2)])
    }

    @Test func anUnlinedFrameStaysApartWhenTheSiteCannotBeTold() {
        let first = Self.crash("crash-a", [("Banner.init(object:)", "Sources/Feed/Banner.swift:14:30"), ("Registry.make(_:)", "")])
        let second = Self.crash("crash-b", [("Banner.init(object:)", "Sources/Feed/Banner.swift:15:30"), ("Registry.make(_:)", "")])
        let unlined = Self.crash("crash-c", [("Banner.init(object:)", "Sources/Feed/Banner.swift:0:0"), ("Registry.make(_:)", "")])
        let otherCaller = Self.crash("crash-d", [("Banner.init(object:)", "Sources/Feed/Banner.swift:0:0"), ("Preview.load(_:)", "")])
        let merged = CrashGrouping.merge([first, second, unlined, otherCaller])
        #expect(merged.count == 4)
        #expect(merged[2].groupingNote == "no line: 2 lined sites in Banner.init(object:) with the same callers, so which one cannot be told")
        #expect(merged[3].groupingNote == "no line, and no lined site in Banner.init(object:) has the same callers")
    }

    @Test func oneHangCaughtAtThreeDepthsIsOneSignature() {
        let parse = [("Parser.parse(_:)", "Sources/Feed/Parser.swift:30:5"), ("Feed.load(_:)", "Sources/Feed/Feed.swift:12:5"), ("Feed.decode(_:)", "Sources/Feed/Feed.swift:5:5")]
        let inClosure = Self.crash("timeout-closure", kind: .timeout, inputs: 1, [("closure #1 in Parser.parse(_:)", "Sources/Feed/Parser.swift:33:9")] + parse)
        let inParse = Self.crash("timeout-parse", kind: .timeout, inputs: 3, parse)
        let inCaller = Self.crash("timeout-caller", kind: .timeout, inputs: 1, Array(parse.dropFirst()))
        let otherHang = Self.crash("timeout-other", kind: .timeout, [("Grid.layout(_:)", "Sources/Feed/Grid.swift:8:5"), ("Feed.render(_:)", "Sources/Feed/Feed.swift:40:5")])
        let merged = CrashGrouping.merge([inClosure, inParse, inCaller, otherHang])
        #expect(merged.map(\.signature) == ["timeout-closure", "timeout-other"].map(Self.id))
        #expect(merged[0].inputs.count == 5)
        #expect(Set(merged[0].alsoSignedAs ?? []) == Set(["timeout-parse", "timeout-caller"].map(Self.id)))
        #expect(merged[0].frames.contains { $0.location == "Sources/Feed/Feed.swift:12:5" }, "the deepest sample's stack holds the caller too")
        #expect(merged[0].alsoKinds == nil)
        // A sample whose unwinding skipped a frame between two of the decoder's (the loader) is
        // still a sample of the same hang; one that ends at another entry is not.
        let skipped = Self.crash("timeout-skipped", kind: .timeout, [parse[0], parse[2]])
        #expect(CrashGrouping.merge([inParse, skipped]).map(\.signature) == [Self.id("timeout-parse")])
        let otherEntry = Self.crash("timeout-preview", kind: .timeout, [parse[0], ("Preview.load(_:)", "Sources/Feed/Preview.swift:3:5")])
        #expect(CrashGrouping.merge([inParse, otherEntry]).count == 2)
        // A hang caught in the decode entry alone shares too little to join anything.
        let entryOnly = Self.crash("timeout-entry", kind: .timeout, [("Feed.decode(_:)", "Sources/Feed/Feed.swift:5:5")])
        #expect(CrashGrouping.merge([inParse, entryOnly]).count == 2)
    }

    @Test func anAllocationSizedByThePayloadIsOneSignatureWithItsKinds() {
        let site = [("Image.pixels(_:)", "Sources/Feed/Image.swift:21:17"), ("Image.init(from:)", "Sources/Feed/Image.swift:10:5")]
        let oom = Self.crash("oom-1", kind: .oom, site)
        let overflow = Self.crash("sanitizer-1", kind: .sanitizer, site)
        let slow = Self.crash("timeout-1", kind: .timeout, site)
        let unrelated = Self.crash("crash-1", kind: .crash, site)
        let merged = CrashGrouping.merge([oom, overflow, slow, unrelated])
        #expect(merged.map(\.signature) == ["oom-1", "crash-1"].map(Self.id))
        #expect(merged[0].alsoKinds == [.sanitizer, .timeout])
        #expect(merged[0].alsoSignedAs == ["sanitizer-1", "timeout-1"].map(Self.id))
        #expect(merged[0].inputs.count == 3)
    }

    @Test func theSizesOwnArithmeticOverflowJoinsAnAllocationFailureOfItsLine() {
        // ViewItemsKit's placeholder bitmap: `width * height * 4` is an oom for 50000x50000 and an
        // arithmetic overflow for larger sizes, at one line.
        let site = [("OneImageViewData.placeholderBitmap()", "Sources/ViewItemsKit/ViewItems.swift:105:16"),
                    ("ViewItemsScreen.decode(_:)", "Sources/ViewItemsKit/ViewItems.swift:40:5")]
        var sizeOverflow = Self.crash("crash-overflow", kind: .crash, site)
        sizeOverflow.message = "arithmetic overflow"
        let oom = Self.crash("oom-1", kind: .oom, site)
        let merged = CrashGrouping.merge([sizeOverflow, oom])
        #expect(merged.map(\.signature) == ["oom-1"].map(Self.id), "the allocation's failure stands for the bug, whichever came first")
        #expect(merged[0].alsoKinds == [.crash])
        #expect(merged[0].alsoSignedAs == ["crash-overflow"].map(Self.id))
        // Alone on its line, or beside another trap, an overflow is a bug of its own.
        var forceUnwrap = Self.crash("crash-nil", kind: .crash, site)
        forceUnwrap.message = "Unexpectedly found nil while unwrapping an Optional value"
        #expect(CrashGrouping.merge([sizeOverflow]).count == 1)
        #expect(CrashGrouping.merge([forceUnwrap, oom]).map(\.signature) == ["crash-nil", "oom-1"].map(Self.id))
        #expect(CrashGrouping.merge([sizeOverflow, forceUnwrap]).count == 2)
    }

    @Test func oneRecursionOverflowingAtSeveralPlacesIsOneSignature() {
        // As RegistryKit's template cycle overflowed in a campaign: once at the lookup line of the
        // recursive function, once in an allocation it called (no line of its own on top).
        let recursive = Array(repeating: ("TemplateStore.expand(_:)", "Sources/RegistryKit/ComponentRegistry.swift:68:26"), count: 40)
        func overflow(_ signature: String, top: [(String, String)]) -> TargetResult.Crash {
            var crash = Self.crash(signature, kind: .sanitizer, top + recursive + [("ComponentRegistry.make(_:parent:)", "Sources/RegistryKit/ComponentRegistry.swift:36:9")])
            crash.title = "stack-overflow in \(top.first?.0 ?? "?"): AddressSanitizer: stack-overflow"
            return crash
        }
        let atLookup = overflow("sanitizer-lookup", top: [("TemplateStore.expand(_:)", "Sources/RegistryKit/ComponentRegistry.swift:62:30")])
        let inAllocation = overflow("sanitizer-alloc", top: [])
        var heapOverflow = Self.crash("sanitizer-heap", kind: .sanitizer, [("HeroRenderer.legacy(_:)", "Sources/RegistryKit/Components.swift:423:9")])
        heapOverflow.title = "heap-buffer-overflow in HeroRenderer.legacy(_:)"
        let otherRecursion = overflow("sanitizer-other", top: [])
        var other = otherRecursion
        other.frames = other.frames.map { frame in
            var f = frame
            if f.function == "TemplateStore.expand(_:)" { f.function = "Outline.walk(_:)" }
            return f
        }
        let merged = CrashGrouping.merge([inAllocation, heapOverflow, atLookup, other])
        #expect(merged.map(\.signature) == ["sanitizer-alloc", "sanitizer-heap", "sanitizer-other"].map(Self.id))
        #expect(merged[0].alsoSignedAs == ["sanitizer-lookup"].map(Self.id))
        #expect(merged[0].inputs.count == 2)
        // A short recursion (a few frames of one function) is not taken for a cycle.
        let shallow = overflow("sanitizer-shallow", top: [])
        var few = shallow
        few.frames = Array(few.frames.prefix(4))
        #expect(CrashGrouping.recursion(few) == nil)
    }
}
