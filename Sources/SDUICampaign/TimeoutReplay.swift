import Foundation
import SDUICrashAnalysis
import SDUIPayload
import SDUIPlatformProcesses
import SDUIFuzz

/// Replays a campaign's timeouts in a build of the same target without sanitizers or coverage,
/// optimized as the app ships, and labels each (``TimeoutVerdict``). A target built without
/// `SDUI_LIBFUZZER` is its own replayer (``FuzzReplay``), and `--sdui-timing` makes it time each
/// run inside the process. The build has its own scratch path beside the fuzz build's, and is made
/// only when a campaign has a timeout.
public struct TimeoutReplay: Sendable {
    public var packageRoot: String
    /// Relative to the package root unless absolute.
    public var scratchPath: String
    /// Runs of each document whose median is taken.
    public var runs = 5

    public init(packageRoot: String, scratchPath: String = ".build-fuzz-plain") {
        self.packageRoot = packageRoot
        self.scratchPath = scratchPath
    }

    public func buildArguments(_ product: String) -> [String] {
        ["build", "-c", "release", "--scratch-path", scratchPath, "--product", product]
    }

    public func binary(_ product: String) -> String {
        (scratchPath.hasPrefix("/") ? scratchPath : packageRoot + "/" + scratchPath) + "/release/" + product
    }

    /// Builds `product` without sanitizers (SwiftPM rebuilds nothing that is up to date).
    public func build(_ product: String) throws -> String {
        guard let swift = Toolchain.tool("swift") else { throw BuildError.swiftNotFound }
        let out = try ProcessRunner.run(swift, buildArguments(product), in: packageRoot)
        guard out.status == 0 else { throw BuildError.buildFailed(product: product, output: out.stdout + out.stderr) }
        return binary(product)
    }

    /// Times `input` in the uninstrumented `binary`, and a half and a quarter of its document,
    /// with the harness configured as for a replay (`configuration`: the campaign's replay file).
    public func measure(binary: String, input: String, timeout: Int, configuration: String?) throws -> TimeoutMeasurement {
        let bytes = [UInt8](FileManager.default.contents(atPath: input) ?? Data())
        let shape = DocumentShape(input: bytes)
        let runTimes = try time(binary: binary, files: [input], timeout: timeout, configuration: configuration)[input] ?? []
        let whole = Self.median(runTimes)
        var points: [ScalingPoint] = []
        // A hang needs no growth figure, and each of its smaller versions could cost the deadline too.
        if let whole, whole < Double(timeout) * TimeoutVerdict.hangShare {
            points = try scaling(shape, wholeSeconds: whole, binary: binary, timeout: timeout, configuration: configuration)
        }
        let (label, exponent, reason) = TimeoutVerdict.label(timeoutSeconds: timeout, plainSeconds: whole, scaling: points)
        return TimeoutMeasurement(label: label, timeoutSeconds: timeout, plainSeconds: whole, runs: runTimes.count, inputBytes: bytes.count,
                                  inflatedBytes: shape.text.count, encoding: shape.encoding?.rawValue, depth: shape.depth,
                                  scaling: points, exponent: exponent, reason: reason)
    }

    /// The document at a quarter and a half of its size (compressed again as the input was, so
    /// they take the decoder's path), timed; with the whole input as the last point.
    func scaling(_ shape: DocumentShape, wholeSeconds: Double, binary: String, timeout: Int, configuration: String?) throws -> [ScalingPoint] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-scaling-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        var files: [(path: String, bytes: Int)] = []
        for fraction in [0.25, 0.5] {
            let text = ScaledDocument.prefix(of: shape.text, fraction: fraction) ?? Array(shape.text.prefix(Int(Double(shape.text.count) * fraction)))
            guard !text.isEmpty, !files.contains(where: { $0.bytes == text.count }) else { continue }
            guard let payload = Self.payload(text, encoding: shape.encoding) else { continue }
            let path = work + "/scaled-\(Int(fraction * 100))"
            try Data(payload).write(to: URL(fileURLWithPath: path))
            files.append((path, text.count))
        }
        let timed = try time(binary: binary, files: files.map(\.path), timeout: timeout, configuration: configuration)
        return files.compactMap { f in timed[f.path].flatMap(Self.median).map { ScalingPoint(bytes: f.bytes, seconds: $0) } }
            + [ScalingPoint(bytes: shape.text.count, seconds: wholeSeconds)]
    }

    /// `text` compressed as the input was, such that the harness reads it back as that text: a raw
    /// deflate stream whose first byte looks like JSON text would be read as plain text, rejected at
    /// once and timed as a tiny document (a growth that looks linear or unmeasurable). Other
    /// compression levels give other first bytes; nil when none reads back (the point is left out).
    static func payload(_ text: [UInt8], encoding: ContentEncoding?) -> [UInt8]? {
        guard let encoding else { return text }
        for level: Int32 in [6, 9, 1, 5, 3, 8, 2, 4, 7, 0] {
            let payload = Deflater.compress(text, as: encoding, level: level)
            if DocumentShape(input: payload).text == text { return payload }
        }
        return nil
    }

    /// Each file's run times in seconds, from the replayer's `--sdui-timing` outcome records. Each
    /// file gets `runs` runs or the timeout's worth of CPU time; the process is stopped at three
    /// times the timeout per file, plus two seconds to start (wall time: a busy machine stretches
    /// it), and what ended before counts.
    func time(binary: String, files: [String], timeout: Int, configuration: String?) throws -> [String: [Double]] {
        guard !files.isEmpty else { return [:] }
        let harness = try configuration.map(FuzzHarnessConfiguration.read(from:)) ?? FuzzHarnessConfiguration()
        let run = try HarnessRun(configuration: harness, timeout: timeout, rssLimitMB: harness.rssLimitMB)
        defer { run.remove() }
        let environment = ["SWIFT_BACKTRACE": "enable=off", "SWIFT_DETERMINISTIC_HASHING": "1",
                           FuzzHarnessConfiguration.environmentVariable: run.configurationFile]
        let out = try ProcessRunner.run(binary, ["--sdui-timing=\(runs),\(timeout * 1000)"] + files, in: packageRoot, environment: environment,
                                        timeout: Double(3 * timeout * files.count + 2), interruptSignal: SIGKILL, grace: 1)
        let timings = Self.timings(run.records)
        // Only a run stopped at its deadline may leave a file untimed (a hang). One that ended by
        // itself without timing every file did not measure: a replayer without `--sdui-timing`
        // (a target's own `main`), or a crash. No label is better than a false `hang`.
        if !out.timedOut, let missing = files.first(where: { timings[$0] == nil }) {
            throw TimeoutReplayError.notTimed(file: missing, status: out.status, output: String(out.stderr.suffix(800)))
        }
        return timings
    }

    /// Each file's run times in seconds, from its `timed` records.
    static func timings(_ records: [FuzzOutcomeRecord]) -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for case .timed(let nanoseconds, let file) in records { result[file, default: []].append(Double(nanoseconds) / 1e9) }
        return result
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

public enum TimeoutReplayError: Error, CustomStringConvertible {
    case notTimed(file: String, status: Int32, output: String)
    public var description: String {
        switch self {
        case .notTimed(let file, let status, let output):
            "the build without sanitizers ended (status \(status)) without timing \(file): its replayer does not take "
                + "--sdui-timing (a target calling FuzzReplay.main does) or crashed:\n\(output)"
        }
    }
}

extension Campaign {
    /// Labels each timeout signature by replaying its first timeout input without sanitizers
    /// (``TimeoutReplay``). A build or replay that fails leaves the timeout unlabelled, and failing
    /// the campaign as before: the label may only ever excuse a finding on evidence.
    func measureTimeouts(_ triaged: inout TriageResult, target: FuzzTargetSpec) {
        let timeouts = triaged.crashes.indices.filter { triaged.crashes[$0].kind == .timeout }
        guard !timeouts.isEmpty else { return }
        let replay = TimeoutReplay(packageRoot: packageRoot)
        progress("\(target.name): \(timeouts.count) timeout(s): building \(target.product) without sanitizers to time them as the app runs "
                 + "(swift \(replay.buildArguments(target.product).joined(separator: " ")))")
        let binary: String
        let started = Date()
        do { binary = try replay.build(target.product) } catch {
            progress("\(target.name): the build without sanitizers failed, timeouts left unlabelled: \(error)")
            return
        }
        progress(String(format: "%@: built without sanitizers in %.0f s", target.name, Date().timeIntervalSince(started)))
        for i in timeouts {
            let artifacts = triaged.crashes[i].inputs.compactMap { triaged.artifacts[$0] }
            guard let artifact = artifacts.first(where: { $0.kind == .timeout }) ?? artifacts.first else { continue }
            do {
                let measured = try replay.measure(binary: binary, input: artifact.path, timeout: options.timeout, configuration: artifact.configuration)
                triaged.crashes[i].timeoutCheck = measured
                // In the title, so every place a finding is shown (report, SARIF, annotations) says it.
                triaged.crashes[i].title += " — " + measured.summary
                progress("\(target.name): \(triaged.crashes[i].title); \(measured.reason)")
            } catch {
                progress("\(target.name): timing \(relative(artifact.path)) without sanitizers failed, left unlabelled: \(error)")
            }
        }
    }
}
