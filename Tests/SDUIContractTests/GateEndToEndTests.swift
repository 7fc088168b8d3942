import Foundation
import GateTestSupport
import SDUIContract
import SDUIPayload
import Testing

/// The gate end to end against `sdui serve` on loopback: every kind of breaking change is caught
/// with its rule, content edits are `changed`, equivalent re-encodings pass.
@Suite struct GateEndToEndTests {
    static let deepStack: String = {
        var s = #"{"type": "text", "data": {"text": "bottom"}}"#
        for _ in 0..<34 { s = #"{"type": "stack", "data": {"axis": "vertical", "children": [\#(s)]}}"# }
        return s
    }()

    static let spacer = #"{"type": "spacer", "data": {"height": 16}}"#

    /// (case, response, the rule that must be reported)
    static let breaking: [(String, String, String)] = [
        ("rejected", Screens.edit(#""version": 1"#, #""version": 2"#), "response-rejected"),
        ("unsupported", Screens.edit(#""type": "text", "id": "greeting""#, #""type": "headline", "id": "greeting""#), "component-unsupported"),
        ("invalid", Screens.edit(#", "subtitle": "Today only""#, ""), "component-invalid"),
        ("field-default", Screens.edit(#""style": "title""#, #""style": "huge""#), "field-default"),
        ("inert", Screens.edit(#""type": "navigate""#, #""type": "teleport""#), "button-inert"),
        ("duplicate", Screens.edit(#""id": "cta""#, #""id": "greeting""#), "duplicate-id"),
        ("too-deep", Screens.edit(spacer, deepStack), "stack-too-deep"),
        ("added-unknown", Screens.edit(spacer, spacer + #", {"type": "carousel", "data": {}}"#), "component-unsupported"),
        ("root-not-object", "[1, 2, 3]", "response-rejected"),
    ]

    static let changed: [(String, String, String)] = [
        ("text", Screens.edit(#""text": "Hello""#, #""text": "Hi there""#), "text-changed"),
        ("title", Screens.edit(#""title": "Home""#, #""title": "Start""#), "text-changed"),
        ("link", Screens.edit("a.png", "b.png"), "link-changed"),
        ("action", Screens.edit(#"{"type": "navigate", "destination": "/shop"}"#, #"{"type": "open_url", "url": "https://shop.example.com"}"#), "action-changed"),
        ("style", Screens.edit(#""spacing": 8"#, #""spacing": 12"#), "style-changed"),
        ("button-style", Screens.edit(#""title": "Shop","#, #""title": "Shop", "style": "secondary","#), "style-changed"),
        ("added", Screens.edit(spacer, spacer + #", {"type": "text", "data": {"text": "new"}}"#), "component-added"),
        ("removed", Screens.edit(",\n  " + spacer, ""), "component-removed"),
        ("moved", Screens.edit(",\n  " + spacer, "").replacingOccurrences(of: #""components": ["#, with: #""components": [\#(spacer), "#), "component-moved"),
        ("replaced", Screens.edit(spacer, #"{"type": "text", "data": {"text": "x"}}"#), "component-replaced"),
        ("id", Screens.edit(#""id": "cta""#, #""id": "buy""#), "id-changed"),
        ("screen-name", Screens.edit(#""screen": "home""#, #""screen": "start""#), "screen-changed"),
    ]

    static func equivalents() throws -> [(String, [UInt8], ContentEncoding)] {
        let object = try JSONSerialization.jsonObject(with: Data(Screens.base.utf8))
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        let compact = try JSONSerialization.data(withJSONObject: object, options: [])
        let spelled = Screens.base.replacingOccurrences(of: #""spacing": 8"#, with: #""spacing": 8.0"#)
            .replacingOccurrences(of: #""height": 16"#, with: #""height": 1.6e1"#)
            .replacingOccurrences(of: #""aspect_ratio": 1.5"#, with: #""aspect_ratio": 15E-1"#)
        return [
            ("pretty-sorted", [UInt8](pretty), .identity),
            ("compact", [UInt8](compact), .identity),
            ("numbers", Array(spelled.utf8), .identity),
            ("gzip", Deflater.compress(Array(Screens.base.utf8), as: .gzip), .gzip),
            ("deflate", Deflater.compress(Array(Screens.base.utf8), as: .zlib), .zlib),
            ("bom-whitespace", [0xEF, 0xBB, 0xBF] + Array(("\n\t " + Screens.base + "\n\n").utf8), .identity),
        ]
    }

    @Test func classifiesEveryKindOfChangeOverLoopback() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        let equivalents = try Self.equivalents()
        let names = Self.breaking.map(\.0) + Self.changed.map(\.0) + equivalents.map(\.0)
        for name in names { try fixture.addContract(name, json: Screens.base) }
        let recorded = try await fixture.runOffline(.record(update: false, saveResponses: false))
        #expect(recorded.count(.recorded) == names.count)

        for (name, json, _) in Self.breaking + Self.changed { try fixture.setResponse(name, json: json) }
        for (name, bytes, encoding) in equivalents {
            try fixture.setResponse(name, json: "")
            try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("responses/\(name).json"))
            let ext = encoding == .gzip ? ".json.gz" : encoding == .identity ? ".json" : ".json.zz"
            try fixture.write("responses/\(name)\(ext)", bytes)
        }

        let run = try await fixture.withServer { try await fixture.runLive(baseURL: $0) }
        for (name, _, rule) in Self.breaking {
            let result = try #require(run.result(name))
            #expect(result.status == .breaking, "\(name): \(result.status) \(result.findings.map(\.rule.name)) \(result.failure?.description ?? "")")
            #expect(run.rules(name).contains(rule), "\(name) should report \(rule), got \(run.rules(name))")
        }
        for (name, _, rule) in Self.changed {
            let result = try #require(run.result(name))
            #expect(result.status == .changed, "\(name): \(result.status) \(result.findings.map(\.rule.name)) \(result.failure?.description ?? "")")
            #expect(run.rules(name).contains(rule), "\(name) should report \(rule), got \(run.rules(name))")
            #expect(result.findings.allSatisfy { $0.rule.severity == .changed }, "\(name): \(result.findings.map(\.rule.name))")
        }
        for (name, _, _) in equivalents {
            let result = try #require(run.result(name))
            #expect(result.status == .pass && result.findings.isEmpty,
                    "\(name): \(result.status) \(result.findings.map(\.message)) \(result.failure?.description ?? "")")
            // The responses really did arrive compressed or re-spelled: they are not the golden's bytes.
            #expect(result.source?.hasPrefix("http://127.0.0.1:") == true)
        }
        #expect(run.exitCode == 1)

        // `--fail-on changed`: the same differences, a stricter threshold.
        var onlyChanged = run
        onlyChanged.results = run.results.filter { $0.status == .changed || $0.status == .pass }
        #expect(onlyChanged.exitCode == 0)
        onlyChanged.failOn = .changed
        #expect(onlyChanged.exitCode == 1)
    }

    @Test func anInsertedComponentDoesNotLookLikeNewWarnings() async throws {
        // The golden already has an unsupported placeholder; inserting before it moves its path.
        let withUnknown = Screens.edit(Self.spacer, Self.spacer + #", {"type": "carousel", "data": {}}"#)
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: withUnknown)
        _ = try await fixture.runOffline(.record(update: false, saveResponses: false))
        try fixture.setResponse("home", json: withUnknown.replacingOccurrences(
            of: #""components": ["#, with: #""components": [{"type": "text", "data": {"text": "first"}}, "#))
        let run = try await fixture.runOffline()
        #expect(run.rules("home") == ["component-added"], "\(run.result("home")!.findings.map(\.message))")
        #expect(run.exitCode == 0)
    }
}
