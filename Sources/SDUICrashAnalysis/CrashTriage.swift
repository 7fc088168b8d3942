import Foundation
import SDUIPlugIn
import SDUIPlatform
import SDUIPlatformProcesses
import SDUIFuzz

/// What replaying one crash input showed: its kind, the Swift runtime or sanitizer message, the
/// symbolized and demangled stack, and a stable signature (the same for the same bug).
public struct CrashAnalysis: Sendable, Hashable, Codable {
    /// How the crash stopped the process (declared in SDUIFuzz, beside ``CrashIdentity``).
    public typealias Kind = CrashKind

    public struct Frame: Sendable, Hashable, Codable {
        public var index: Int
        public var function: String
        public var location: String
        /// The frame is the decoder's own code (not the harness, libFuzzer, a sanitizer, the Swift
        /// runtime, the standard library, Foundation or libc), wherever it lives.
        public var isProject: Bool

        public init(index: Int, function: String, location: String, isProject: Bool) {
            self.index = index
            self.function = function
            self.location = location
            self.isProject = isProject
        }
    }

    public var kind: Kind
    /// e.g. `heap-buffer-overflow` for a sanitizer report.
    public var sanitizerKind: String?
    /// The Swift runtime's `Fatal error: …` message, or the sanitizer's summary.
    public var message: String?
    public var frames: [Frame]
    /// One per crash site, at ``CrashIdentity/Resolution-swift.enum/source`` resolution (see
    /// ``CrashTriage/signature(kind:sanitizerKind:message:violation:frames:packageRoot:)``); nil when
    /// the input does not crash, and for a debug build's replay (signatures come from the sanitizer
    /// build, which the campaign runs).
    public var signature: CrashIdentity?
    /// A one-line title: kind, top project frame, message.
    public var title: String
}

public struct CrashTriage: Sendable {
    /// Absolute path of the package root, to show locations relative to it.
    public var packageRoot: String
    /// Tells the decoder's frames from the harness, libFuzzer, sanitizers, runtime and libraries.
    public var classifier: FrameClassifier

    /// `fuzzProduct` is the fuzz target being triaged: its own module is harness plumbing.
    public init(packageRoot: String, fuzzProduct: String? = nil, generated: Bool = false) {
        self.packageRoot = packageRoot
        self.classifier = FrameClassifier(fuzzProduct: fuzzProduct, generated: generated)
    }

    /// Replays `input` through `binary` once and analyses the output and the outcome records the
    /// replay wrote (which invariant the input broke, typed). `configuration`: the harness's for
    /// the replay (the checks, the content encoding); its outcome file is the replay's own.
    public func replay(binary: String, input: String, timeout: Int, rssLimitMB: Int, configuration: FuzzHarnessConfiguration = .init(),
                       extraEnvironment: [String: String] = [:]) throws -> (CrashAnalysis, String) {
        try replay(.replay(binary: binary, configuration: .inline(configuration), limits: .init(timeout: timeout, rssLimitMB: rssLimitMB),
                           inputs: [input]), extraEnvironment: extraEnvironment)
    }

    /// Runs `plan` (a sanitizer build's replay of one input) and analyses its output and the outcome
    /// records it wrote (which invariant the input broke, typed). The run is the plan's, with an
    /// outcome file of its own and, unless `extraEnvironment` chooses, the slow unwinder.
    public func replay(_ plan: ReplayPlan, extraEnvironment: [String: String] = [:]) throws -> (CrashAnalysis, String) {
        let replayed = try run(plan, extraEnvironment: extraEnvironment)
        return (replayed.analysis, replayed.output)
    }

    /// A replay as it ran: its analysis, its output, and its plan with the unwinder it ended with
    /// (what a report prints, so the line a person runs is the replay that gave the signature).
    public struct Replayed: Sendable {
        public var analysis: CrashAnalysis
        public var output: String
        public var plan: ReplayPlan
    }

    /// Runs `plan` as ``replay(_:extraEnvironment:)`` does.
    public func run(_ plan: ReplayPlan, extraEnvironment: [String: String] = [:]) throws -> Replayed {
        // libFuzzer's own -timeout does not fire when it replays a single file: at the deadline the
        // runner sends SIGABRT, which libFuzzer's handler answers with the stack of where it spins.
        // The deadline is the timeout plus the process's start-up (`replayDeadline`): a campaign's
        // hangs are replayed one by one, and every second past the timeout is paid by each of them.
        let limits = plan.limits ?? .init(timeout: 1, rssLimitMB: 2048)
        // The slow unwinder gets through libc frames without frame pointers (memset, memmove),
        // where a hang is often caught.
        let unwinderChosen = extraEnvironment["ASAN_OPTIONS"] != nil
        var overrides = extraEnvironment
        overrides["ASAN_OPTIONS"] = extraEnvironment["ASAN_OPTIONS"] ?? Self.slowUnwind
        let run = try HarnessRun(plan: plan)
        defer { run.remove() }
        var result: Replayed?
        // A hang is sampled where it happens to be; a sample that cannot be unwound to the decoder's
        // code is taken again (up to three times). The slow unwinder in turn stops inside the Swift
        // runtime's metadata code on some stack overflows (seven frames, none the decoder's, where
        // the frame-pointer unwinder walks all of the recursion): such a stack is taken once more
        // the fast way.
        for _ in 0..<3 {
            run.clearRecords()
            let out = try Self.runToDeadline(plan.binary, plan.arguments,
                                             environment: plan.processEnvironment(configurationFile: run.configurationFile, overrides: overrides),
                                             timeout: limits.timeout)
            var text = out.stderr + out.stdout
            // Whether libFuzzer's alarm or the runner stops it is a race at the deadline: the title is
            // the same either way, and the note on its own line says which.
            if out.timedOut {
                text = "==0== ERROR: libFuzzer: timeout after \(limits.timeout) seconds\n==0== (stopped by sdui with SIGABRT at the deadline)\n" + text
            }
            let analysis = analyse(output: text, exitStatus: out.status, records: run.records)
            var ran = plan
            ran.environment = plan.environment.contains(where: { $0.0 == "ASAN_OPTIONS" })
                ? plan.environment.map { $0.0 == "ASAN_OPTIONS" ? ($0.0, overrides["ASAN_OPTIONS"]!) : $0 }
                : plan.environment + [("ASAN_OPTIONS", overrides["ASAN_OPTIONS"]!)]
            // The best sample stands: a later one unless an earlier one reached more (see `depth(of:)`).
            if result.map({ Self.depth(of: analysis) >= Self.depth(of: $0.analysis) }) ?? true {
                result = Replayed(analysis: analysis, output: text, plan: ran)
            }
            guard let next = Self.retry(after: analysis, asanOptions: overrides["ASAN_OPTIONS"]!, unwinderChosen: unwinderChosen) else { break }
            overrides["ASAN_OPTIONS"] = next
        }
        return result!
    }

    package static let slowUnwind = "detect_leaks=0:fast_unwind_on_fatal=0"
    package static let fastUnwind = "detect_leaks=0:fast_unwind_on_fatal=1"

    /// Whether a replay is taken again, and with which `ASAN_OPTIONS`: nil when its stack reaches
    /// the decoder's code or cannot get better (a crash's stack is the same every time; a
    /// sanitizer report already unwound both ways, or with options the caller chose).
    package static func retry(after analysis: CrashAnalysis, asanOptions: String, unwinderChosen: Bool) -> String? {
        // A hang caught deep in a recursion is cut short by the sanitizer (255 frames): the
        // decoder's function that started it, the one a person looks for, is past the cut. Another
        // sample may be caught shallower.
        if analysis.kind == .timeout, !reachesEntryPoint(analysis) { return asanOptions }
        guard !analysis.frames.contains(where: \.isProject) else { return nil }
        switch analysis.kind {
        case .timeout: return asanOptions
        case .sanitizer where !unwinderChosen && asanOptions != fastUnwind: return fastUnwind
        default: return nil
        }
    }

    /// Whether a stack goes down to the fuzzing entry point, so nothing of it was cut.
    package static func reachesEntryPoint(_ analysis: CrashAnalysis) -> Bool {
        analysis.frames.contains { $0.function.contains("LLVMFuzzerTestOneInput") || $0.function.hasPrefix("fuzzer::Fuzzer::ExecuteCallback") }
    }

    /// How much of the decoder a sample shows: its code at all, then all of its stack.
    package static func depth(of analysis: CrashAnalysis) -> Int {
        (analysis.frames.contains(where: \.isProject) ? 2 : 0) + (reachesEntryPoint(analysis) ? 1 : 0)
    }

    /// Runs one replay process to the replay deadline (SIGABRT then: libFuzzer answers with the
    /// stack of where it spins). A process that had already crashed when the deadline came (the
    /// sanitizer's or the runtime's report begun: symbolizing a large binary on a busy machine
    /// takes seconds) is run once more with the time to finish its report: a crash reported slowly
    /// is that crash, not a hang titled with its message beside the crash's own signature.
    package static func runToDeadline(_ executable: String, _ arguments: [String], in folder: String? = nil,
                                      environment: [String: String], timeout: Int) throws -> ProcessRunner.Output {
        let out = try ProcessRunner.run(executable, arguments, in: folder, environment: environment,
                                        timeout: replayDeadline(timeout), interruptSignal: SIGABRT)
        guard out.timedOut, crashReportBegun(out.stderr + out.stdout) else { return out }
        return try ProcessRunner.run(executable, arguments, in: folder, environment: environment,
                                     timeout: Double(timeout) + 60, interruptSignal: SIGABRT)
    }

    /// Whether a crash report had begun: the sanitizer's, or the Swift runtime's message before its
    /// trap. A hang stopped at the deadline shows neither (libFuzzer's own handler answers SIGABRT).
    package static func crashReportBegun(_ text: String) -> Bool {
        text.contains("ERROR: AddressSanitizer: ") || text.contains("Fatal error: ") || text.contains(" in Swift runtime failure: ")
            || text.contains("Could not cast value of type")
    }

    /// Seconds a replay may run before it counts as a hang: the input's timeout, plus a quarter of a
    /// second for loading the binary and the sanitizer's start (measured here: under 0.1 s).
    package static func replayDeadline(_ timeout: Int) -> Double { Double(timeout) + 0.25 }

    /// A crash's identity from a replay without symbolization (much faster), at
    /// ``CrashIdentity/Resolution-swift.enum/addresses`` resolution: the kind of stop, the runtime's
    /// message and the code offsets of the top frames. Nil when the input does not crash (or the
    /// output has no stack), so it gets a full replay.
    /// `configuration`: the harness's, as the full replay gets it (the same checks, content
    /// encoding and limits), with an outcome file of the quick replay's own: a broken invariant is
    /// told by its typed record, not by the harness's words on standard error.
    public func quickKey(binary: String, input: String, timeout: Int, rssLimitMB: Int,
                         configuration: FuzzHarnessConfiguration = .init()) throws -> CrashIdentity? {
        try quickKey(.replay(binary: binary, configuration: .inline(configuration), limits: .init(timeout: timeout, rssLimitMB: rssLimitMB),
                             inputs: [input]))
    }

    /// The quick key of `plan`'s replay (the same plan the full replay runs), unsymbolized.
    public func quickKey(_ plan: ReplayPlan) throws -> CrashIdentity? {
        let limits = plan.limits ?? .init(timeout: 1, rssLimitMB: 2048)
        let run = try HarnessRun(plan: plan)
        defer { run.remove() }
        let out = try Self.runToDeadline(plan.binary, plan.arguments,
                                         environment: plan.processEnvironment(configurationFile: run.configurationFile,
                                                                              overrides: ["ASAN_OPTIONS": "detect_leaks=0:symbolize=0"]),
                                         timeout: limits.timeout)
        guard out.status != 0 else { return nil }
        let violation = run.records.lazy.compactMap { record -> InvariantViolation? in
            if case .invariantViolated(let violation, _) = record { return violation } else { return nil }
        }.first
        return Self.quickKey(output: out.stderr + out.stdout, binary: plan.binary, timedOut: out.timedOut, violation: violation)
    }

    /// The identity of an unsymbolized replay's output (see above), and of the invariant it broke.
    package static func quickKey(output text: String, binary: String, timedOut: Bool, violation: InvariantViolation? = nil) -> CrashIdentity? {
        let lines = text.split(separator: "\n").map(String.init)
        let stop = lines.first { $0.contains("ERROR: libFuzzer:") || $0.contains("ERROR: AddressSanitizer:") }?
            .components(separatedBy: "ERROR: ").last?.prefix { $0 != "(" && !$0.isNumber } ?? ""
        // A broken invariant: its kind and where in the value (indices masked), from its record.
        let message = violation.map { "invariant \($0.kind.rawValue) " + ($0.codingPath ?? "").replacingOccurrences(of: #"\d+"#, with: "N", options: .regularExpression) }
            ?? Self.runtimeMessage(lines).map {
                $0.replacingOccurrences(of: #"0x[0-9a-fA-F]+|\d+"#, with: "N", options: .regularExpression)
            } ?? ""
        // `#5 0x55d0… (/path/binary+0x1234)`: the offsets of the frames inside the fuzz binary. Frames
        // in libraries are left out: a failed cast spends a dozen frames in libc and the Swift
        // runtime before the decoder's own, and two casts with the same message would look alike.
        let image = (binary as NSString).lastPathComponent + "+0x"
        let offsets = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") && $0.contains("/" + image) }
            .compactMap { line -> String? in
                guard let plus = line.range(of: "+0x", options: .backwards) else { return nil }
                return String(line[plus.lowerBound...].prefix { $0 != ")" })
            }
        guard !offsets.isEmpty else { return nil }
        let kind = timedOut ? .timeout : Self.kind(of: text, lines: lines, exitStatus: 1).kind
        return .addresses(kind: kind, parts: [timedOut ? "timeout" : String(stop), message] + offsets.prefix(12))
    }

    /// Analyses libFuzzer/ASan output of a replay, with the outcome records it wrote.
    public func analyse(output: String, exitStatus: Int32, artifactName: String = "", records: [FuzzOutcomeRecord] = []) -> CrashAnalysis {
        let violation = records.lazy.compactMap { record -> InvariantViolation? in
            if case .invariantViolated(let violation, _) = record { return violation } else { return nil }
        }.first
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (kind, sanitizerKind) = Self.kind(of: output, lines: lines, exitStatus: exitStatus)
        var message = Self.runtimeMessage(lines)
        if message == nil, kind == .timeout || kind == .oom, let line = lines.first(where: { $0.contains("ERROR: libFuzzer:") }) {
            message = line.components(separatedBy: "ERROR: libFuzzer: ").last
        }
        if message == nil, let summary = lines.first(where: { $0.hasPrefix("SUMMARY: ") }) {
            // `SUMMARY: AddressSanitizer: stack-overflow /path:1 in symbol`: the tool and the kind.
            message = summary.dropFirst("SUMMARY: ".count).split(separator: " ").prefix(2).joined(separator: " ")
        }
        // The stack: the first run of `#N 0x… in SYMBOL LOCATION` lines after the error.
        var frames = parseFrames(lines)
        let demangled = demangle(frames.map(\.function))
        for i in frames.indices {
            frames[i].function = demangled[i]
        }
        let signature = Self.signature(kind: kind, sanitizerKind: sanitizerKind, message: message, violation: violation, frames: frames,
                                       packageRoot: packageRoot)
        return CrashAnalysis(kind: kind, sanitizerKind: sanitizerKind, message: message, frames: frames,
                             signature: kind == .notReproduced ? nil : signature,
                             title: Self.title(kind: kind, message: message, violation: violation, frames: frames))
    }

    /// How a replay stopped, from libFuzzer's and the sanitizer's report; for a sanitizer report
    /// also its own kind (`heap-buffer-overflow`). An allocation the sanitizer refused is an oom.
    package static func kind(of output: String, lines: [String], exitStatus: Int32) -> (kind: CrashKind, sanitizerKind: String?) {
        if output.contains("ERROR: libFuzzer: timeout") { return (.timeout, nil) }
        if output.contains("ERROR: libFuzzer: out-of-memory") || output.contains("ERROR: libFuzzer: malloc") { return (.oom, nil) }
        if output.contains("ERROR: LeakSanitizer") { return (.leak, nil) }
        if let line = lines.first(where: { $0.contains("ERROR: AddressSanitizer: ") }) {
            let rest = line.components(separatedBy: "ERROR: AddressSanitizer: ")[1]
            let sanitizerKind = String(rest.prefix { $0 != " " })
            if sanitizerKind == "requested" || sanitizerKind == "allocation-size-too-big" || rest.hasPrefix("out of memory")
                || rest.contains("allocator is out of memory") || sanitizerKind == "calloc-overflow" {
                return (.oom, nil)
            }
            return sanitizerKind == "deadly" ? (.crash, nil) : (.sanitizer, sanitizerKind)
        }
        return (exitStatus == 0 ? .notReproduced : .crash, nil)
    }

    /// The message a crash explains itself with: Swift's `Fatal error: …`, a failed cast, the
    /// runtime failure an -O build names as an inlined frame, or a sanitizer's summary line.
    package static func runtimeMessage(_ lines: [String]) -> String? {
        if let fatal = lines.first(where: { $0.contains("Fatal error: ") }) {
            return String(fatal.components(separatedBy: "Fatal error: ").dropFirst().joined(separator: "Fatal error: "))
        }
        if let cast = lines.first(where: { $0.contains("Could not cast value of type") }) {
            // `Could not cast value of type 'Swift.Int' (0x7f…) to 'Swift.String' (0x7f…).`: addresses out.
            let text = cast[cast.range(of: "Could not cast value of type")!.lowerBound...]
            return String(text).replacingOccurrences(of: #" \(0x[0-9a-fA-F]+\)"#, with: "", options: .regularExpression)
                .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        }
        if let failure = lines.first(where: { $0.contains(" in Swift runtime failure: ") }) {
            // `… in Swift runtime failure: MESSAGE LOCATION`: the location is a path or `/<compiler-generated>`.
            let text = failure.components(separatedBy: " in Swift runtime failure: ")[1]
            return String(text.components(separatedBy: " /")[0])
        }
        for marker in ["Simultaneous accesses to ", "deallocated with non-zero retain count", "Object was retained too many times"] {
            if let line = lines.first(where: { $0.contains(marker) }) { return line.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// A function's name without what the optimiser adds (`specialized`, `merged`, …), which can
    /// differ between builds and inputs for the same code.
    package static func plainName(_ function: String) -> String {
        var name = Substring(function)
        for prefix in ["specialized ", "merged ", "partial apply for ", "outlined copy of ", "function signature specialization <", "reabstraction thunk helper from "] {
            while name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        }
        return String(name)
    }

    /// The one-line title: kind, the innermost frame of the decoder's own code and its place in
    /// the source, the message: `crash in Feed.init(from:) at Feed.swift:42: Unexpectedly found nil…`.
    /// A sanitizer report is titled by its kind: `stack-overflow in Resolver.resolve(_:)`, a stack
    /// overflow at the function it recursed in (``recursiveFunction(_:)``).
    package static func title(kind: CrashAnalysis.Kind, message: String?, violation: InvariantViolation? = nil, frames: [CrashAnalysis.Frame]) -> String {
        guard kind != .notReproduced else { return "no longer reproduces" }
        // A broken invariant is the decoder's finding, not the harness's crash: titled by what broke
        // and where in the value (`invariant reencoding_failed at views[0].ratio: EncodingError…`).
        if let violation {
            return "invariant \(violation.kind.rawValue)" + (violation.codingPath.map { " at \($0)" } ?? "") + ": " + violation.detail.prefix(200)
        }
        var title = kind == .sanitizer ? (message?.components(separatedBy: ": ").last ?? kind.rawValue) : kind.rawValue
        // A stack overflow runs out wherever the recursion's last call happens to be (a lookup, an
        // allocation it called): the recursion is the bug, so it is titled at its own function.
        let recursion = title == "stack-overflow" ? recursiveFunction(frames) : nil
        let recursionSite = recursion.flatMap { name in
            frames.first { $0.isProject && plainName($0.function) == name && SourceSite(location: $0.location) != nil }
        }
        if let top = recursionSite ?? siteFrame(frames) {
            title += " in \(plainName(top.function))"
            // A hang is caught wherever its loop happens to be: no line for it.
            if kind != .timeout, let site = SourceSite(location: top.location) { title += " at \(site)" }
        }
        if let message { title += ": \(message.prefix(160))" }
        return title
    }

    /// The decoder function a stack overflow recursed in: the project function most of its frames
    /// are, at least 8 of them; nil for a stack without such a run.
    package static func recursiveFunction(_ frames: [CrashAnalysis.Frame]) -> String? {
        var counts: [String: Int] = [:]
        for frame in frames where frame.isProject { counts[plainName(frame.function), default: 0] += 1 }
        guard let (function, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 8 else { return nil }
        return function
    }

    /// The frame that says where a crash is: the innermost frame of the decoder's own code that
    /// has a source line, or else its innermost frame. (Code the compiler writes for the decoder —
    /// an enum's `init(rawValue:)`, a `Codable` conformance — has no line; the user's call does.)
    package static func siteFrame(_ frames: [CrashAnalysis.Frame]) -> CrashAnalysis.Frame? {
        let project = frames.filter(\.isProject)
        // Only frames the compiler wrote are passed over: a frame of the user's code without a line
        // (a trap the optimiser merged with another) is the site, signed by function and operation.
        let generated = project.prefix { SourceSite(location: $0.location) == nil && ($0.location.isEmpty || $0.location.contains("<compiler-generated>")) }
        return project.dropFirst(generated.count).first ?? project.first
    }

    /// The stable signature of a crash: one per crash site. Where the innermost frame of the
    /// decoder's own code has a source line, the site is that function and `File.swift:LINE`, and
    /// the message is left out: the two ways one `as!` fails (nil, wrong type) are one bug, two
    /// force-unwraps in one function are two. Without a line, the function and the operation (the
    /// message with numbers, addresses and cast types masked) stand for the site. A hang is signed
    /// by its function (where it is caught is a sample of its loop); a stack overflow by the set of
    /// project functions on the stack, which does not depend on where the recursion ran out.
    package static func signature(kind: CrashAnalysis.Kind, sanitizerKind: String?, message: String?, violation: InvariantViolation? = nil,
                          frames: [CrashAnalysis.Frame], packageRoot: String) -> CrashIdentity {
        // A failed cast names the value's dynamic type, which depends on the input (a number, an
        // array, null…) and on bridging: the types are masked, the cast site tells the bug.
        let normalizedMessage = (message ?? "")
            .replacingOccurrences(of: #"Could not cast value of type '.*' to '.*'"#, with: "Could not cast value of type T to T", options: .regularExpression)
            .replacingOccurrences(of: #"0x[0-9a-fA-F]+|\d+"#, with: "N", options: .regularExpression)
            .replacingOccurrences(of: #"\(pid=N\)|used: NMb|malloc\(N\)"#, with: "", options: .regularExpression)
        // One conversion or division fails with a message that depends on the value (too large,
        // negative; a quotient, a remainder): one family each.
        let families = [("Not enough bits to represent", "integer conversion"), ("Negative value is not representable", "integer conversion"),
                        ("Division by zero", "division by zero"), ("Division results in an overflow", "division overflow")]
        var family = families.first { normalizedMessage.contains($0.0) }.map(\.1)
        // A broken invariant: its kind, where in the value (indices masked) and the error's type
        // and case — not the value itself (`nan` and `inf` that an encoder cannot write are one bug).
        if let violation {
            let path = violation.codingPath.map { " at " + $0.replacingOccurrences(of: #"\d+"#, with: "N", options: .regularExpression) } ?? ""
            family = "invariant \(violation.kind.rawValue)\(path): " + violation.detail.prefix { $0 != "(" && $0 != ":" }
            // A NaN or infinity the decoder accepted and the encoder cannot write is one cause (the
            // decoder's float strategy), whichever field it reached: one signature, not one per field.
            if violation.kind == .reencodingFailed, violation.detail.firstMatch(of: /^EncodingError\.invalidValue\(-?(nan|inf)/) != nil {
                family = "invariant reencoding_failed: EncodingError.invalidValue of a non-finite number"
            }
        }
        let project = frames.filter(\.isProject)
        var place: [String]
        var siteKnown = false
        if sanitizerKind == "stack-overflow" {
            place = Array(Set(project.prefix(64).map { Self.plainName($0.function) })).sorted()
        } else if let top = siteFrame(frames) {
            place = [Self.plainName(top.function)]
            // Where a hang is caught is a sample of its loop: the function is the bug, not the line.
            if kind != .timeout, let site = SourceSite(location: top.location) {
                place.append(site.description)
                siteKnown = true
            }
        } else {
            place = frames.prefix(3).map(\.function)
        }
        // The limit's numbers say nothing of an out-of-memory; a known line says more than the message.
        let messageKey = kind == .oom || siteKnown ? "" : family ?? String(normalizedMessage.lowercased().prefix(200))
        return .source(kind: kind, parts: [kind.rawValue, sanitizerKind ?? "", messageKey] + place)
    }

    package func parseFrames(_ lines: [String]) -> [CrashAnalysis.Frame] {
        var frames: [CrashAnalysis.Frame] = []
        var started = false
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("#"), let space = trimmed.firstIndex(of: " ") else {
                if started && !frames.isEmpty { break }
                continue
            }
            let indexText = trimmed.dropFirst().prefix { $0.isNumber }
            guard let index = Int(indexText), indexText.count == trimmed.distance(from: trimmed.index(after: trimmed.startIndex), to: space) else {
                if started && !frames.isEmpty { break }
                continue
            }
            if index == 0 && !frames.isEmpty { break }  // a second stack (e.g. allocation site): keep the first
            started = true
            var rest = trimmed[space...].drop { $0 == " " }
            if let buildID = rest.range(of: " (BuildId: ", options: .backwards) { rest = rest[..<buildID.lowerBound] }
            // `0xADDR in FUNCTION LOCATION` or `0xADDR (binary+0xOFF)`
            let parts = rest.split(separator: " ", maxSplits: 2).map(String.init)
            var function = "?", location = ""
            if parts.count >= 3, parts[1] == "in" {
                (function, location) = Self.functionAndLocation(parts[2])
            } else if parts.count >= 2 {
                location = parts[1]
            }
            let isProject = classifier.isProject(symbol: function, function: function, location: location)
            let relative = location.hasPrefix(packageRoot + "/") ? String(location.dropFirst(packageRoot.count + 1)) : location
            frames.append(.init(index: index, function: function, location: relative, isProject: isProject))
        }
        return frames
    }

    /// `FUNCTION LOCATION` of a symbolized frame, split where the location starts, not at the last
    /// space: a path may hold spaces (`…/Other/Int Extension.swift:8:3`, common in Xcode projects),
    /// and so may a function (`closure #1 in Feed.init(from:)`). The location is an absolute path
    /// with its line (and column), `<compiler-generated>`, or `(image+0xOFFSET)`.
    package static func functionAndLocation(_ tail: String) -> (function: String, location: String) {
        if let match = tail.wholeMatch(of: /(.*?) ((?:\/.*?|<compiler-generated>)(?::\d+){1,2}|<compiler-generated>|\(.+\+0x[0-9a-fA-F]+\))/) {
            return (String(match.1), String(match.2))
        }
        guard let lastSpace = tail.lastIndex(of: " ") else { return (tail, "") }
        return (String(tail[..<lastSpace]), String(tail[tail.index(after: lastSpace)...]))
    }

    /// Demangles Swift symbols with the toolchain's `swift-demangle --simplified`.
    package func demangle(_ symbols: [String]) -> [String] {
        guard symbols.contains(where: { $0.hasPrefix("$s") || $0.hasPrefix("_$s") }),
              let tool = Toolchain.tool("swift-demangle"),
              let out = try? ProcessRunner.run(tool, ["--simplified"], stdin: Data(symbols.joined(separator: "\n").utf8)) else {
            return symbols
        }
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.count >= symbols.count ? Array(lines.prefix(symbols.count)) : symbols
    }
}

/// The harness configuration and outcome file of one replay, in a folder of their own.
package struct HarnessRun {
    package let folder: String
    package let configurationFile: String
    package let outcomes: String

    /// The run of `plan`: its configuration (read now, from its file or inline) with the plan's
    /// limits and an outcome file of the run's own.
    package init(plan: ReplayPlan) throws {
        let limits = plan.limits ?? .init(timeout: 1, rssLimitMB: 2048)
        try self.init(configuration: plan.harnessConfiguration(), timeout: limits.timeout, rssLimitMB: limits.rssLimitMB)
    }

    package init(configuration: FuzzHarnessConfiguration, timeout: Int, rssLimitMB: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-replay-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        configurationFile = folder + "/" + FuzzHarnessConfiguration.fileName
        outcomes = folder + "/outcomes.jsonl"
        var replay = configuration
        replay.outcomes = outcomes
        replay.timeoutSeconds = timeout
        replay.rssLimitMB = rssLimitMB
        try replay.write(to: configurationFile)
    }

    package var records: [FuzzOutcomeRecord] { FuzzOutcomeRecord.read(from: outcomes) }
    package func clearRecords() { try? FileManager.default.removeItem(atPath: outcomes) }
    package func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

