import Foundation
import Testing
import SDUIContract
import GateTestSupport
import SDUIPlugIn

/// Decoders that fail softly, as apps write them, each reading the same cards protocol
/// (`{"title", "items": [{"type": "banner", "banner": {"headline": …}}]}`), and each gated with
/// the rendering derived from what it decoded: the server keeps sending what the user no longer sees.
enum SoftDecoders {
    struct Banner: Decodable { let headline: String; let subtitle: String? }
    struct Note: Decodable { let body: String }

    /// A `type` field beside one optional sibling per kind (synthesized `Decodable`).
    struct Card: Decodable { let type: String; let banner: Banner?; let note: Note? }
    struct CardsScreen: Decodable { let title: String; let items: [Card] }

    /// An item class keeping an unknown kind with a nil payload (`default: payload = nil`).
    final class FeedItem: Decodable {
        enum Payload { case banner(Banner), note(Note) }
        let type: String
        let payload: Payload?
        enum Keys: String, CodingKey { case type, banner, note }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            type = try c.decode(String.self, forKey: .type)
            switch type {
            case "banner": payload = .banner(try c.decode(Banner.self, forKey: .banner))
            case "note": payload = .note(try c.decode(Note.self, forKey: .note))
            default: payload = nil
            }
        }
    }
    struct FeedScreen: Decodable { let title: String; let items: [FeedItem] }

    /// A wrapper that swallows an item's decode error, then `compactMap`.
    enum Widget { case banner(Banner), note(Note) }
    final class AnyWidget: Decodable {
        let widget: Widget?
        enum Keys: String, CodingKey { case type, banner, note }
        init(from decoder: any Decoder) throws {
            do {
                let c = try decoder.container(keyedBy: Keys.self)
                switch try c.decode(String.self, forKey: .type) {
                case "banner": widget = .banner(try c.decode(Banner.self, forKey: .banner))
                case "note": widget = .note(try c.decode(Note.self, forKey: .note))
                default: widget = nil
                }
            } catch {
                widget = nil
            }
        }
    }
    struct WidgetScreen: Decodable {
        let title: String
        let widgets: [Widget]
        enum Keys: String, CodingKey { case title, items }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            title = try c.decode(String.self, forKey: .title)
            widgets = try c.decode([AnyWidget].self, forKey: .items).compactMap(\.widget)
        }
    }

    /// A registry whose fallback shows the kind's name and none of the content.
    final class PlaceholderCard { let message: String; init(_ type: String) { message = "Unknown component: \(type)" } }
    final class BannerCard { let headline: String; init(_ headline: String) { self.headline = headline } }
    final class NoteCard { let body: String; init(_ body: String) { self.body = body } }
    struct RegistryScreen { let title: String; let cards: [AnyObject] }
    static func registry(_ data: Data) throws -> RegistryScreen {
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let makers: [String: ([String: Any]) -> AnyObject] = [
            "banner": { BannerCard(($0["banner"] as? [String: Any])?["headline"] as? String ?? "") },
            "note": { NoteCard(($0["note"] as? [String: Any])?["body"] as? String ?? "") },
        ]
        let items = root["items"] as? [[String: Any]] ?? []
        return RegistryScreen(title: root["title"] as? String ?? "", cards: items.map { item in
            let type = item["type"] as? String ?? ""
            return makers[type]?(item) ?? PlaceholderCard(type)
        })
    }

    static let clients: [any ContractClient] = [
        InProcessClient("cards", decodingData: { try JSONDecoder().decode(CardsScreen.self, from: $0) }),
        InProcessClient("items", decodingData: { try JSONDecoder().decode(FeedScreen.self, from: $0) }),
        InProcessClient("widgets", decodingData: { try JSONDecoder().decode(WidgetScreen.self, from: $0) }),
        InProcessClient("registry", decodingData: { try registry($0) }),
    ]

    static func screen(_ items: [String]) -> String { #"{"title": "Home", "items": ["# + items.joined(separator: ", ") + "]}" }
    static let banner = #"{"type": "banner", "banner": {"headline": "Autumn picks", "subtitle": "New in"}}"#
    static let note = #"{"type": "note", "note": {"body": "Free returns on every order"}}"#
}

@Suite struct ContentNotShownTests {
    static let config = #"{"clients": [{"name": "cards", "product": "A"}, {"name": "items", "product": "B"}, {"name": "widgets", "product": "C"}, {"name": "registry", "product": "D"}]}"#

    func gate(_ fixture: GateFixture, _ mode: ContractRunner.Mode = .check, clients: [any ContractClient] = SoftDecoders.clients) async throws -> ContractRun {
        let suite = try fixture.suite()
        let runner = ContractRunner(suite: suite, source: RecordedResponses(directory: suite.directory), renderer: ResponseRenderer(),
                                    clients: clients, secrets: Secrets(environment: [:]), concurrency: 2, ci: false)
        return await runner.run(suite.checks(filters: [], clients: [], shard: nil), mode: mode, complete: true)
    }

    /// Records `SoftDecoders.screen([banner, note])`, then checks `new`: each client's status and rules.
    func verdicts(_ new: String) async throws -> [String: (CaseResult.Status, Set<String>)] {
        let fixture = try GateFixture(config: Self.config)
        defer { fixture.remove() }
        try fixture.addContract("home", json: SoftDecoders.screen([SoftDecoders.banner, SoftDecoders.note]))
        let recorded = try await gate(fixture, .record(update: false, saveResponses: false))
        #expect(recorded.results.allSatisfy { $0.status == .recorded }, "\(recorded.results.map { ($0.id, $0.status, $0.failure?.message ?? "") })")
        try fixture.setResponse("home", json: new)
        let run = try await gate(fixture)
        var out: [String: (CaseResult.Status, Set<String>)] = [:]
        for name in ["cards", "items", "widgets", "registry"] {
            out[name] = (run.result("\(name):home")?.status ?? .error, run.rules("\(name):home"))
        }
        return out
    }

    @Test func aRenamedPayloadKeyBreaksEveryShapeThoughTheTextIsStillSent() async throws {
        let renamed = #"{"type": "banner", "hero_banner": {"headline": "Autumn picks", "subtitle": "New in"}}"#
        let v = try await verdicts(SoftDecoders.screen([renamed, SoftDecoders.note]))
        // The optional sibling is empty; the registry shows an empty banner: content not shown.
        #expect(v["cards"]?.0 == .breaking && v["cards"]?.1.contains("content-not-shown") == true, "\(v)")
        #expect(v["registry"]?.0 == .breaking && v["registry"]?.1.contains("content-not-shown") == true, "\(v)")
        // The item class throws for the whole screen.
        #expect(v["items"]?.0 == .breaking && v["items"]?.1 == ["response-rejected"], "\(v)")
        // The wrapper swallowed the error and the banner vanished: not removed, not shown.
        #expect(v["widgets"]?.0 == .breaking && v["widgets"]?.1.contains("content-not-shown") == true, "\(v)")
        #expect(v["widgets"]?.1.contains("component-removed") == false, "\(v)")
        #expect(v["cards"]?.1.contains("text-changed") == false, "the breaking finding explains the changed text: \(v)")
    }

    @Test func aKindTheClientDoesNotDecodeIsNotShownWhateverItKeeps() async throws {
        let promo = #"{"type": "promo", "promo": {"headline": "20 % off"}}"#
        let v = try await verdicts(SoftDecoders.screen([SoftDecoders.banner, promo, SoftDecoders.note]))
        for name in ["cards", "items", "widgets", "registry"] {
            #expect(v[name]?.0 == .breaking, "\(name): \(v)")
            #expect(v[name]?.1.contains("component-not-shown") == true, "\(name): \(v)")
            #expect(v[name]?.1.contains("component-added") == false, "\(name): an unknown kind is not an added component: \(v)")
        }
        // A renamed kind whose content is kept where it was: replaced by nothing the app shows.
        let hero = #"{"type": "hero", "banner": {"headline": "Autumn picks", "subtitle": "New in"}}"#
        let renamed = try await verdicts(SoftDecoders.screen([hero, SoftDecoders.note]))
        for name in ["items", "widgets", "registry"] {
            #expect(renamed[name]?.0 == .breaking, "\(name): \(renamed)")
            #expect(renamed[name]?.1.contains("component-replaced") == false, "\(name): \(renamed)")
        }
        // The optional-siblings decoder keeps the content under any kind: only its code says
        // `hero` is not one it shows. In process there is no binary to read it from (out of
        // process there is, LabelledPairsTests' cards-2.0), so the client says it.
        #expect(renamed["cards"]?.0 == .changed && renamed["cards"]?.1 == ["component-replaced"], "\(renamed)")
        var told = InProcessClient("cards", decodingData: { try JSONDecoder().decode(SoftDecoders.CardsScreen.self, from: $0) })
        told.knownKinds = ["banner", "note"]
        let fixture = try GateFixture(config: #"{"clients": [{"name": "cards", "product": "A"}]}"#)
        defer { fixture.remove() }
        try fixture.addContract("home", json: SoftDecoders.screen([SoftDecoders.banner, SoftDecoders.note]))
        _ = try await gate(fixture, .record(update: false, saveResponses: false), clients: [told])
        try fixture.setResponse("home", json: SoftDecoders.screen([hero, SoftDecoders.note]))
        let run = try await gate(fixture, clients: [told])
        #expect(run.result("cards:home")?.status == .breaking && run.rules("cards:home").contains("component-not-shown"), "\(run.rules("cards:home"))")
    }

    @Test func contentEditsRemovalsAndKnownKindsAreStillChanged() async throws {
        let edited = #"{"type": "banner", "banner": {"headline": "Winter picks", "subtitle": "New in"}}"#
        for (new, rule) in [(SoftDecoders.screen([edited, SoftDecoders.note]), "text-changed"),
                            (SoftDecoders.screen([SoftDecoders.note]), "component-removed"),
                            (SoftDecoders.screen([SoftDecoders.note, SoftDecoders.banner]), "component-moved")] {
            let v = try await verdicts(new)
            for name in ["cards", "items", "widgets", "registry"] {
                #expect(v[name]?.0 == .changed && v[name]?.1.contains(rule) == true, "\(name) \(rule): \(v)")
            }
        }
        // A kind every client knows, new to this screen: added, and only that.
        let v = try await verdicts(SoftDecoders.screen([SoftDecoders.banner, SoftDecoders.note, SoftDecoders.note.replacingOccurrences(of: "Free", with: "Fast")]))
        for name in ["cards", "items", "widgets", "registry"] {
            #expect(v[name]?.0 == .changed, "\(name): \(v)")
        }
    }

    /// A kind every client knows, new to the golden: added, not "not shown" — also for the
    /// optional-siblings decoder, which renders every kind as it renders an unknown one and, in
    /// process, has no binary to say which kinds its code names: its stand-in shows what is sent.
    @Test func aKnownKindNewToTheGoldenIsAdded() async throws {
        let fixture = try GateFixture(config: Self.config)
        defer { fixture.remove() }
        try fixture.addContract("home", json: SoftDecoders.screen([SoftDecoders.banner]))
        _ = try await gate(fixture, .record(update: false, saveResponses: false))
        try fixture.setResponse("home", json: SoftDecoders.screen([SoftDecoders.banner, SoftDecoders.note]))
        let run = try await gate(fixture)
        for name in ["cards", "items", "widgets", "registry"] {
            #expect(run.result("\(name):home")?.status == .changed, "\(name): \(run.rules("\(name):home"))")
            #expect(run.rules("\(name):home") == ["component-added"], "\(name)")
        }
    }

    @Test func aCrashIsBreakingWithItsTitleNotAnError() async throws {
        struct Crashing: ContractClient {
            var name = "cards"
            func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure> {
                String(decoding: body, as: UTF8.self).contains("boom")
                    ? .failure(ClientFailure(.crashed, "crash in Card.init(from:) at Card.swift:12: Could not cast value", detail: "#0 Card.init(from:) Card.swift:12"))
                    : .success(Rendering(components: [.component("card")]))
            }
        }
        let fixture = try GateFixture(config: #"{"clients": [{"name": "cards", "product": "A"}]}"#)
        defer { fixture.remove() }
        try fixture.addContract("home", json: #"{"items": []}"#)
        _ = try await gate(fixture, .record(update: false, saveResponses: false), clients: [Crashing()])
        try fixture.setResponse("home", json: #"{"items": ["boom"]}"#)
        let run = try await gate(fixture, clients: [Crashing()])
        let result = try #require(run.result("cards:home"))
        #expect(result.status == .breaking && result.failure == nil)
        #expect(result.findings.map(\.rule.id) == ["SDUI-B011"])
        #expect(result.findings.first?.message.contains("Card.swift:12") == true)
        #expect(run.exitCode == 1, "a crash is the check's result, not a check that could not be made")
        let text = ContractReport(run: run, directoryName: "C").text()
        #expect(text.contains("SDUI-B011 client-crashed [breaking]") && text.contains("#0 Card.init(from:) Card.swift:12"), "\(text)")
    }

    @Test func aValueStillSentElsewhereIsChargedOnlyOnce() {
        // Two products with the same price; the server removes one: the price is still sent once
        // and still shown once, so nothing is lost.
        let golden = Rendering(components: [.component("product", [.text("price", "9 EUR")]), .component("product", [.text("price", "9 EUR")])])
        let current = Rendering(components: [.component("product", [.text("price", "9 EUR")])])
        let sent = SentContent(payload: .object([.init("items", .array([.object([.init("price", .string("9 EUR"))])]))]))
        let findings = RenderingComparison(contract: "c").compare(golden: golden, current: current, sent: sent)
        #expect(findings.map(\.rule.name) == ["component-removed"])
        // Without the response's strings, the old rule alone.
        #expect(RenderingComparison(contract: "c").compare(golden: golden, current: Rendering(), sent: nil).map(\.rule.name)
            == ["component-removed", "component-removed"])
    }
}
