import Foundation
import SDUICrashAnalysis
import Testing
import TestSupport
import SDUIPayload
import SDUIJSON
import SDUIFuzzFixtures
@testable import SDUIFuzz
@testable import SDUICampaign

/// A decoder isolated to the main actor, as decoders in modules with SwiftUI views often are.
@MainActor enum MainActorDecoder {
    static var decoded = 0
    static func decode(_ bytes: [UInt8]) throws -> Int {
        decoded += 1
        guard bytes.first == UInt8(ascii: "{") else { throw HarnessTests.Untyped() }
        return bytes.count
    }
    static func describe(_ count: Int) -> String { "\(count) bytes" }
}

@Suite struct HarnessTests {
    struct Untyped: Error {}

    /// The README's recipe for a `@MainActor` decoder: `MainActor.assumeIsolated` in `decode:` and
    /// `render:` (libFuzzer calls on the main thread, as this test does).
    @MainActor @Test func aMainActorDecoderPlugsInThroughAssumeIsolated() {
        let harness = FuzzHarness(DecoderUnderTest<Int>(
            name: "main-actor",
            decode: { bytes in try MainActor.assumeIsolated { try MainActorDecoder.decode(bytes) } },
            render: { count in MainActor.assumeIsolated { MainActorDecoder.describe(count) } },
            reencode: { count in Array("{\(String(repeating: " ", count: max(0, count - 2)))}".utf8) }))
        let before = MainActorDecoder.decoded
        #expect(harness.check(Array("{ }".utf8)) == nil)
        #expect(harness.check(Array("x".utf8)) == nil)   // a typed rejection
        #expect(MainActorDecoder.decoded == before + 3)  // twice for the round trip, once rejected
    }

    @Test func reportsBrokenInvariants() {
        let typedOnly = FuzzHarness(DecoderUnderTest<Int>(name: "t", decode: { _ in throw Untyped() }, isExpectedError: { $0 is PayloadError }))
        #expect(typedOnly.check([1])?.kind == .untypedError)

        let unstable = FuzzHarness(DecoderUnderTest<[UInt8]>(
            name: "unstable", decode: { $0 }, render: { "\($0.count)" }, reencode: { $0 + [0] }))
        #expect(unstable.check([1, 2])?.kind == .roundTripChanged)

        let rejectsOwnOutput = FuzzHarness(DecoderUnderTest<[UInt8]>(
            name: "picky", decode: { bytes in if bytes.contains(0) { throw Untyped() }; return bytes }, render: { "\($0)" }, reencode: { $0 + [0] }))
        #expect(rejectsOwnOutput.check([1])?.kind == .reencodingRejected)

        let fine = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "fine", decode: { $0 }, render: { "\($0)" }, reencode: { $0 }))
        #expect(fine.check([1, 2, 3]) == nil)
    }

    /// A value the decoder accepts and its own encoder cannot write (`nan`): the encoder's error and
    /// its coding path are the finding, not the decoder's complaint about empty bytes.
    @Test func anEncoderThatThrowsIsReportedWithItsCodingPath() throws {
        struct Screen: Codable { var views: [View] }
        struct View: Codable { var ratio: Double }
        let harness = FuzzHarness(DecoderUnderTest<Screen>(
            name: "floats",
            decode: { bytes in
                // Accepts "nan" the way some decoders do (a string read as a Double).
                let text = String(decoding: bytes, as: UTF8.self)
                return Screen(views: [View(ratio: 1), View(ratio: text.contains("nan") ? .nan : 2)])
            },
            render: { "\($0.views.count)" },
            reencode: { [UInt8](try JSONEncoder().encode($0)) }))
        let violation = try #require(harness.check(Array(#"{"ratio":"nan"}"#.utf8)))
        #expect(violation.kind == .reencodingFailed)
        #expect(violation.codingPath == "views[1].ratio")
        #expect(violation.description.hasPrefix("SDUIHarness invariant reencoding_failed at views[1].ratio: EncodingError.invalidValue(nan)"))
        #expect(harness.check(Array(#"{"ratio":2}"#.utf8)) == nil)
        // Triage titles it by that path and signs it without the value (nan and inf are one bug),
        // from the typed record the replay wrote, not from the crash's text.
        let output = """
            /src/Sources/SDUIFuzz/FuzzHarness.swift:160: Fatal error: SDUIHarness invariant reencoding_failed at views[1].ratio: EncodingError.invalidValue(nan)
            ==1== ERROR: libFuzzer: deadly signal
                #1 0x2 in $s8SDUIFuzz11FuzzHarnessC12testOneInputys5Int32VSPys5UInt8VGSg_SitF /src/Sources/SDUIFuzz/FuzzHarness.swift:160:13
            """
        func analysis(_ value: String) -> CrashAnalysis {
            let violation = InvariantViolation(kind: .reencodingFailed, detail: "EncodingError.invalidValue(\(value)): Unable to encode Double.\(value) directly in JSON.",
                                               codingPath: "views[1].ratio")
            return CrashTriage(packageRoot: "/src").analyse(output: output, exitStatus: 1, records: [.invariantViolated(violation, input: "0")])
        }
        #expect(analysis("nan").title == "invariant reencoding_failed at views[1].ratio: EncodingError.invalidValue(nan): Unable to encode Double.nan directly in JSON.")
        #expect(analysis("nan").signature == analysis("inf").signature)
        #expect(!CrashTriage(packageRoot: "/src").analyse(output: output, exitStatus: 1).title.hasPrefix("invariant"),
                "the message's text is not read for an invariant")
    }

    @Test func mutateThroughTheCEntryPointRespectsMaxSize() throws {
        let harness = FuzzHarness(.init(name: "x", decode: { $0 }), mutation: .compressed)
        harness.learn(from: [TestPaths.corpusSeeds.path])
        var buffer = [UInt8](repeating: 0, count: 256)
        let seed = Array(#"{"screen":"s","version":1,"components":[{"type":"text","data":{"text":"a"}}]}"#.utf8)
        buffer.replaceSubrange(0..<seed.count, with: seed)
        for s in 0..<200 {
            let before = Array(buffer[..<seed.count])
            let n = buffer.withUnsafeMutableBufferPointer { harness.mutate($0.baseAddress!, seed.count, 256, UInt32(s)) }
            #expect(n >= 0 && n <= 256)
            // Both entry points draw the same plan from a seed: the same mutation.
            var same = before
            harness.mutate(&same, maxSize: 256, seed: UInt32(s))
            #expect(same == Array(buffer[..<n]), "seed \(s)")
            buffer.replaceSubrange(0..<seed.count, with: seed)
        }
    }

    /// A decompression bomb, once the compressed mutator has opened it, is always given to that
    /// mutator (which cuts it down), never to byte noise that would leave it a bomb.
    @Test func aKnownBombIsCutDownNotByteMutated() throws {
        let harness = FuzzHarness(.init(name: "x", decode: { $0 }), mutation: .compressed)
        let bomb = Deflater.compress(Array(#"{"screen":"bomb","version":1,"components":["#.utf8)
            + Array(repeating: Array(#"{"type":"spacer"},"#.utf8), count: 120_000).joined(), as: .gzip, level: 9)
        func bombs(_ harness: FuzzHarness<[UInt8]>, _ seeds: Range<UInt32>) -> Int {
            seeds.filter { s in
                var bytes = bomb
                harness.mutate(&bytes, maxSize: 1 << 16, seed: s)
                return (try? PayloadDecoder(limits: .init(maxDecodedBytes: 1 << 20)).decode(bytes)) == nil
                    && InflatedPrefix.of(bytes, as: .gzip, count: 1 << 20) != nil
            }.count
        }
        // A harness that keeps nothing between mutations cannot know: half of its mutations are
        // bytes, and most of those leave a bomb.
        let forgetful = FuzzHarness(.init(name: "x", decode: { $0 }), mutation: .compressed)
        forgetful.keepsParsedDocuments = false
        #expect(bombs(forgetful, 0..<40) >= 10)
        // Once one mutation has opened it, none does.
        var seed: UInt32 = 0
        while !bomb.withUnsafeBytes({ harness.documents.oversize.contains($0) }), seed < 20 {
            var bytes = bomb
            harness.mutate(&bytes, maxSize: 1 << 16, seed: seed)
            seed += 1
        }
        #expect(bomb.withUnsafeBytes { harness.documents.oversize.contains($0) })
        #expect(bombs(harness, 100..<140) == 0)
    }

    /// Two JSON documents are spliced; the compression-aware strategy declines a compressed input
    /// (libFuzzer then draws another mutator): that crossover cost three mutations and found nothing more.
    @Test func crossoverSplicesDocumentsAndTheCompressedStrategyDeclinesCompressedInputs() {
        let one = Array(#"{"screen":"s","version":1,"components":[{"type":"text","data":{"text":"a"}}]}"#.utf8)
        let two = Array(#"{"screen":"t","version":1,"components":[{"type":"image","data":{"url":"u"}}]}"#.utf8)
        func cross(_ strategy: MutationStrategy, seed: UInt32, _ first: [UInt8]? = nil) -> [UInt8] {
            let harness = FuzzHarness(.init(name: "x", decode: { $0 }), mutation: strategy)
            var out = [UInt8](repeating: 0, count: 4096)
            let n = out.withUnsafeMutableBufferPointer { buffer in
                (first ?? one).withUnsafeBufferPointer { a in two.withUnsafeBufferPointer { b in
                    harness.crossOver(a.baseAddress!, a.count, b.baseAddress!, b.count, buffer.baseAddress!, 4096, seed)
                } }
            }
            return Array(out[..<n])
        }
        let structured = (0..<20).map { cross(.structured, seed: $0) }
        #expect(structured.allSatisfy { (try? JSONParser().parse($0)) != nil }, "a structured crossover is a document")
        #expect(structured.contains { $0 != one }, "and sometimes not the first one unchanged")
        #expect((0..<20).allSatisfy { (try? JSONParser().parse(cross(.compressed, seed: $0))) != nil }, "two JSON texts: spliced")
        let gzipped = Deflater.compress(one, as: .gzip)
        #expect((0..<20).allSatisfy { cross(.compressed, seed: $0, gzipped).isEmpty }, "a compressed input: declined")
        #expect((0..<20).allSatisfy { !cross(.structured, seed: $0, gzipped).isEmpty }, "the structured strategy still crosses it")
    }

    @Test func slowInputsAreReportedButKeptOutOfTheCorpus() throws {
        // A decoder whose time grows with the input's first byte, as a loop over a payload number does.
        let harness = FuzzHarness(DecoderUnderTest<[UInt8]>(name: "ticker", decode: { bytes in
            if let n = bytes.first, n > 0 { usleep(useconds_t(n) * 1_000) }
            return bytes
        }))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        harness.slowInputs.prefix = dir.path + "/"
        harness.slowInputs.thresholdNanoseconds = 10_000_000
        func run(_ bytes: [UInt8]) -> Int32 { bytes.withUnsafeBufferPointer { harness.testOneInput($0.baseAddress, $0.count) } }
        #expect(run([0, 1]) == 0)        // fast: may join the corpus
        #expect(run([15, 1]) == -1)      // slow: reported, never bred from
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(kept.count == 1 && kept[0].hasPrefix("slow-"), "\(kept)")
        // However many slow inputs a campaign's jobs meet, the folder keeps at most the limit.
        for i in 0..<(harness.slowInputs.limit + 3) { #expect(run([11, UInt8(i)]) == -1) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == harness.slowInputs.limit)
    }

    /// One slow artifact per distinct input, with its slowest time; an input past the timeout is a
    /// timeout artifact, not a slow one.
    @Test func slowInputsAreKeptOnceWithTheirSlowestTimeAndTimeoutsAsTimeouts() throws {
        let slow = SlowInputs(FuzzHarnessConfiguration())
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        slow.prefix = dir.path + "/"
        slow.thresholdNanoseconds = 100_000_000
        slow.timeoutNanoseconds = 1_000_000_000
        func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }
        #expect(slow.record([1, 2], nanoseconds: 50_000_000) == false)
        #expect(slow.record([1, 2], nanoseconds: 300_000_000))
        #expect(slow.record([1, 2], nanoseconds: 200_000_000))   // faster this time: the 300 ms file stays
        #expect(try names().count == 1 && names()[0].hasPrefix("slow-300ms-"))
        #expect(slow.record([1, 2], nanoseconds: 700_000_000))   // slower: replaces it
        #expect(try names().count == 1 && names()[0].hasPrefix("slow-700ms-"))
        #expect(slow.record([9], nanoseconds: 1_036_000_000))    // past the 1 s timeout
        let all = try names()
        #expect(all.count == 2 && all.contains { $0.hasPrefix("timeout-") } && !all.contains { $0.hasPrefix("slow-1036ms") })
    }

    @Test func plantedFixtureOnlyFiresForGzipButtonsWithCaption() throws {
        let json = Array(#"{"screen":"s","version":1,"components":[{"type":"button","data":{"title":"x","style":"primary","action":{"type":"dismiss"}}}]}"#.utf8)
        #expect(try PlantedBugDecoder.decode(Deflater.compress(json, as: .gzip)) == 0)
        let caption = Array(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "primary", with: "caption").utf8)
        #expect(try PlantedBugDecoder.decode(caption) == 0)                           // plain: no crash
        #expect(try PlantedBugDecoder.decode(Deflater.compress(caption, as: .zlib)) == 0)  // zlib: no crash
        setenv("SDUI_FIXTURE_FIXED", "1", 1)
        defer { unsetenv("SDUI_FIXTURE_FIXED") }
        #expect(try PlantedBugDecoder.decode(Deflater.compress(caption, as: .gzip)) == 0)  // fixed: no crash
    }
}

@Suite struct TriageTests {
    static let log = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/planted-crash.log"), encoding: .utf8)) ?? ""

    @Test func analysesARecordedLibFuzzerCrash() {
        let analysis = CrashTriage(packageRoot: "/src/sdui").analyse(output: Self.log, exitStatus: 1)
        #expect(analysis.kind == .crash)
        #expect(analysis.message == "Unexpectedly found nil while unwrapping an Optional value")
        let project = analysis.frames.filter(\.isProject)
        #expect(project.map(\.function) == ["static PlantedBugDecoder.decode(_:)"])
        #expect(project.first?.location == "Sources/SDUIFuzzFixtures/PlantedBugDecoder.swift:29:87")
        #expect(analysis.frames.count == 20)
        #expect(analysis.signature?.resolution == .source && analysis.signature?.kind == .crash && analysis.signature?.description.count == 18)
        #expect(analysis.title == "crash in static PlantedBugDecoder.decode(_:) at PlantedBugDecoder.swift:29: Unexpectedly found nil while unwrapping an Optional value")
    }

    /// A site is a file and a line: the checkout's path, addresses and the column do not matter; the
    /// line does, and the message does not once the line is known (one site, however it fails).
    @Test func signaturesIgnoreAddressesPathsAndColumnsNotLines() {
        let moved = Self.log
            .replacingOccurrences(of: "/src/sdui", with: "/elsewhere/checkout")
            .replacingOccurrences(of: "0x56299a", with: "0x7f0000")
            .replacingOccurrences(of: "PlantedBugDecoder.swift:29:87", with: "PlantedBugDecoder.swift:29:5")
        let a = CrashTriage(packageRoot: "/src/sdui").analyse(output: Self.log, exitStatus: 1)
        let b = CrashTriage(packageRoot: "/elsewhere/checkout").analyse(output: moved, exitStatus: 1)
        #expect(a.signature == b.signature)
        let otherLine = Self.log.replacingOccurrences(of: "PlantedBugDecoder.swift:29:87", with: "PlantedBugDecoder.swift:31:87")
        #expect(CrashTriage(packageRoot: "/src/sdui").analyse(output: otherLine, exitStatus: 1).signature != a.signature)
        let otherMessage = Self.log.replacingOccurrences(of: "Unexpectedly found nil", with: "Index out of range; found nil")
        #expect(CrashTriage(packageRoot: "/src/sdui").analyse(output: otherMessage, exitStatus: 1).signature == a.signature)
    }

    @Test func classifiesTimeoutsOOMsSanitizerReportsAndNonReproduction() {
        let triage = CrashTriage(packageRoot: "/src")
        #expect(triage.analyse(output: "==1== ERROR: libFuzzer: timeout after 10 seconds\n", exitStatus: 70).kind == .timeout)
        #expect(triage.analyse(output: "==1== ERROR: libFuzzer: out-of-memory (used: 2100Mb; exceeds: 2048Mb)\n", exitStatus: 71).kind == .oom)
        let asan = triage.analyse(output: "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020\nSUMMARY: AddressSanitizer: heap-buffer-overflow x.c:3\n", exitStatus: 1)
        #expect(asan.kind == .sanitizer && asan.sanitizerKind == "heap-buffer-overflow")
        #expect(triage.analyse(output: "Executed x in 1 ms\n", exitStatus: 0).kind == .notReproduced)
    }

    @Test func parsesStatusLinesOfBothModes() {
        let plain = LibFuzzerOutput.status("#4096\tpulse  cov: 2152 ft: 7784 corp: 336/272Kb lim: 17358 exec/s: 512 rss: 338Mb")
        #expect(plain?.coverage == 2152 && plain?.corpus == 336 && plain?.execsPerSecond == 512 && plain?.rssMB == 338 && plain?.executions == 4096)
        let fork = LibFuzzerOutput.status("#12345: cov: 1545 ft: 4588 corp: 120 exec/s: 2000 oom/timeout/crash: 0/1/2 time: 10s job: 3 dft_time: 0")
        #expect(fork?.coverage == 1545 && fork?.crashes == 2 && fork?.timeouts == 1 && fork?.seconds == 10)
        // Fork mode: executions over the campaign's time, not the last job's rate (0 after a quick crash).
        #expect(fork?.execsPerSecond == 1234)
        let crashed = LibFuzzerOutput.status("#365714: cov: 448 ft: 920 corp: 124 exec/s: 0 oom/timeout/crash: 0/0/232 time: 60s job: 233 dft_time: 0")
        #expect(crashed?.execsPerSecond == 6095)
        #expect(LibFuzzerOutput.status("INFO: Seed: 123") == nil)
        #expect(LibFuzzerOutput.counters(in: "INFO: Loaded 1 modules   (15063 inline 8-bit counters): 15063 [0x1, 0x2),") == 15063)
    }
}
