import Foundation
import SDUIJSON
import SDUIContract
import SDUIPayload
import Testing
import TestSupport

/// On in CI, and with SDUI_GATE_LABELS=1 (it builds the sample clients).
let gateLabelsEnabled: Bool = {
    let env = ProcessInfo.processInfo.environment
    return env["SDUI_GATE_LABELS"] == "1" || ["true", "1", "yes"].contains(env["CI"]?.lowercased() ?? "")
}()

/// The gate against the labelled old/new pairs of Examples/GateClients/Labelled: each pair's old
/// response is recorded as every client's golden (`sdui contract record --offline`), its new one
/// checked (`sdui contract check --offline --format json`), through the sample clients' own
/// products, as a team runs the gate. Each (pair, client) label must be the gate's verdict:
/// BREAKING ↔ breaking, CHANGED ↔ changed, UNCHANGED ↔ pass. The config's named discriminators are
/// left out, so the gate's built-in rule is what is measured.
///
/// It builds the sample clients (a few minutes the first time): on in CI, and with
/// `SDUI_GATE_LABELS=1`; `swift test --filter LabelledPairsTests` prints the table and the
/// breaking precision and recall.
@Suite(.enabled(if: gateLabelsEnabled, "building the sample clients: set SDUI_GATE_LABELS=1 (always on in CI)"))
struct LabelledPairsTests {

    static let examples = TestPaths.packageRoot.appendingPathComponent("Examples/GateClients")
    static let suites = ["home-feed": "HomeFeed", "view-items": "ViewItems", "cards": "Cards", "discover": "Discover"]

    struct Pair: Sendable, CustomTestStringConvertible {
        var name: String
        var suite: String
        var labels: [String: String]
        var old: Data
        var new: Data
        var newEncoding: String?
        var testDescription: String { name }
    }

    /// The pairs as written: SDUIJSON keeps every object's members in the file's order (a
    /// dictionary would not, and the order of keys must not change a verdict anyway:
    /// ComponentAccountingTests checks that on its own).
    static let pairs: [Pair] = {
        let dir = examples.appendingPathComponent("Labelled/pairs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path),
                  let pair = try? JSONParser().parse([UInt8](data)),
                  case .string(let suite)? = pair["suite"], case .object(let expect)? = pair["expect"], let old = pair["old"] else { return nil }
            var labels: [String: String] = [:]
            for m in expect { if case .string(let label) = m.value { labels[m.key] = label } }
            // `newText` keeps bytes a serializer would normalise (number spelling, whitespace).
            let newText: String
            if case .string(let text)? = pair["newText"] { newText = text } else { newText = pair["new"].map { JSONSerializer.string($0) } ?? "" }
            var encoding: String?
            if case .string(let e)? = pair["newEncoding"] { encoding = e }
            return Pair(name: String(name.dropLast(5)), suite: suite, labels: labels, old: Data(JSONSerializer.string(old).utf8),
                        new: Data(newText.utf8), newEncoding: encoding)
        }
    }()

    /// One gate run per suite, shared by the pairs' test cases.
    actor Verdicts {
        static let shared = Verdicts()
        var runs: [String: Task<[String: (status: String, rules: [String])], any Error>] = [:]

        /// `derived`: the clients' renderings derived from their decoded values (`SDUI_RENDERING=derived`)
        /// instead of their hand-written `rendering:`.
        func of(_ suite: String, derived: Bool = false) async throws -> [String: (status: String, rules: [String])] {
            let key = "\(suite)/\(derived)"
            if let run = runs[key] { return try await run.value }
            // Minutes of subprocesses (building the sample clients, the gate): on a thread of its
            // own, not one of the few the concurrency pool has, which every other test needs.
            let run = Task { try await LabelledPairsTests.onItsOwnThread { try LabelledPairsTests.gate(suite, derived: derived) } }
            runs[key] = run
            return try await run.value
        }
    }

    static func onItsOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    static func sdui(_ arguments: [String], derived: Bool) throws -> ProcessResult {
        // The goldens go to a temporary folder: recording there is part of the measurement, so
        // CI mode (which writes nothing) is off for these runs.
        try run(TestPaths.productsDirectory.appendingPathComponent("sdui"), ["contract"] + arguments,
                environment: ["CI": "false", "SDUI_RENDERING": derived ? "derived" : "hand-written"])
    }

    /// Records the suite's old responses, checks its new ones: (pair@client) → status and rules.
    static func gate(_ suite: String, derived: Bool) throws -> [String: (status: String, rules: [String])] {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("sdui-labels-\(suite)-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: dir) }
        for sub in ["contracts", "responses"] { try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true) }
        let configURL = examples.appendingPathComponent("Contracts/\(suites[suite]!)/sdui-contracts.json")
        guard var config = try JSONSerialization.jsonObject(with: Data(contentsOf: configURL)) as? [String: Any] else {
            throw GateFailure("\(configURL.path) is not a JSON object")
        }
        // Measure the built-in rule where it could find the suite's discriminator; a protocol whose
        // key it cannot know (`identifier`) keeps its config's key, as its team would write it.
        if let keys = config["discriminators"] as? [String], keys.allSatisfy(ComponentAccounting().isDiscriminator) {
            config.removeValue(forKey: "discriminators")
        }
        try JSONSerialization.data(withJSONObject: config).write(to: dir.appendingPathComponent("sdui-contracts.json"))
        let chosen = pairs.filter { $0.suite == suite }
        for p in chosen {
            try Data("{\"path\": \"/labelled/\(p.name)\"}".utf8).write(to: dir.appendingPathComponent("contracts/\(p.name).json"))
            try p.old.write(to: dir.appendingPathComponent("responses/\(p.name).json"))
        }
        let common = ["--offline", "--contracts", dir.path, "--package-path", examples.path]
        let record = try sdui(["record"] + common, derived: derived)
        guard record.status == 0 else { throw GateFailure("sdui contract record exited \(record.status):\n\(record.stdout)\(record.stderr)") }
        for p in chosen {
            try fm.removeItem(at: dir.appendingPathComponent("responses/\(p.name).json"))
            switch p.newEncoding {
            case "gzip"?: try Data(Deflater.compress([UInt8](p.new), as: .gzip)).write(to: dir.appendingPathComponent("responses/\(p.name).json.gz"))
            case "deflate"?: try Data(Deflater.compress([UInt8](p.new), as: .zlib)).write(to: dir.appendingPathComponent("responses/\(p.name).json.zz"))
            default: try p.new.write(to: dir.appendingPathComponent("responses/\(p.name).json"))
            }
        }
        let check = try sdui(["check"] + common + ["--format", "json"], derived: derived)
        guard [0, 1, 2].contains(check.status),
              let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any],
              let results = report["results"] as? [[String: Any]] else {
            throw GateFailure("sdui contract check exited \(check.status) without a JSON report:\n\(check.stdout)\(check.stderr)")
        }
        var verdicts: [String: (status: String, rules: [String])] = [:]
        for r in results {
            guard let contract = r["contract"] as? String, let client = r["client"] as? String, let status = r["status"] as? String else { continue }
            var rules = Set(((r["findings"] as? [[String: Any]]) ?? []).filter { $0["severity"] as? String == status }.compactMap { $0["rule"] as? String }).sorted()
            if let error = r["error"] as? [String: Any], let rule = error["rule"] as? String { rules.append(rule) }
            verdicts["\(contract)@\(client)"] = (status, rules)
        }
        return verdicts
    }

    struct GateFailure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    static let expected = ["BREAKING": "breaking", "CHANGED": "changed", "UNCHANGED": "pass"]

    @Test(arguments: pairs)
    func theGateSaysWhatTheLabelSays(_ pair: Pair) async throws {
        let verdicts = try await Verdicts.shared.of(pair.suite)
        for (client, label) in pair.labels.sorted(by: { $0.key < $1.key }) {
            let got = verdicts["\(pair.name)@\(client)"]
            #expect(got?.status == Self.expected[label], "\(pair.name) for \(client): labelled \(label), the gate says \(got?.status ?? "nothing") \(got?.rules ?? [])")
        }
    }

    /// Breaking precision and recall over every label: recall 100 %, precision at least 95 %.
    @Test func breakingPrecisionAndRecall() async throws {
        let pairs = Self.pairs
        #expect(pairs.count >= 40, "the labelled set is read (\(pairs.count) pairs)")
        var tp = 0, fp = 0, fn = 0, exact = 0, labels = 0
        for pair in pairs {
            let verdicts = try await Verdicts.shared.of(pair.suite)
            for (client, label) in pair.labels {
                let status = verdicts["\(pair.name)@\(client)"]?.status ?? "missing"
                labels += 1
                if Self.expected[label] == status { exact += 1 }
                if label == "BREAKING" { status == "breaking" ? (tp += 1) : (fn += 1) } else if status == "breaking" { fp += 1 }
            }
        }
        let precision = tp + fp == 0 ? 1 : Double(tp) / Double(tp + fp)
        let recall = tp + fn == 0 ? 1 : Double(tp) / Double(tp + fn)
        print("labelled pairs: \(pairs.count) pairs, \(labels) labels: \(exact) exactly right; breaking precision "
              + String(format: "%.1f %% (%d/%d), recall %.1f %% (%d/%d)", precision * 100, tp, tp + fp, recall * 100, tp, tp + fn))
        #expect(fn == 0, "every BREAKING label is caught")
        #expect(precision >= 0.95)
    }

    /// The same labels with every client's rendering derived from its decoded value (no
    /// `rendering:`), side by side with the hand-written renderings: per client, the labels each
    /// gets right and its breaking precision and recall (the README's table).
    @Test func derivedRenderingsSideBySide() async throws {
        struct Score { var exact = 0, labels = 0, tp = 0, fp = 0, fn = 0 }
        var scores: [String: (hand: Score, derived: Score)] = [:]
        var misses: [String] = []
        for pair in Self.pairs {
            let hand = try await Verdicts.shared.of(pair.suite)
            let derived = try await Verdicts.shared.of(pair.suite, derived: true)
            for (client, label) in pair.labels {
                var score = scores[client] ?? (Score(), Score())
                for (isDerived, verdicts) in [(false, hand), (true, derived)] {
                    let status = verdicts["\(pair.name)@\(client)"]?.status ?? "missing"
                    var s = isDerived ? score.derived : score.hand
                    s.labels += 1
                    if Self.expected[label] == status { s.exact += 1 } else if isDerived {
                        misses.append("\(pair.name)@\(client): labelled \(label), derived says \(status) \(verdicts["\(pair.name)@\(client)"]?.rules ?? [])")
                    }
                    if label == "BREAKING" { status == "breaking" ? (s.tp += 1) : (s.fn += 1) } else if status == "breaking" { s.fp += 1 }
                    if isDerived { score.derived = s } else { score.hand = s }
                }
                scores[client] = score
            }
        }
        func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "—" : String(format: "%.0f %% (%d/%d)", Double(a) * 100 / Double(b), a, b) }
        var table = "| client | labels right, hand-written | labels right, derived | breaking recall, hand / derived | breaking precision, hand / derived |\n|---|---|---|---|---|\n"
        var total = (hand: Score(), derived: Score())
        for (client, s) in scores.sorted(by: { $0.key < $1.key }) {
            table += "| \(client) | \(s.hand.exact)/\(s.hand.labels) | \(s.derived.exact)/\(s.derived.labels) | "
                + "\(percent(s.hand.tp, s.hand.tp + s.hand.fn)) / \(percent(s.derived.tp, s.derived.tp + s.derived.fn)) | "
                + "\(percent(s.hand.tp, s.hand.tp + s.hand.fp)) / \(percent(s.derived.tp, s.derived.tp + s.derived.fp)) |\n"
            for k in [\Score.exact, \Score.labels, \Score.tp, \Score.fp, \Score.fn] {
                total.hand[keyPath: k] += s.hand[keyPath: k]
                total.derived[keyPath: k] += s.derived[keyPath: k]
            }
        }
        print("labelled pairs, hand-written and derived renderings:\n" + table + misses.map { "  derived: \($0)\n" }.joined())
        #expect(total.derived.labels == total.hand.labels && total.derived.labels >= 80)
        // What the README states: with no code, every breaking label is still caught, and every
        // label is as right as with the hand-written renderings.
        #expect(total.derived.fn == 0, "every BREAKING label is caught by the derived renderings too")
        #expect(total.derived.exact == total.derived.labels, "derived renderings: \(total.derived.exact)/\(total.derived.labels) labels right")
    }
}
