// Benchmarks for scripts/bench-decoder.sh (results in BENCHMARKS.md). Not a test: it measures.
//
//   sdui-bench make-screen OUT.json [BYTES]   write a deterministic realistic screen of ~BYTES
//   sdui-bench make-text OUT.json [BYTES]     write ~BYTES of varied screen JSON (for inflate)
//   sdui-bench decode FILE [ROUNDS]           reference decode+render vs naive Codable, side by side
//   sdui-bench inflate FILE.gz [ROUNDS]       our inflate vs `gzip -dc`, side by side
import Foundation
import SDUIFuzz
import SDUIJSON
import SDUIPayload
import SDUIScreen

struct Generator {
    var random = FuzzRandom(seed: 0x5EED)
    mutating func next() -> UInt64 { random.next() }
    mutating func int(_ n: Int) -> Int { random.below(n) }
    static let words = ["order", "delivery", "today", "fresh", "sale", "신선한", "과일", "new", "arrives", "Tuesday",
                        "free", "shipping", "members", "save", "20%", "organic", "bananas", "coffee", "best", "seller"]
    mutating func sentence(_ count: Int) -> String { (0..<count).map { _ in Self.words[int(Self.words.count)] }.joined(separator: " ") }

    /// A product-feed style screen: sections (stacks) of cards with images, titles, buttons.
    mutating func screen(targetBytes: Int) -> JSONValue {
        var components: [JSONValue] = [["type": "text", "id": "header", "data": ["text": "Home", "style": "title"]]]
        var size = 0
        var section = 0
        while size < targetBytes {
            section += 1
            var cards: [JSONValue] = []
            for card in 0..<8 {
                let id = "s\(section)c\(card)"
                cards.append(["type": "stack", "id": .string(id), "data": ["axis": "vertical", "spacing": 4, "children": [
                    ["type": "image", "data": ["url": .string("https://cdn.example.com/img/\(next() % 100000).jpg"), "aspect_ratio": 1.5, "alt": .string(sentence(3))]],
                    ["type": "two_line_text", "data": ["title": .string(sentence(3)), "subtitle": .string(sentence(6))]],
                    ["type": "button", "data": ["title": "Add to cart", "style": "primary",
                                                "action": ["type": "navigate", "destination": .string("/product/\(next() % 100000)")]]],
                ]]])
            }
            let header: [JSONValue] = [
                ["type": "icon_title", "data": ["title": .string(sentence(2)), "icon_url": "https://cdn.example.com/icons/sale.png"]],
                ["type": "text", "data": ["text": .string(sentence(12)), "style": "body"]],
                ["type": "spacer", "data": ["height": 16]],
            ]
            let block: JSONValue = ["type": "stack", "data": ["axis": "horizontal", "spacing": 8, "children": .array(header + cards)]]
            size += JSONSerializer.serialize(block).count
            components.append(block)
        }
        return ["screen": "home", "version": 1, "title": "메인 화면", "components": .array(components)]
    }
}

// The naive way apps decode: one struct with optional fields for every kind, JSONDecoder.
struct NaiveScreen: Decodable { let screen: String; let version: Int; let title: String?; let components: [NaiveComponent] }
struct NaiveComponent: Decodable { let type: String; let id: String?; let data: NaiveData? }
struct NaiveData: Decodable {
    let text: String?, style: String?, title: String?, subtitle: String?, icon_url: String?, url: String?
    let aspect_ratio: Double?, alt: String?, height: Double?, axis: String?, spacing: Double?
    let children: [NaiveComponent]?, action: NaiveAction?
}
struct NaiveAction: Decodable { let type: String; let destination: String?; let url: String? }

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Prints µs per mutation of each SDUI-aware strategy, over `rounds` mutations of every seed.
func printMutationCosts(seeds: [[UInt8]], learnFrom folder: String, rounds: Int, structuredShare: Int?) {
    for strategy in [MutationStrategy.structured, .compressed] {
        let harness = FuzzHarness(DecoderUnderTest<Int>(name: "m", decode: { $0.count }), mutation: strategy)
        if let structuredShare { harness.structuredShare = structuredShare }
        harness.learn(from: [folder])
        let t = seconds {
            for seed in seeds {
                for s in 0..<rounds {
                    var b = seed
                    harness.mutate(&b, maxSize: 65536, seed: UInt32(s))
                }
            }
        }
        print("\(strategy.rawValue)_us_per_mutation\t\(String(format: "%.1f", t / Double(rounds * seeds.count) * 1e6))")
    }
}

/// µs per mutation in chains of five, each mutating the one before as libFuzzer does, with the
/// mutators keeping what they parsed and inflated and without, interleaved round by round.
func printChainedMutationCosts(seeds: [[UInt8]], learnFrom folder: String, rounds: Int) {
    for strategy in [MutationStrategy.structured, .compressed] {
        var times: [Bool: [Double]] = [:]
        for round in 0..<rounds {
            for keeps in round % 2 == 0 ? [true, false] : [false, true] {
                let harness = FuzzHarness(DecoderUnderTest<Int>(name: "m", decode: { $0.count }), mutation: strategy)
                harness.structuredShare = 100
                harness.keepsParsedDocuments = keeps
                harness.learn(from: [folder])
                let t = seconds {
                    for (n, seed) in seeds.enumerated() {
                        var b = seed
                        for step in 0..<5 { harness.mutate(&b, maxSize: 65536, seed: UInt32(n * 5 + step + round * 100_000)) }
                    }
                }
                times[keeps, default: []].append(t / Double(seeds.count * 5) * 1e6)
            }
        }
        let kept = median(times[true]!), parsed = median(times[false]!)
        print("\(strategy.rawValue)_chained_us_per_mutation\tkept \(String(format: "%.1f", kept))\tparsed each time \(String(format: "%.1f", parsed))\t\(String(format: "%.2fx", parsed / kept))")
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let args = CommandLine.arguments
guard args.count >= 3 else { fail("usage: sdui-bench make-screen|make-text|decode|inflate|mutate FILE [N], or mutate-seeds|mutate-chains FOLDER [N]") }
let path = args[2]

switch args[1] {
case "make-screen":
    var g = Generator()
    let bytes = JSONSerializer.serialize(g.screen(targetBytes: args.count > 3 ? Int(args[3])! : 1 << 20))
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    print("wrote \(bytes.count) bytes to \(path)")

case "make-text":
    var g = Generator()
    let target = args.count > 3 ? Int(args[3])! : 32 << 20
    var out: [UInt8] = []
    while out.count < target { out += JSONSerializer.serialize(g.screen(targetBytes: 256 << 10)) + [0x0a] }
    try Data(out).write(to: URL(fileURLWithPath: path))
    print("wrote \(out.count) bytes to \(path)")

case "decode":
    let rounds = args.count > 3 ? Int(args[3])! : 21
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let data = Data(bytes)
    let decoder = ScreenDecoder()
    let renderer = ScreenRenderer()
    // Sanity: both decoders accept the file, and the reference one finds no problem.
    let check = try decoder.decode(bytes)
    guard check.screen.warnings.isEmpty else { fail("benchmark screen has warnings: \(check.screen.warnings[0])") }
    _ = try JSONDecoder().decode(NaiveScreen.self, from: data)
    var reference: [Double] = [], referenceDecodeOnly: [Double] = [], naive: [Double] = [], parseOnly: [Double] = []
    for _ in 0..<rounds {
        // Interleaved, so drift on a shared machine hits all three alike.
        naive.append(try seconds { _ = try JSONDecoder().decode(NaiveScreen.self, from: data) })
        reference.append(try seconds { _ = renderer.render(try decoder.decode(bytes).screen) })
        referenceDecodeOnly.append(try seconds { _ = try decoder.decode(bytes).screen })
        parseOnly.append(try seconds { _ = try JSONParser().parse(bytes) })
    }
    let mb = Double(bytes.count) / 1e6
    let (r, d, n) = (median(reference), median(referenceDecodeOnly), median(naive))
    print("bytes\t\(bytes.count)")
    print("rounds\t\(rounds)")
    print("naive_codable_mb_s\t\(String(format: "%.1f", mb / n))")
    print("reference_decode_mb_s\t\(String(format: "%.1f", mb / d))")
    print("reference_decode_render_mb_s\t\(String(format: "%.1f", mb / r))")
    print("reference_parse_only_mb_s\t\(String(format: "%.1f", mb / median(parseOnly)))")
    print("ratio_decode_render_vs_naive\t\(String(format: "%.2f", r / n))")
    print("ratio_decode_vs_naive\t\(String(format: "%.2f", d / n))")

case "inflate":
    let rounds = args.count > 3 ? Int(args[3])! : 11
    let limits = PayloadLimits(maxInputBytes: 1 << 30, maxDecodedBytes: 1 << 30)
    var ours: [Double] = [], gzip: [Double] = []
    var decodedSize = 0
    for _ in 0..<rounds {
        // Ours: read the file and inflate it, as `gzip -dc FILE > /dev/null` reads and inflates.
        ours.append(try seconds {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            decodedSize = try PayloadDecoder(limits: limits).decode(bytes, declared: .gzip).text.count
        })
        gzip.append(try seconds {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "gzip -dc \"$0\" > /dev/null", path]
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { fail("gzip -dc failed") }
        })
    }
    let mb = Double(decodedSize) / 1e6
    print("decoded_bytes\t\(decodedSize)")
    print("rounds\t\(rounds)")
    print("ours_mb_s\t\(String(format: "%.1f", mb / median(ours)))")
    print("gzip_dc_mb_s\t\(String(format: "%.1f", mb / median(gzip)))")
    print("ratio_ours_vs_gzip\t\(String(format: "%.2f", median(gzip) / median(ours)))")

case "mutate-dump":
    // Writes N mutations of FILE (structured) to standard output, one per line, for inspection.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let harness = FuzzHarness(DecoderUnderTest<Int>(name: "m", decode: { $0.count }), mutation: .structured)
    harness.structuredShare = 100
    harness.learn(from: [(path as NSString).deletingLastPathComponent])
    for s in 0..<(args.count > 3 ? Int(args[3])! : 100) {
        var b = bytes
        harness.mutate(&b, maxSize: 1 << 20, seed: UInt32(s))
        FileHandle.standardOutput.write(Data(b + [0x0a]))
    }

case "mutate":
    // Time per custom mutation of the harness (structured and compressed) on one seed.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    printMutationCosts(seeds: [bytes], learnFrom: (path as NSString).deletingLastPathComponent,
                       rounds: args.count > 3 ? Int(args[3])! : 2000, structuredShare: nil)

case "mutate-seeds":
    // Time per custom mutation averaged over every seed of a folder (a decoder's own seeds), the
    // mutators having learnt from that folder as a campaign's do; every mutation SDUI-aware.
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        .map { (path as NSString).appendingPathComponent($0) }
        .filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".license") }
    guard !files.isEmpty else { fail("no seeds in \(path)") }
    let seeds = try files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
    printMutationCosts(seeds: seeds, learnFrom: path, rounds: args.count > 3 ? Int(args[3])! : 500, structuredShare: 100)

case "mutate-chains":
    // The seeds of a folder, each mutated five times in a row (as libFuzzer mutates an input it
    // picked), every mutation SDUI-aware: what keeping parsed documents saves (issue 39).
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        .map { (path as NSString).appendingPathComponent($0) }
        .filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".license") }
    let seeds = files.compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }.filter { $0.count <= 65536 }
    guard !seeds.isEmpty else { fail("no seeds in \(path)") }
    printChainedMutationCosts(seeds: seeds, learnFrom: path, rounds: args.count > 3 ? Int(args[3])! : 5)

default:
    fail("unknown benchmark \(args[1])")
}
