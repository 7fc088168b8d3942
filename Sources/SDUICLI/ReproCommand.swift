import ArgumentParser
import Foundation
import SDUICampaign
import SDUIFuzz
import SDUIJSON
import SDUIPayload
import SDUIScreen

struct ReproCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repro",
        abstract: "Replay crash inputs, explain them, minimize them and keep them as regression tests.",
        discussion: """
        For each input: the detected encoding, compressed and decompressed sizes, whether it is valid
        JSON and where the reference decoder stops (JSON path) — or, for your own decoder, what it says
        itself (its error or rendering) and the values of the input its code compares against (mined
        literals, kinds and keys no --seeds file has, numbers at the edges); then a replay through the decoder under
        test in its sanitizer fuzz build (libFuzzer + ASan) and in a normal debug build, each TRIES times
        with SWIFT_DETERMINISTIC_HASHING=1. Prints the demangled, symbolized stack with the project's
        frames marked (→), the kind (crash, timeout, oom, sanitizer report, or no longer reproduces; an
        input that reproduces in some tries only is flaky, not fixed) and the stable signature used by
        campaign reports.

        Accepts libFuzzer artifacts (crash-*, timeout-*, oom-*), OSS-Fuzz/ClusterFuzzLite testcases
        (clusterfuzz-testcase-minimized-*), and raw HTTP response bodies (use --encoding when the
        Content-Encoding header is known). A directory replays everything in it, with a summary table.

        EXAMPLES
          sdui repro campaigns/2026-11-22T080801Z/artifacts/planted/crash-9d60bd62 --decoder planted
          sdui repro --decoder planted --minimize --keep crash-9d60bd62
          sdui repro --encoding gzip captured-body.bin
          sdui repro campaigns/latest/artifacts/decode/
          sdui repro --decoder FuzzMyDecoder --seeds FuzzCorpus --package-path . crash-1f2e3d

        EXIT STATUS
          0 no input reproduces; 1 an input reproduces (or is flaky); 2 could not run (missing input,
          not a payload, unknown decoder, build failure); 64 usage error.
        """
    )

    @Argument(help: "Crash inputs, testcases, captured bodies, or folders of them.")
    var inputs: [String]

    @Option(help: "The decoder under test: reference (default), view-items, a fixture (planted, hang, hog), or a fuzz product name.")
    var decoder: String = "reference"

    @Option(name: [.customShort("e"), .customLong("encoding")], help: ArgumentHelp("The Content-Encoding of a captured body (default: sniffed).", valueName: "encoding"))
    var encodingArgument: EncodingArgument?
    var encoding: String? { encodingArgument?.rawValue }

    @Option(help: ArgumentHelp("The decoder's seed folder (repeatable): a plugged-in decoder's input is explained by what it has that no seed has.", valueName: "dir"))
    var seeds: [String] = []

    @Option(help: "Replays per build.")
    var tries: Int = 3

    @Option(help: "Seconds before a replay counts as a timeout (as in campaigns: a screen that takes a second to decode is a bug).")
    var timeout: Int = 1

    @Option(help: "Memory limit of a replay, in MB.")
    var rssLimitMb: Int = 2048

    @Flag(help: "Minimize each reproducing crash with libFuzzer (-minimize_crash=1), keeping its signature.")
    var minimize = false

    @Option(help: "Seconds of minimization per input.")
    var minimizeTime: Int = 60

    @Flag(help: "Store each reproducing (minimized) input as a regression case named after its signature.")
    var keep = false

    @Option(help: ArgumentHelp("Where --keep stores regression cases.", valueName: "dir"))
    var keepDir: String = "Corpus/crashes"

    @Option(help: "How the input was found, recorded by --keep (default: from its file name).")
    var foundBy: String?

    @Flag(help: "Skip the debug-build replay.")
    var noDebug = false

    @Flag(help: "Use the binaries already built.")
    var noBuild = false

    @Flag(help: "Print a JSON array instead of text.")
    var json = false

    @OptionGroup var package: PackageOption

    func validate() throws {
        if tries < 1 || timeout < 1 || rssLimitMb < 1 || minimizeTime < 1 {
            throw ValidationError("--tries, --timeout, --rss-limit-mb and --minimize-time must be positive")
        }
    }

    func run() throws {
        let root = try package.root()
        guard let spec = FuzzTargetCatalog.spec(forDecoder: decoder) ?? customProduct(root) else {
            let known = (["reference"] + FuzzTargetCatalog.targets.map(\.name)).joined(separator: ", ")
            printError("sdui repro: no decoder named \"\(decoder)\"; use one of \(known), or the name of a fuzz product in Package.swift")
            throw ExitCode(2)
        }
        // Expand folders; refuse what cannot be an input before replaying anything.
        var files: [String] = []
        var problems: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                problems.append("\(input): no such file or directory"); continue
            }
            if isDirectory.boolValue {
                let found = CorpusReader.files(under: input).filter { !$0.hasSuffix(".meta.json") }
                if found.isEmpty { problems.append("\(input): the folder holds no files") }
                files += found
            } else {
                files.append(input)
            }
        }
        var skipped: [(String, String)] = []
        files = files.filter { file in
            if let why = InputFacts.notAPayload(file) { skipped.append((file, why)); return false }
            return true
        }
        for (file, why) in skipped { problems.append("\(file): not a payload (\(why)); skipped") }
        if files.isEmpty {
            for p in problems { printError("sdui repro: \(p)") }
            if problems.isEmpty { printError("sdui repro: no inputs") }
            throw ExitCode(2)
        }

        var options = ReproOptions(decoder: spec)
        options.contentEncoding = encoding
        options.tries = tries
        options.timeout = timeout
        options.rssLimitMB = rssLimitMb
        options.debugReplay = !noDebug
        options.build = !noBuild
        let reproducer = Reproducer(options: options, packageRoot: root)
        do {
            printError("sdui repro: building \(spec.product) (sanitizer\(noDebug ? "" : " and debug") builds)")
            try reproducer.prepare()
        } catch {
            printError("sdui repro: \(error)")
            throw ExitCode(2)
        }

        var results: [ReproReport] = []
        var failed = false
        for file in files {
            do {
                let report = try reproduce(file, reproducer: reproducer, spec: spec, root: root)
                results.append(report)
                if !json { print(report.text) }
            } catch {
                failed = true
                printError("sdui repro: \(file): \(error)")
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else if files.count > 1 || !problems.isEmpty {
            print(ReproReport.table(results))
        }
        for p in problems { printError("sdui repro: \(p)") }
        if failed || !problems.isEmpty { throw ExitCode(2) }
        if results.contains(where: { $0.reproduces }) { throw ExitCode(1) }
    }

    func explanation(spec: FuzzTargetSpec, root: String) -> InputExplanation {
        func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : root + "/" + p }
        return InputExplanation(decoderSources: spec.resolvedDecoderSources(packageRoot: root, scratchPath: ".build-fuzz"),
                                seeds: seeds.map(absolute))
    }

    func customProduct(_ root: String) -> FuzzTargetSpec? {
        // Named in the manifest, or a target folder of that name (a manifest may build its names).
        let manifest = (try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8)) ?? ""
        var isDirectory: ObjCBool = false
        guard manifest.contains("\"\(decoder)\"")
              || (FileManager.default.fileExists(atPath: root + "/Sources/" + decoder, isDirectory: &isDirectory) && isDirectory.boolValue) else { return nil }
        return FuzzTargetCatalog.spec(named: decoder, seeds: [])
    }

    func reproduce(_ file: String, reproducer: Reproducer, spec: FuzzTargetSpec, root: String) throws -> ReproReport {
        // The bundled decoder explains an input by where it stops; a plugged-in decoder by what it
        // says itself and by the values its own code compares against.
        let isReference = spec.decoderSources.contains("Sources/SDUIScreen") || spec.decoderSources.contains("Sources/SDUIFuzzFixtures")
        var facts = InputFacts(file: file, contentEncoding: encoding, reference: isReference)
        if !isReference {
            facts.decoderOutcome = reproducer.decoderOutcome(file)
            let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
            facts.notable = explanation(spec: spec, root: root).notes(for: bytes)
        }
        let sanitizer = try reproducer.sanitizerReplay(file)
        let debug = noDebug ? nil : try reproducer.debugReplay(file)
        var report = ReproReport(file: file, facts: facts, sanitizer: sanitizer, debug: debug)
        guard report.reproduces else { return report }
        var keepPath = file
        if minimize {
            if sanitizer.analysis.kind == .crash || sanitizer.analysis.kind == .sanitizer {
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-min-\(UUID().uuidString)").path
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let result = try reproducer.minimize(file, signature: sanitizer.analysis.signature, seconds: minimizeTime, into: dir)
                report.minimized = result
                report.minimizedJSON = InputFacts.prettyJSON(of: result.path, contentEncoding: encoding)
                keepPath = result.path
            } else {
                report.notes.append("not minimized: libFuzzer minimizes crashes, not \(sanitizer.analysis.kind.rawValue)s")
            }
        }
        if keep {
            let size = (try? FileManager.default.attributesOfItem(atPath: keepPath)[.size] as? Int) ?? 0
            let sidecar = RegressionStore.Sidecar(
                signature: sanitizer.analysis.signature, kind: sanitizer.analysis.kind.rawValue, title: sanitizer.analysis.title,
                decoder: spec.name, product: spec.product, date: ISO8601DateFormatter().string(from: Date()),
                foundBy: foundBy ?? facts.origin, originalFile: (file as NSString).lastPathComponent,
                originalSize: facts.receivedBytes, size: size, contentEncoding: encoding)
            let store = RegressionStore(directory: keepDir.hasPrefix("/") ? keepDir : root + "/" + keepDir)
            switch try store.keep(input: keepPath, sidecar: sidecar) {
            case .kept(let path): report.kept = path.replacingOccurrences(of: root + "/", with: "")
            case .alreadyKept(let path): report.kept = path.replacingOccurrences(of: root + "/", with: "") + " (already kept)"
            }
        }
        return report
    }
}

/// What `sdui repro` says about one input.
struct ReproReport: Codable {
    var file: String
    var facts: InputFacts
    var sanitizer: ReplayOutcome
    var debug: ReplayOutcome?
    var minimized: Reproducer.Minimized?
    var minimizedJSON: String?
    var kept: String?
    var notes: [String] = []

    var reproduces: Bool { sanitizer.verdict != .doesNotReproduce || (debug.map { $0.verdict != .doesNotReproduce } ?? false) }

    var verdictText: String {
        let outcomes = [sanitizer] + (debug.map { [$0] } ?? [])
        if outcomes.allSatisfy({ $0.verdict == .doesNotReproduce }) { return "does not reproduce" }
        if outcomes.contains(where: { $0.verdict == .flaky }) { return "FLAKY (reproduces in some tries only: not fixed)" }
        return "REPRODUCES"
    }

    var text: String {
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
            out += "\(outcome.build) build: \(outcome.verdict.rawValue) (\(outcome.reproduced)/\(outcome.tries) tries)"
            if outcome.verdict != .doesNotReproduce { out += " — \(outcome.analysis.title)" }
            out += "\n"
            if outcome.build == "sanitizer", outcome.verdict != .doesNotReproduce { out += "  signature: \(outcome.analysis.signature)\n" }
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
        if reproduces { out += " (\(sanitizer.analysis.kind.rawValue), \(sanitizer.analysis.signature))" }
        out += "\n"
        if let m = minimized {
            out += m.sameSignature
                ? "minimized: \(m.originalSize) → \(m.size) bytes, same signature: \(m.path)\n"
                : "minimized: the smaller input had another signature; kept the original\n"
            if let json = minimizedJSON { out += "minimized JSON:\n" + json.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n" }
        }
        if let kept { out += "kept:      \(kept) (+ .meta.json); swift test and CI replay it from now on\n" }
        for note in notes { out += "note:      \(note)\n" }
        return out
    }

    static func table(_ reports: [ReproReport]) -> String {
        var out = "\n| input | encoding | kind | verdict | signature |\n|---|---|---|---|---|\n"
        for r in reports {
            out += "| \((r.file as NSString).lastPathComponent) | \(r.facts.encoding ?? "-") | \(r.reproduces ? r.sanitizer.analysis.kind.rawValue : "-") | \(r.verdictText) | \(r.reproduces ? r.sanitizer.analysis.signature : "-") |\n"
        }
        let n = reports.filter(\.reproduces).count
        out += "\n\(reports.count) input(s): \(n) reproduce, \(reports.count - n) do not.\n"
        return out
    }
}

/// Facts about an input before any replay: origin, encoding, sizes, JSON validity, and where the
/// reference decoder stops.
struct InputFacts: Codable {
    var origin: String
    var receivedBytes: Int
    var encoding: String?
    var decodedBytes: Int?
    var payloadError: String?
    var validJSON: Bool
    var jsonError: String?
    /// Where the reference decoder stops (for the bundled decoder and its fixtures).
    var referenceOutcome: String?
    /// What the plugged-in decoder itself said (its error or rendering), from its debug build.
    var decoderOutcome: String?
    /// Values of the input that explain it in the decoder's terms (literals of its code, kinds and
    /// keys no seed has, numbers at the edges), with their JSON paths.
    var notable: [String] = []

    init(file: String, contentEncoding: String?, reference: Bool = true) {
        let name = (file as NSString).lastPathComponent
        origin = name.hasPrefix("crash-") ? "libFuzzer crash artifact"
            : name.hasPrefix("timeout-") ? "libFuzzer timeout artifact"
            : name.hasPrefix("oom-") ? "libFuzzer out-of-memory artifact"
            : name.hasPrefix("clusterfuzz-testcase") ? "OSS-Fuzz/ClusterFuzzLite testcase"
            : name.hasPrefix("minimized-") ? "minimized input"
            : "captured response body"
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

    var summary: String {
        var s = "\(encoding ?? "?"), \(receivedBytes) bytes received"
        if let decodedBytes { s += " → \(decodedBytes) bytes decoded" }
        if let payloadError { s += "; payload error \(payloadError)" }
        s += validJSON ? "; valid JSON" : (jsonError.map { "; not JSON: \($0)" } ?? "; not JSON")
        return s
    }

    /// Why a file cannot be a payload (an executable, an archive, an image), or nil.
    static func notAPayload(_ file: String) -> String? {
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
    static func prettyJSON(of file: String, contentEncoding: String?) -> String? {
        let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        let declared = contentEncoding.flatMap { try? DeclaredEncoding(contentEncoding: $0) } ?? PayloadSniffer.declaredForFuzzing(bytes)
        guard let text = try? PayloadDecoder().decode(bytes, declared: declared).text,
              let value = try? JSONParser().parse(text) else { return nil }
        return JSONSerializer.string(value, options: .init(pretty: true))
    }
}
