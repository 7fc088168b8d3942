import Foundation
import SDUIFuzz
import SDUIJSON
import SDUIPayload
import SDUIScreen

/// What `sdui repro` is asked to do: which decoder, how to replay, whether to minimize and keep.
public struct ReproRequest: Sendable {
    public var replay: ReproOptions
    /// The decoder's seed folders: a plugged-in decoder's input is explained by what it has that
    /// no seed has.
    public var seeds: [String] = []
    public var minimize = false
    public var minimizeSeconds = 60
    /// Where kept inputs go (relative to the package root unless absolute); nil keeps nothing.
    public var keepDirectory: String?
    /// How the input was found, for the sidecar (default: from its file name).
    public var foundBy: String?

    public init(replay: ReproOptions) { self.replay = replay }
}

/// A reproduction run: the inputs it was given, checked, then each replayed, explained,
/// minimized and kept as asked. The library half of `sdui repro`, which only parses options and
/// prints what this returns.
public struct ReproSession: Sendable {
    public var request: ReproRequest
    public var packageRoot: String
    let reproducer: Reproducer
    /// What explains a plugged-in decoder's inputs (its sources asked of SwiftPM and mined, the
    /// seeds read): worked out once per session, not once per input.
    private let explanation = ExplanationCache()

    public init(request: ReproRequest, packageRoot: String) {
        self.request = request
        self.packageRoot = packageRoot
        self.reproducer = Reproducer(options: request.replay, packageRoot: packageRoot)
    }

    final class ExplanationCache: @unchecked Sendable {
        private let lock = NSLock()
        private var value: InputExplanation?
        func get(_ make: () -> InputExplanation) -> InputExplanation {
            lock.lock(); defer { lock.unlock() }
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }

    /// The decoder `name` names: a bundled target or fixture (`reference`, `view-items`, …), or
    /// an executable product of the package at `packageRoot` (asked of SwiftPM, not read from
    /// the manifest's text). Nil when it is neither.
    public static func decoder(named name: String, packageRoot: String) -> FuzzTargetSpec? {
        if let known = FuzzTargetCatalog.spec(forDecoder: name) { return known }
        guard (try? PackageGraph(packageRoot: packageRoot).hasProduct(name)) == true else { return nil }
        return FuzzTargetCatalog.spec(named: name, seeds: [])
    }

    /// The files to replay: folders expanded (sidecars and the harness configuration a campaign
    /// keeps beside its artifacts left out), and what cannot be an input
    /// said, never replayed (a missing path, an empty folder, an executable, an archive, an image).
    public static func inputs(_ paths: [String]) -> (files: [String], problems: [String]) {
        var files: [String] = [], problems: [String] = []
        for input in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                problems.append("\(input): no such file or directory"); continue
            }
            if isDirectory.boolValue {
                let found = CorpusReader.files(under: input).filter {
                    !$0.hasSuffix(".meta.json") && ($0 as NSString).lastPathComponent != FuzzHarnessConfiguration.fileName
                }
                if found.isEmpty { problems.append("\(input): the folder holds no files") }
                files += found
            } else {
                files.append(input)
            }
        }
        files = files.filter { file in
            guard let why = InputFacts.notAPayload(file) else { return true }
            problems.append("\(file): not a payload (\(why)); skipped")
            return false
        }
        return (files, problems)
    }

    /// Builds what the replays need, once per run.
    public func prepare() throws { try reproducer.prepare() }

    /// Replays, explains, and (as asked) minimizes and keeps one input.
    public func reproduce(_ file: String) throws -> ReproReport {
        let spec = request.replay.decoder
        let encoding = request.replay.contentEncoding
        // The bundled decoder explains an input by where it stops; a plugged-in decoder by what it
        // says itself and by the values its own code compares against.
        var facts = InputFacts(file: file, contentEncoding: encoding, reference: spec.speaksProtocolV1)
        if !spec.speaksProtocolV1 {
            facts.decoderOutcome = reproducer.decoderOutcome(file)
            let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
            func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : packageRoot + "/" + p }
            let explanation = self.explanation.get {
                InputExplanation(decoderSources: spec.resolvedDecoderSources(packageRoot: packageRoot, scratchPath: ".build-fuzz"),
                                 seeds: request.seeds.map(absolute))
            }
            facts.notable = explanation.notes(for: bytes)
        }
        let sanitizer = try reproducer.sanitizerReplay(file)
        let debug = request.replay.debugReplay ? try reproducer.debugReplay(file) : nil
        var report = ReproReport(file: file, facts: facts, sanitizer: sanitizer, debug: debug)
        // A reproducing sanitizer replay is signed; without a signature there is nothing to keep it under.
        guard report.reproduces, let signature = sanitizer.analysis.signature else { return report }
        var keepPath = file
        if request.minimize {
            if sanitizer.analysis.kind == .crash || sanitizer.analysis.kind == .sanitizer {
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-min-\(UUID().uuidString)").path
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let result = try reproducer.minimize(file, signature: signature, seconds: request.minimizeSeconds, into: dir)
                report.minimized = result
                report.minimizedJSON = InputFacts.prettyJSON(of: result.path, contentEncoding: encoding)
                keepPath = result.path
            } else {
                report.notes.append("not minimized: libFuzzer minimizes crashes, not \(sanitizer.analysis.kind.rawValue)s")
            }
        }
        if let keepDirectory = request.keepDirectory {
            let size = (try? FileManager.default.attributesOfItem(atPath: keepPath)[.size] as? Int) ?? 0
            let sidecar = RegressionStore.Sidecar(
                signature: signature, kind: sanitizer.analysis.kind, title: sanitizer.analysis.title,
                decoder: spec.name, product: spec.product, date: ISO8601DateFormatter().string(from: Date()),
                foundBy: request.foundBy ?? facts.origin, originalFile: (file as NSString).lastPathComponent,
                originalSize: facts.receivedBytes, size: size, contentEncoding: encoding)
            let store = RegressionStore(directory: keepDirectory.hasPrefix("/") ? keepDirectory : packageRoot + "/" + keepDirectory)
            if spec.generated { report.replayedBy = "`sdui fuzz regress` with the same --sources and --decode replays it from now on" }
            switch try store.keep(input: keepPath, sidecar: sidecar) {
            case .kept(let path): report.kept = path.replacingOccurrences(of: packageRoot + "/", with: "")
            case .alreadyKept(let path): report.kept = path.replacingOccurrences(of: packageRoot + "/", with: "") + " (already kept)"
            }
        }
        return report
    }
}

/// What `sdui repro` says about one input.
public struct ReproReport: Codable, Sendable {
    public var file: String
    public var facts: InputFacts
    public var sanitizer: ReplayOutcome
    public var debug: ReplayOutcome?
    public var minimized: Reproducer.Minimized?
    public var minimizedJSON: String?
    public var kept: String?
    /// How a kept input is replayed from now on (a generated target's differs from a product's).
    public var replayedBy = "swift test and CI replay it from now on"
    public var notes: [String] = []

    public var reproduces: Bool { sanitizer.verdict != .doesNotReproduce || (debug.map { $0.verdict != .doesNotReproduce } ?? false) }

    public var verdictText: String {
        let outcomes = [sanitizer] + (debug.map { [$0] } ?? [])
        if outcomes.allSatisfy({ $0.verdict == .doesNotReproduce }) { return "does not reproduce" }
        if outcomes.contains(where: { $0.verdict == .flaky }) { return "FLAKY (reproduces in some tries only: not fixed)" }
        return "REPRODUCES"
    }

    /// The human-readable report `sdui repro` prints.
    public var text: String {
        var out = "== \(file) (\(facts.origin), \(facts.receivedBytes) bytes)\n"
        out += "payload:   \(facts.summary)\n"
        if let reference = facts.referenceOutcome { out += "decoding:  \(reference)\n" }
        if let said = facts.decoderOutcome {
            out += "decoder:   " + said.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n           ") + "\n"
        }
        if !facts.notable.isEmpty {
            out += "notable:   " + facts.notable.joined(separator: "\n           ") + "\n"
        }
        for outcome in [sanitizer] + (debug.map { [$0] } ?? []) {
            out += "\(outcome.build.rawValue) build: \(outcome.verdict.rawValue) (\(outcome.reproduced)/\(outcome.tries) tries)"
            if outcome.verdict != .doesNotReproduce { out += " — \(outcome.analysis.title)" }
            out += "\n"
            if outcome.build == .sanitizer, outcome.verdict != .doesNotReproduce { out += "  signature: \(outcome.analysis.signature?.description ?? "none")\n" }
            let frames = outcome.analysis.frames
            if outcome.verdict != .doesNotReproduce, !frames.isEmpty {
                out += "  stack (→ project frames):\n"
                let firstProject = frames.firstIndex(where: \.isProject) ?? 0
                for frame in frames[max(0, firstProject - 2)..<min(frames.count, firstProject + 8)] {
                    out += "    \(frame.isProject ? "→" : " ") #\(frame.index) \(frame.function)  \(frame.location)\n"
                }
            }
            out += "  replay: \(outcome.command)\n"
        }
        out += "verdict:   \(verdictText)"
        if reproduces { out += " (\(sanitizer.analysis.kind.rawValue), \(sanitizer.analysis.signature?.description ?? "unsigned"))" }
        out += "\n"
        if let m = minimized {
            out += m.sameSignature
                ? "minimized: \(m.originalSize) → \(m.size) bytes, same signature: \(m.path)\n"
                : "minimized: the smaller input had another signature; kept the original\n"
            if let json = minimizedJSON { out += "minimized JSON:\n" + json.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n" }
        }
        if let kept {
            out += "kept:      \(kept) (+ .meta.json); \(replayedBy)\n"
        }
        for note in notes { out += "note:      \(note)\n" }
        return out
    }

    /// The summary table printed after several inputs.
    public static func table(_ reports: [ReproReport]) -> String {
        var out = "\n| input | encoding | kind | verdict | signature |\n|---|---|---|---|---|\n"
        for r in reports {
            out += "| \((r.file as NSString).lastPathComponent) | \(r.facts.encoding ?? "-") | \(r.reproduces ? r.sanitizer.analysis.kind.rawValue : "-") | \(r.verdictText) | \(r.reproduces ? r.sanitizer.analysis.signature?.description ?? "-" : "-") |\n"
        }
        let n = reports.filter(\.reproduces).count
        out += "\n\(reports.count) input(s): \(n) reproduce, \(reports.count - n) do not.\n"
        return out
    }
}

/// Facts about an input before any replay: origin, encoding, sizes, JSON validity, and where the
/// reference decoder stops.
public struct InputFacts: Codable, Sendable {
    public var origin: String
    public var receivedBytes: Int
    public var encoding: String?
    public var decodedBytes: Int?
    public var payloadError: String?
    public var validJSON: Bool
    public var jsonError: String?
    /// Where the reference decoder stops (for the bundled decoder and its fixtures).
    public var referenceOutcome: String?
    /// What the plugged-in decoder itself said (its error or rendering), from its debug build.
    public var decoderOutcome: String?
    /// Values of the input that explain it in the decoder's terms (literals of its code, kinds and
    /// keys no seed has, numbers at the edges), with their JSON paths.
    public var notable: [String] = []

    public init(file: String, contentEncoding: String?, reference: Bool = true) {
        let name = (file as NSString).lastPathComponent
        origin = FuzzArtifact.Kind(fileName: name)?.origin
            ?? (name.hasPrefix("clusterfuzz-testcase") ? "OSS-Fuzz/ClusterFuzzLite testcase"
            : name.hasPrefix("minimized-") ? "minimized input"
            : "captured response body")
        let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        receivedBytes = bytes.count
        let declared = contentEncoding.flatMap { try? DeclaredEncoding(contentEncoding: $0) } ?? PayloadSniffer.declaredForFuzzing(bytes)
        let limits = PayloadLimits(maxInputBytes: max(bytes.count, PayloadLimits.default.maxInputBytes))
        var text: [UInt8]?
        do {
            let payload = try PayloadDecoder(limits: limits).decode(bytes, declared: declared)
            encoding = payload.encoding.rawValue
            decodedBytes = payload.text.count
            text = payload.text
        } catch {
            encoding = bytes.withUnsafeBytes { PayloadDecoder.resolve(declared, $0) }.rawValue
            payloadError = "\(error.code) at byte \(error.byteOffset.map(String.init) ?? "?"): \(error.message)"
        }
        if let text {
            do {
                _ = try JSONParser().parse(text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text)
                validJSON = true
            } catch {
                validJSON = false
                jsonError = "\(error.message) at byte \(error.offset) (\(error.path))"
            }
        } else {
            validJSON = false
        }
        guard reference else { return }
        do {
            let screen = try ScreenDecoder(limits: DecodingLimits(payload: limits)).decode(bytes, declared: declared).screen
            referenceOutcome = screen.warnings.isEmpty ? "reference decoder: decodes cleanly"
                : "reference decoder: decodes with \(screen.warnings.count) warning(s), first at \(screen.warnings[0].path)"
        } catch {
            var location = ""
            if let path = error.path { location += " at \(path)" }
            if let offset = error.byteOffset { location += " (byte \(offset))" }
            referenceOutcome = "reference decoder: stops\(location) [\(error.code)]: \(error.message)"
        }
    }

    public var summary: String {
        var s = "\(encoding ?? "?"), \(receivedBytes) bytes received"
        if let decodedBytes { s += " → \(decodedBytes) bytes decoded" }
        if let payloadError { s += "; payload error \(payloadError)" }
        s += validJSON ? "; valid JSON" : (jsonError.map { "; not JSON: \($0)" } ?? "; not JSON")
        return s
    }

    /// Why a file cannot be a payload (an executable, an archive, an image), or nil.
    public static func notAPayload(_ file: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: file) else { return "cannot be read" }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 264))
        let magics: [(String, [UInt8])] = [
            ("an ELF executable", [0x7f, 0x45, 0x4c, 0x46]), ("a Mach-O binary", [0xcf, 0xfa, 0xed, 0xfe]),
            ("a Windows executable", [0x4d, 0x5a]), ("a zip archive", [0x50, 0x4b, 0x03, 0x04]),
            ("a PNG image", [0x89, 0x50, 0x4e, 0x47]), ("a JPEG image", [0xff, 0xd8, 0xff]), ("a PDF", Array("%PDF".utf8)),
        ]
        for (what, magic) in magics where head.starts(with: magic) { return what }
        if head.count >= 262, Array(head[257..<262]) == Array("ustar".utf8) { return "a tar archive" }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        if size > 64 << 20 { return "larger than 64 MiB" }
        return nil
    }

    /// The input's JSON, pretty-printed, when it decompresses to JSON.
    public static func prettyJSON(of file: String, contentEncoding: String?) -> String? {
        let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        let declared = contentEncoding.flatMap { try? DeclaredEncoding(contentEncoding: $0) } ?? PayloadSniffer.declaredForFuzzing(bytes)
        guard let text = try? PayloadDecoder().decode(bytes, declared: declared).text,
              let value = try? JSONParser().parse(text) else { return nil }
        return JSONSerializer.string(value, options: .init(pretty: true))
    }
}
