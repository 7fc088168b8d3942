import Foundation
@testable import SDUICampaign
import SDUIFuzz
import SDUIPayload
import Testing

/// Timeouts replayed without sanitizers: the label from the measured numbers, and the sizes,
/// depth and smaller versions of a document the measurement is made of.
@Suite struct TimeoutLabelTests {
    static func points(_ pairs: [(Int, Double)]) -> [ScalingPoint] { pairs.map { ScalingPoint(bytes: $0.0, seconds: $0.1) } }

    @Test func aDecodeThatStaysSlowWithoutSanitizersIsAHang() {
        #expect(TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 1.3, scaling: []).0 == .hang)
        // Linear and still at the timeout: a hang, however it grows.
        #expect(TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 1.0, scaling: Self.points([(1000, 0.25), (2000, 0.5), (4000, 1.0)])).0 == .hang)
        // Linear and below it: excused, but said to be slow.
        let slow = TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 0.6, scaling: Self.points([(1000, 0.15), (2000, 0.3), (4000, 0.6)]))
        #expect(slow.0 == .instrumentation)
        #expect(slow.reason.contains("slow, but within the timeout"))
        // No run ended before the deadline.
        let (label, _, reason) = TimeoutVerdict.label(timeoutSeconds: 2, plainSeconds: nil, scaling: [])
        #expect(label == .hang)
        #expect(reason.contains("deadline"))
    }

    @Test func aCostThatGrowsFasterThanTheInputIsASlowdown() {
        // Quadratic: each doubling of the document quadruples the time.
        let (label, exponent, _) = TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 0.2,
                                                        scaling: Self.points([(37_500, 0.0125), (75_000, 0.05), (150_000, 0.2)]))
        #expect(label == .slowdown)
        #expect(abs((exponent ?? 0) - 2) < 0.01)
        #expect(TimeoutVerdict.growthExponent(Self.points([(100, 0.01), (200, 0.08)])).map { abs($0 - 3) < 0.01 } == true)
    }

    @Test func fastAndLinearWithoutSanitizersIsTheInstrumentationsPriceAndDoesNotFail() {
        let (label, exponent, reason) = TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 0.04,
                                                             scaling: Self.points([(37_500, 0.0101), (75_000, 0.0198), (150_000, 0.04)]))
        #expect(label == .instrumentation)
        #expect(abs((exponent ?? 0) - 1) < 0.05)
        #expect(reason.contains("not a failure"))
        // Too fast at the smaller sizes to tell a growth: no exponent, and nothing to claim a slowdown on.
        let fast = TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 0.003, scaling: Self.points([(100, 0.0004), (200, 0.001), (400, 0.003)]))
        #expect(fast.0 == .instrumentation)
        #expect(fast.exponent == nil)
    }

    /// Slow without sanitizers and no growth measured (its smaller versions could not be made, or
    /// did not read back): nothing says it is the sanitizers' price, so it fails the campaign.
    @Test func aSlowDecodeWhoseGrowthIsUnknownIsNotExcused() {
        let unknown = TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 0.54, scaling: Self.points([(8_400, 0.54)]))
        #expect(unknown.0 == .slowdown)
        #expect(unknown.reason.contains("could not be measured"))
    }

    /// The smaller versions are compressed as the input was and read back as the same text: a raw
    /// deflate stream whose first byte looks like JSON would be read as plain text and rejected.
    @Test func scaledPayloadsReadBackAsTheirText() throws {
        let text = Array(("{\"props\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}").utf8)
        for encoding in [ContentEncoding.rawDeflate, .zlib, .gzip] {
            let payload = try #require(TimeoutReplay.payload(text, encoding: encoding))
            #expect(DocumentShape(input: payload).text == text)
            #expect(DocumentShape(input: payload).encoding == encoding)
        }
        #expect(TimeoutReplay.payload(text, encoding: nil) == text)
    }

    @Test func aSlowdownMustShowAtEveryStep() {
        // A half that the decoder rejects early looks superlinear from the half to the whole, but
        // not from the quarter to the half: the smallest step counts, and it is linear.
        let points = Self.points([(25_000, 0.010), (50_000, 0.011), (100_000, 0.2)])
        #expect(TimeoutVerdict.growthExponent(points).map { $0 < 1 } == true)
        #expect(TimeoutVerdict.label(timeoutSeconds: 1, plainSeconds: 0.2, scaling: points).0 == .instrumentation)
        // Sizes too close together give no step at all.
        #expect(TimeoutVerdict.growthExponent(Self.points([(1000, 0.01), (1100, 0.02)])) == nil)
    }

    @Test func onlyTheInstrumentationLabelExcusesAFinding() {
        func measurement(_ label: TimeoutLabel) -> TimeoutMeasurement {
            TimeoutMeasurement(label: label, timeoutSeconds: 1, plainSeconds: 0.04, runs: 5, inputBytes: 1434, inflatedBytes: 153_600,
                               encoding: "raw-deflate", depth: 305, scaling: [], exponent: 1.02, reason: "r")
        }
        #expect(!measurement(.instrumentation).failsCampaign)
        #expect(measurement(.slowdown).failsCampaign)
        #expect(measurement(.hang).failsCampaign)
        #expect(measurement(.instrumentation).summary
                == "instrumentation: 0.04 s CPU without sanitizers (median of 5), 150.0 KB inflated from 1.4 KB raw-deflate, depth 305, linear (n^1.0)")
        var crash = TargetResult.Crash(signature: CrashIdentity("timeout-00000000abc1")!, kind: .timeout, title: "timeout in X", message: nil,
                                       inputs: ["timeout-1"], frames: [], reproduce: "", firstSeconds: nil)
        #expect(crash.failsCampaign)  // not measured: fails, as before
        crash.timeoutCheck = measurement(.instrumentation)
        #expect(!crash.failsCampaign)
        let result = TargetResult(target: "t", product: "p", seconds: 1, jobs: 1, counters: 1, corpusStart: 0, corpusEnd: 0, crashes: [crash],
                                  command: "", timeline: [], memoryTimeline: [])
        #expect(result.failingCrashes.isEmpty)
    }

    @Test func theDocumentIsMeasuredInflatedWithItsDepth() {
        let deep = Array((String(repeating: "[", count: 305) + "1" + String(repeating: "]", count: 305)).utf8)
        let text = Array(#"{"a":"[[[ in a string \" {{","b":["#.utf8) + deep + Array("]}".utf8)
        #expect(DocumentShape.nestingDepth(text) == 307)
        let plain = DocumentShape(input: text)
        #expect(plain.encoding == nil && plain.inputBytes == text.count && plain.text == text)
        for encoding in [ContentEncoding.gzip, .zlib, .rawDeflate] {
            let compressed = Deflater.compress(text, as: encoding)
            let shape = DocumentShape(input: compressed)
            #expect(shape.encoding == encoding)
            #expect(shape.inputBytes == compressed.count && shape.inputBytes < text.count)
            #expect(shape.text == text && shape.depth == 307)
        }
    }

    @Test func aSmallerVersionKeepsTheShapeAndIsValidJSON() throws {
        let items = (0..<100).map { #"{"id":"b\#($0)","n":\#($0),"on":true}"# }.joined(separator: ",")
        let text = Array(#"{"title":"T","blocks":[\#(items)]}"#.utf8)
        for fraction in [0.25, 0.5, 1.0] {
            let cut = try #require(ScaledDocument.prefix(of: text, fraction: fraction))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(cut)) as? [String: Any])
            let blocks = try #require(object["blocks"] as? [[String: Any]])
            #expect(abs(Double(cut.count) / Double(text.count) - fraction) < 0.05)
            #expect(abs(Double(blocks.count) - 100 * fraction) <= 2)
            #expect(object["title"] as? String == "T")
        }
        // A deep chain is cut to a shallower chain: half its bytes are 120 of its 200 openers.
        let deep = Array((String(repeating: #"{"a":"#, count: 200) + "1" + String(repeating: "}", count: 200)).utf8)
        let half = try #require(ScaledDocument.prefix(of: deep, fraction: 0.5))
        #expect(try JSONSerialization.jsonObject(with: Data(half)) is [String: Any])
        #expect(DocumentShape.nestingDepth(half) == 120)
        // A key is not a value: the cut falls before it.
        #expect(ScaledDocument.prefix(of: Array(#"{"abc":1,"defgh":2}"#.utf8), fraction: 0.6).map { String(decoding: $0, as: UTF8.self) } == #"{"abc":1}"#)
        // Not JSON: nothing to close.
        #expect(ScaledDocument.prefix(of: Array("plain text".utf8), fraction: 0.5) == nil)
    }

    /// A stand-in for the build without sanitizers: a script that answers `--sdui-timing` with a time
    /// computed from each file's size (`cost` is a shell expression over `$n`, in nanoseconds).
    static func replayer(cost: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("replayer").path
        let script = #"""
            #!/bin/sh
            # Writes what FuzzReplay's timing writes: a `timed` record per run in the outcome file
            # the harness configuration names.
            outcomes=$(tr -d '\n' < "$SDUI_FUZZ_CONFIG" | sed -e 's#\\/#/#g' -e 's/.*"outcomes" *: *"\([^"]*\)".*/\1/')
            for f in "$@"; do
              case "$f" in --*) continue;; esac
              n=$(wc -c < "$f")
              for i in 1 2 3; do printf '{"file":"%s","kind":"timed","nanoseconds":%s}\n' "$f" "$((\#(cost)))" >> "$outcomes"; done
            done
            """#
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func aReplayIsMeasuredAndLabelledFromItsTimes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-timeout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = (0..<1000).map { #"{"id":"b\#($0)"}"# }.joined(separator: ",")
        let input = folder.appendingPathComponent("timeout-1").path
        try Data(#"{"blocks":[\#(items)]}"#.utf8).write(to: URL(fileURLWithPath: input))
        let replay = TimeoutReplay(packageRoot: folder.path)
        // Quadratic: 2 ns × n² (about 0.3 s for the whole, 20 ms for a quarter).
        let quadratic = try replay.measure(binary: Self.replayer(cost: "2 * n * n", in: folder), input: input, timeout: 1, configuration: nil)
        #expect(quadratic.label == .slowdown)
        #expect(quadratic.scaling.count == 3 && quadratic.runs == 3)
        #expect(abs((quadratic.exponent ?? 0) - 2) < 0.1)
        #expect(quadratic.inflatedBytes == quadratic.inputBytes && quadratic.encoding == nil && quadratic.depth == 3)
        // Linear: 20 µs a byte.
        let linear = try replay.measure(binary: Self.replayer(cost: "20000 * n", in: folder), input: input, timeout: 1, configuration: nil)
        #expect(linear.label == .instrumentation)
        #expect(abs((linear.exponent ?? 0) - 1) < 0.1)
        // Past the timeout: a hang, no smaller versions timed.
        let hang = try replay.measure(binary: Self.replayer(cost: "2000000000", in: folder), input: input, timeout: 1, configuration: nil)
        #expect(hang.label == .hang && hang.plainSeconds == 2 && hang.scaling.isEmpty)
        // A replayer that times nothing measured nothing: an error, not a hang.
        #expect(throws: TimeoutReplayError.self) {
            try replay.measure(binary: "/usr/bin/true", input: input, timeout: 1, configuration: nil)
        }
    }

    @Test func theReplayersTimingRecordsAreRead() throws {
        let records: [FuzzOutcomeRecord] = [.timed(nanoseconds: 40_000_000, file: "/tmp/a b"), .timed(nanoseconds: 20_000_000, file: "/tmp/a b"),
                                            .slowInput(milliseconds: 30, pastTimeout: false, file: nil),
                                            .timed(nanoseconds: 30_000_000, file: "/tmp/a b"), .timed(nanoseconds: 5_000_000, file: "/tmp/c")]
        // Through the file, as the replayer writes them and the campaign reads them.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-timed-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let encoder = JSONEncoder()
        try Data(records.map { String(decoding: try encoder.encode($0), as: UTF8.self) + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
        let timings = TimeoutReplay.timings(FuzzOutcomeRecord.read(from: file))
        #expect(timings["/tmp/a b"] == [0.04, 0.02, 0.03])
        #expect(TimeoutReplay.median(timings["/tmp/a b"]!) == 0.03)
        #expect(TimeoutReplay.median([0.01, 0.03]) == 0.02)
        #expect(TimeoutReplay.median([]) == nil)
        #expect(TimeoutReplay(packageRoot: "/p").buildArguments("FuzzX") == ["build", "-c", "release", "--scratch-path", ".build-fuzz-plain", "--product", "FuzzX"])
    }
}
