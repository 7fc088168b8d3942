import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload

/// `sdui repro` end to end, with the test-only decoders that crash, hang and hog memory.
/// The sanitizer builds go to .build-fuzz (built here once); the debug replayers are the normal
/// build's products.
@Suite(.serialized, .enabled(if: TestPaths.fuzzingAvailable, "needs a toolchain with libFuzzer")) struct ReproTests {
    static let sdui = TestPaths.productsDirectory.appendingPathComponent("sdui")
    static let root = TestPaths.packageRoot.path

    static let fuzzersBuilt: Bool = {
        (try? run(sdui, ["fuzz", "build", "planted", "hang", "hog", "--package-path", root]).status) == 0
    }()

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-repro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func write(_ json: String, as encoding: ContentEncoding, to dir: URL, name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(Deflater.compress(Array(json.utf8), as: encoding)).write(to: url)
        return url.path
    }

    static func repro(_ arguments: [String], environment: [String: String] = [:]) throws -> (ProcessResult, JSONValue?) {
        let result = try run(sdui, ["repro", "--no-build", "--json", "--package-path", root] + arguments, environment: environment)
        return (result, try? JSONParser().parse(Array(result.stdout.utf8)))
    }

    static let crashingScreen = #"{"screen":"s","version":1,"title":"Sale","components":[{"type":"text","data":{"text":"Hello"}},{"type":"button","id":"buy","data":{"title":"Buy","style":"caption","action":{"type":"dismiss"}}}]}"#

    @Test func plantedCrashReproducesMinimizesAndBecomesARegression() throws {
        try #require(Self.fuzzersBuilt, "building the fuzz targets failed")
        let dir = try Self.temporaryDirectory()
        let input = try Self.write(Self.crashingScreen, as: .gzip, to: dir, name: "crash-planted")
        let keep = dir.appendingPathComponent("kept")
        let (result, json) = try Self.repro(["--decoder", "planted", "--minimize", "--minimize-time", "15", "--keep", "--crash-store", keep.path, input])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try #require(json.flatMap { if case .array(let a) = $0 { a.first } else { nil } })
        #expect(report["sanitizer"]?["verdict"] == "reproduces")
        #expect(report["sanitizer"]?["reproduced"] == 3)
        #expect(report["debug"]?["verdict"] == "reproduces")
        #expect(report["sanitizer"]?["analysis"]?["message"] == "Unexpectedly found nil while unwrapping an Optional value")
        guard case .string(let signature)? = report["sanitizer"]?["analysis"]?["signature"] else { Issue.record("no signature"); return }
        // The signature campaigns give this bug (kind, message, innermost project frame and the code of its line; no addresses, paths or line numbers).
        #expect(signature == "crash-bb085578974f")
        // Project frames are marked in both builds, at the planted line.
        for build in ["sanitizer", "debug"] {
            guard case .array(let frames)? = report[build]?["analysis"]?["frames"] else { Issue.record("no frames"); continue }
            let top = frames.first { $0["isProject"] == true }
            #expect(top?["function"] == "static PlantedBugDecoder.decode(_:)", "\(build)")
        }
        #expect(report["facts"]?["encoding"] == "gzip")
        #expect(report["facts"]?["validJSON"] == true)
        // Minimized: smaller, same signature.
        #expect(report["minimized"]?["sameSignature"] == true)
        guard case .number(let size)? = report["minimized"]?["size"], case .number(let original)? = report["minimized"]?["originalSize"] else {
            Issue.record("not minimized"); return
        }
        #expect(size < original)
        // Kept under its signature with a sidecar …
        let kept = keep.appendingPathComponent("planted/\(signature)")
        #expect(FileManager.default.fileExists(atPath: kept.path))
        let sidecar = try JSONParser().parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: kept.path + ".meta.json"))))
        #expect(sidecar["signature"] == .string(signature))
        #expect(sidecar["product"] == "FuzzPlanted")
        #expect(sidecar["foundBy"] == "libFuzzer crash artifact")
        // … and replayed as a regression: it fails while the bug is there, passes once it is fixed.
        let cases = KeptCases.cases(in: keep)
        #expect(cases.count == 1)
        #expect(try KeptCases.replay(cases[0]).status != 0)
        #expect(try KeptCases.replay(cases[0], environment: ["SDUI_FIXTURE_FIXED": "1"]).status == 0)
        // Keeping it again does not duplicate it.
        let again = try Self.repro(["--decoder", "planted", "--tries", "1", "--no-debug", "--keep", "--crash-store", keep.path, kept.path]).1
        #expect(again.flatMap { if case .array(let a) = $0 { a.first?["kept"] } else { nil } } == .string(kept.path + " (already kept)"))
    }

    @Test func aFixedBugDoesNotReproduce() throws {
        try #require(Self.fuzzersBuilt)
        let dir = try Self.temporaryDirectory()
        let input = try Self.write(Self.crashingScreen, as: .gzip, to: dir, name: "crash-fixed")
        let (result, json) = try Self.repro(["--decoder", "planted", "--tries", "2", input], environment: ["SDUI_FIXTURE_FIXED": "1"])
        #expect(result.status == 0)
        let report = json.flatMap { if case .array(let a) = $0 { a.first } else { nil } }
        #expect(report?["sanitizer"]?["verdict"] == "does-not-reproduce")
        #expect(report?["debug"]?["verdict"] == "does-not-reproduce")
    }

    @Test func timeoutsAndOutOfMemoryAreClassified() throws {
        try #require(Self.fuzzersBuilt)
        let dir = try Self.temporaryDirectory()
        let hang = try Self.write(#"{"screen":"s","version":1,"components":[{"type":"spacer","data":{"height":4242}}]}"#, as: .identity, to: dir, name: "timeout-hang")
        let (h, hj) = try Self.repro(["--decoder", "hang", "--timeout", "2", "--tries", "1", hang])
        #expect(h.status == 1)
        let hr = hj.flatMap { if case .array(let a) = $0 { a.first } else { nil } }
        #expect(hr?["sanitizer"]?["analysis"]?["kind"] == "timeout")
        #expect(hr?["debug"]?["analysis"]?["kind"] == "timeout")
        // A hang shows where it spins, in both builds (SIGABRT to libFuzzer, SIGQUIT to Swift's backtracer).
        for build in ["sanitizer", "debug"] {
            guard case .array(let frames)? = hr?[build]?["analysis"]?["frames"] else { Issue.record("no frames in the \(build) build"); continue }
            #expect(frames.first { $0["isProject"] == true }?["function"] == "static HangingDecoder.decode(_:)", "\(build)")
        }
        // One title whichever side stopped it at the deadline (libFuzzer's alarm or sdui's SIGABRT).
        #expect(hr?["sanitizer"]?["analysis"]?["title"] == "timeout in static HangingDecoder.decode(_:): timeout after 2 seconds")
        #expect(hr?["debug"]?["analysis"]?["title"] == "timeout in static HangingDecoder.decode(_:): timeout after 2 seconds")
        let hog = try Self.write(#"{"screen":"s","version":1,"components":[{"type":"stack","data":{"axis":"vertical","spacing":4242,"children":[]}}]}"#, as: .identity, to: dir, name: "oom-hog")
        // Memory builds up for a while before the limit is hit: a timeout long enough for that.
        let (o, oj) = try Self.repro(["--decoder", "hog", "--rss-limit-mb", "512", "--timeout", "10", "--tries", "1", hog])
        #expect(o.status == 1)
        let or = oj.flatMap { if case .array(let a) = $0 { a.first } else { nil } }
        #expect(or?["sanitizer"]?["analysis"]?["kind"] == "oom")
        #expect(or?["debug"]?["analysis"]?["kind"] == "oom")
    }

    /// A fuzzer that ends before fuzzing anything (here libFuzzer refuses the dictionary) is an
    /// error of the campaign, exit 2, with its output — not a campaign that found nothing.
    @Test func aFuzzerThatNeverStartsIsAnErrorNotACleanRun() throws {
        try #require(Self.fuzzersBuilt)
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dict = dir.appendingPathComponent("bad.dict")
        try Data("\"unterminated\n".utf8).write(to: dict)
        let out = try run(Self.sdui, ["fuzz", "run", "planted", "--no-build", "--time", "5", "--jobs", "1", "--dict", dict.path,
                                      "--output", dir.appendingPathComponent("campaign").path, "--package-path", Self.root])
        #expect(out.status == 2)
        #expect(out.stderr.contains("before fuzzing anything"))
        #expect(out.stderr.contains("ParseDictionaryFile"))
        #expect(out.stderr.contains("run it by hand: "))
    }

    @Test func badInputToTheToolIsAClearErrorWithExitTwo() throws {
        let missing = try run(Self.sdui, ["repro", "--no-build", "--package-path", Self.root, "/nonexistent/crash-1"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/crash-1: no such file or directory"))
        let unknown = try run(Self.sdui, ["repro", "--no-build", "--decoder", "nosuch", "--package-path", Self.root, TestPaths.corpusSeeds.appendingPathComponent("home.json").path])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no decoder named \"nosuch\""))
        let binary = try run(Self.sdui, ["repro", "--no-build", "--package-path", Self.root, Self.sdui.path])
        #expect(binary.status == 2)
        #expect(binary.stderr.contains("not a payload (an ELF executable)") || binary.stderr.contains("not a payload (a Mach-O binary)"))
        // A folder of mixed files: payloads are replayed (summary table), the binary is refused, exit 2.
        try #require(Self.fuzzersBuilt)
        let dir = try Self.temporaryDirectory()
        _ = try Self.write(Self.crashingScreen, as: .gzip, to: dir, name: "crash-a")
        _ = try Self.write(#"{"screen":"s","version":1,"components":[]}"#, as: .identity, to: dir, name: "body.json")
        try FileManager.default.copyItem(at: Self.sdui, to: dir.appendingPathComponent("oops-binary"))
        let mixed = try run(Self.sdui, ["repro", "--no-build", "--no-debug", "--tries", "1", "--decoder", "planted", "--package-path", Self.root, dir.path])
        #expect(mixed.status == 2)
        #expect(mixed.stdout.contains("| crash-a | gzip | crash | REPRODUCES |"))
        #expect(mixed.stdout.contains("| body.json | identity | - | does not reproduce | - |"))
        #expect(mixed.stderr.contains("oops-binary: not a payload (an ELF executable); skipped"))
    }
}
