import Foundation
import SDUIFuzz
import SDUIPlatform
import SDUIPlatformProcesses

// Replays of a client's debug build, shared by the contract gate (a client that crashed) and
// `sdui repro` (the debug build's account of a crash input): how the build is made, how a replay
// runs (Swift's backtracer, a debugger where it cannot unwind) and how its output is read.

/// Why a build of a product failed.
public enum BuildError: Error, CustomStringConvertible {
    case swiftNotFound
    case buildFailed(product: String, output: String)
    case notInstrumented(product: String, reason: String)
    case noLibFuzzer(String)

    public var description: String {
        switch self {
        case .swiftNotFound: "the swift toolchain was not found on PATH"
        case .buildFailed(let p, let out): "building \(p) failed:\n\(out.suffix(3000))"
        case .notInstrumented(let p, let reason): "\(p) is not a usable fuzzer: \(reason)"
        case .noLibFuzzer(let message): message
        }
    }
}

/// Builds products of a package in its normal debug build (`.build/debug`): the contract gate's
/// clients, and the replayers `sdui repro` runs. Under the SwiftPM command plugin, SwiftPM holds
/// `.build` while `sdui` runs, so the plugin names another scratch folder
/// (`SDUI_DEBUG_SCRATCH_PATH`, `.build-sdui-debug`) and a build there does not wait for itself.
public struct DebugBuilder: Sendable {
    public var packageRoot: String
    /// `--scratch-path` for the build; nil: the package's own `.build`.
    public var scratchPath: String?

    public init(packageRoot: String, scratchPath: String? = ProcessInfo.processInfo.environment["SDUI_DEBUG_SCRATCH_PATH"]) {
        self.packageRoot = packageRoot
        self.scratchPath = scratchPath.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Builds `product` and returns its binary's path.
    public func build(_ product: String) throws -> String {
        guard let swift = Toolchain.tool("swift") else { throw BuildError.swiftNotFound }
        let scratch = scratchPath.map { ["--scratch-path", $0] } ?? []
        let out = try ProcessRunner.run(swift, ["build", "--product", product] + scratch, in: packageRoot)
        guard out.status == 0 else { throw BuildError.buildFailed(product: product, output: out.stdout + out.stderr) }
        return binary(product)
    }

    /// Where `build` puts `product` (`.build/debug/<product>`, or under the scratch folder).
    public func binary(_ product: String) -> String {
        let scratch = scratchPath.map { $0.hasPrefix("/") ? $0 : packageRoot + "/" + $0 } ?? packageRoot + "/.build"
        return scratch + "/debug/" + product
    }
}

/// Replays one input through a debug build (Swift's backtracer on, gdb where it cannot unwind) and
/// titles the crash as the fuzz report does: the contract gate uses it for a client that crashed.
public struct DebugCrashReplay: Sendable {
    public var packageRoot: String
    public var product: String
    /// The product is a generated target (its module is the decoder's own).
    public var generated: Bool

    public init(packageRoot: String, product: String, generated: Bool = false) {
        self.packageRoot = packageRoot
        self.product = product
        self.generated = generated
    }

    /// Runs `plan` (a ``ReplayPlan/debugReplay(binary:configuration:limits:inputs:)``) with an
    /// outcome file of its own, and analyses its output; an invariant the input broke is read from
    /// its record.
    public func analyse(_ plan: ReplayPlan, memoryLimitMB: Int = 4096) throws -> CrashAnalysis {
        let run = try HarnessRun(plan: plan)
        defer { run.remove() }
        let timeout = plan.limits?.timeout ?? 1
        var analysis = try analyse(binary: plan.binary, input: plan.inputs.first ?? "", timeout: timeout, memoryLimitMB: memoryLimitMB,
                                   environment: plan.processEnvironment(configurationFile: run.configurationFile))
        let violation = run.records.lazy.compactMap { record -> InvariantViolation? in
            if case .invariantViolated(let violation, _) = record { return violation } else { return nil }
        }.first
        if let violation { analysis.title = CrashTriage.title(kind: analysis.kind, message: analysis.message, violation: violation, frames: analysis.frames) }
        return analysis
    }

    public func analyse(binary: String, input: String, timeout: Int, memoryLimitMB: Int = 4096,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CrashAnalysis {
        var env = environment
        env["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no"
        let parser = DebugReplayParser(packageRoot: packageRoot, classifier: FrameClassifier(fuzzProduct: product, generated: generated))
        // At the deadline SIGQUIT asks Swift's backtracer for the stack of where it spins.
        let limited = Platform.memoryLimited(binary, [input], limitMB: memoryLimitMB)
        let out = try ProcessRunner.run(limited.executable, limited.arguments, environment: env, timeout: Double(timeout), interruptSignal: SIGQUIT, grace: 4)
        var analysis = parser.analyse(output: out.stderr + out.stdout, status: out.status, timeout: timeout)
        // Swift's backtracer cannot unwind out of libc's abort() (a failed cast, a fatal runtime
        // error): it shows one `__pthread_kill` frame. A debugger, where installed, can (gdb on
        // Linux, lldb on macOS; optional: without one the title names no frame of the decoder).
        if analysis.kind == .crash, !analysis.frames.contains(where: \.isProject),
           let (debugger, path) = Toolchain.debugger(),
           let traced = try? ProcessRunner.run(path, debugger.backtraceArguments(binary: binary, arguments: [input]),
                                                environment: env.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
                                                timeout: Double(timeout) + 20) {
            let frames = parser.debuggerFrames(traced.stdout + traced.stderr, from: debugger)
            if frames.contains(where: \.isProject) {
                analysis.frames = frames
                analysis.title = CrashTriage.title(kind: analysis.kind, message: analysis.message, frames: frames)
            }
        }
        return analysis
    }
}

/// Reads the output of a debug-build replay (Swift's backtracer, or gdb's `bt`) into a ``CrashAnalysis``.
package struct DebugReplayParser {
    package var packageRoot: String
    package var classifier: FrameClassifier

    package init(packageRoot: String, classifier: FrameClassifier) {
        self.packageRoot = packageRoot
        self.classifier = classifier
    }

    /// `timeout` is the deadline the replay was stopped at, in seconds, for the title.
    package func analyse(output: String, status: Int32, timeout: Int? = nil) -> CrashAnalysis {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var kind: CrashAnalysis.Kind
        if status == -1 { kind = .timeout }
        else if status == 0 { kind = .notReproduced }
        else if output.contains("out of memory") || output.lowercased().contains("cannot allocate") || output.lowercased().contains("could not allocate") || output.contains("failed to allocate")
                    || output.contains("std::bad_alloc") { kind = .oom }
        else { kind = .crash }
        var message = CrashTriage.runtimeMessage(lines)
        if message == nil, let crashed = lines.first(where: { $0.hasPrefix("*** Program crashed: ") }) {
            message = String(crashed.dropFirst("*** Program crashed: ".count).prefix { $0 != "*" }).trimmingCharacters(in: .whitespaces)
        }
        // The sanitizer build's words, so both builds title a hang alike.
        if kind == .timeout { message = timeout.map { "timeout after \($0) seconds" } ?? "timeout" }
        var frames: [CrashAnalysis.Frame] = []
        for line in lines {
            // `  2 [ra] 0x00005555d3fe22ff f(_:_:) + 254 in m at /path/m.swift:1:54`
            let trimmed = line.drop { $0 == " " }
            guard let index = Int(trimmed.prefix { $0.isNumber }), !trimmed.isEmpty else { continue }
            guard let addressRange = trimmed.range(of: " 0x") else { continue }
            let rest = trimmed[addressRange.upperBound...].drop { $0 != " " }.drop { $0 == " " }
            guard let inRange = rest.range(of: " in ", options: .backwards) else { continue }
            var function = String(rest[..<inRange.lowerBound])
            if let plus = function.range(of: " + ", options: .backwards) { function = String(function[..<plus.lowerBound]) }
            let tail = rest[inRange.upperBound...]
            let image = String(tail.prefix { $0 != " " })
            let location = tail.range(of: " at ").map { String(tail[$0.upperBound...]) } ?? ""
            frames.append(.init(index: index, function: function, location: relative(location.isEmpty ? image : location),
                                isProject: classifier.isProject(demangled: function, image: image, location: location)))
        }
        return CrashAnalysis(kind: kind, sanitizerKind: nil, message: message, frames: frames,
                             signature: nil,
                             title: CrashTriage.title(kind: kind, message: message, frames: frames))
    }

    /// Frames of a debugger's backtrace.
    package func debuggerFrames(_ output: String, from debugger: Toolchain.Debugger) -> [CrashAnalysis.Frame] {
        switch debugger {
        case .gdb: gdbFrames(output)
        case .lldb: lldbFrames(output)
        }
    }

    /// Frames of lldb's `thread backtrace`:
    /// `  * frame #3: 0x0000000100003f2c FeedKit`$s7FeedKit…F + 44 at Feed.swift:12:5` or
    /// `    frame #0: 0x… libsystem_kernel.dylib`__pthread_kill + 8`.
    package func lldbFrames(_ output: String) -> [CrashAnalysis.Frame] {
        var raw: [(index: Int, symbol: String, location: String)] = []
        for line in output.split(separator: "\n") {
            let body = line.drop { $0 == " " || $0 == "*" }
            guard body.hasPrefix("frame #") else { continue }
            let afterHash = body.dropFirst("frame #".count)
            guard let index = Int(afterHash.prefix { $0.isNumber }), let colon = afterHash.firstIndex(of: ":") else { continue }
            var rest = afterHash[afterHash.index(after: colon)...].drop { $0 == " " }
            if rest.hasPrefix("0x") { rest = rest.drop { $0 != " " }.drop { $0 == " " } }
            // `IMAGE`SYMBOL + N at FILE:LINE:COL`
            let image = rest.prefix { $0 != "`" }
            guard image.endIndex < rest.endIndex else { continue }
            let afterImage = rest[rest.index(after: image.endIndex)...]
            // A mangled name has no space; a demangled one (lldb's default format) ends at ` + N`.
            var symbol = String(afterImage)
            for end in [" + ", " at "] { if let r = symbol.range(of: end) { symbol = String(symbol[..<r.lowerBound]) } }
            var location = String(image)
            if let at = afterImage.range(of: " at ", options: .backwards) { location = String(afterImage[at.upperBound...]) }
            raw.append((index, symbol, location))
        }
        return frames(raw)
    }

    /// Frames of gdb's `bt`: `#9  0x0000… in $s7FeedKit…F () at /path/f.swift:12` or `… from /lib/libc.so.6`.
    package func gdbFrames(_ output: String) -> [CrashAnalysis.Frame] {
        var raw: [(index: Int, symbol: String, location: String)] = []
        for line in output.split(separator: "\n") where line.hasPrefix("#") {
            let body = line.dropFirst()
            guard let index = Int(body.prefix { $0.isNumber }) else { continue }
            var rest = body.drop { $0.isNumber }.drop { $0 == " " }
            if rest.hasPrefix("0x"), let inRange = rest.range(of: " in ") { rest = rest[inRange.upperBound...] }
            let symbol = String(rest.prefix { $0 != " " })
            var location = ""
            if let at = rest.range(of: " at ", options: .backwards) { location = String(rest[at.upperBound...]) }
            else if let from = rest.range(of: " from ", options: .backwards) { location = String(rest[from.upperBound...]) }
            raw.append((index, symbol, location))
        }
        return frames(raw)
    }

    /// Debugger frames, demangled and judged (the decoder's own or plumbing).
    func frames(_ raw: [(index: Int, symbol: String, location: String)]) -> [CrashAnalysis.Frame] {
        let names = CrashTriage(packageRoot: packageRoot).demangle(raw.map(\.symbol))
        return raw.enumerated().map { n, frame in
            CrashAnalysis.Frame(index: frame.index, function: names[n], location: relative(frame.location),
                                isProject: classifier.isProject(symbol: frame.symbol, function: names[n],
                                                                location: frame.location))
        }
    }

    func relative(_ path: String) -> String { path.replacingOccurrences(of: packageRoot + "/", with: "") }
}
