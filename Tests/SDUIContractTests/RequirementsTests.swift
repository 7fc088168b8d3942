import Foundation
import GateTestSupport
@testable import SDUIContract
import SDUIJSON
import SDUIPlugIn
import Testing

/// What an app version requires, found by probing its decoder: the requirements, the report, the
/// diff between versions and the JSON Schema.
@Suite struct RequirementsTests {
    /// A stricter decoder than TeamApp's: typed contents, a 32-bit count, a non-empty list.
    struct Feed: Decodable {
        let screenName: String
        let contents: [Item]
        struct Item: Decodable {
            let viewType: String
            let content: Content
            enum Content { case title(String, count: Int32?), banner(url: String), unknown }
            enum Keys: String, CodingKey { case viewType, title, count, url, tags }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                viewType = try c.decode(String.self, forKey: .viewType)
                switch viewType {
                case "title": content = .title(try c.decode(String.self, forKey: .title), count: try c.decodeIfPresent(Int32.self, forKey: .count))
                case "banner":
                    let tags = try c.decode([String].self, forKey: .tags)
                    guard !tags.isEmpty else { throw DecodingError.dataCorrupted(.init(codingPath: [Keys.tags], debugDescription: "no tags")) }
                    content = .banner(url: try c.decode(String.self, forKey: .url))
                default: content = .unknown
                }
            }
        }
    }

    static let client = InProcessClient(DecoderUnderTest(name: "app", decode: { try JSONDecoder().decode(Feed.self, from: Data($0)) }))
    static let body = #"{"screenName": "Home", "contents": [{"viewType": "title", "title": "Hi", "count": 3}, "#
        + #"{"viewType": "banner", "url": "https://cdn.example.com/b.png", "tags": ["a"]}, {"viewType": "map", "zoom": 3}]}"#

    static func requirements(budget: Int = 3000) async -> (ClientRequirements, ProbeResult) {
        let result = await RequirementProbe(budget: budget).probe(FetchedResponse(contentEncoding: nil, body: Array(body.utf8), source: "home"),
                                                                  caseID: "home", client: client)
        return (ClientRequirements.build(client: "app", results: [result]), result)
    }

    @Test func probingFindsRequiredKeysTypesNullsAndEdges() async throws {
        let (r, result) = await Self.requirements()
        #expect(result.error == nil && !result.truncated)
        let title = try #require(r.field(kind: "title", path: "$.contents[*].title"))
        #expect(title.required && title.removalCost == .rejected && title.nullable == false && title.acceptedTypes == ["string"])
        let count = try #require(r.field(kind: "title", path: "$.contents[*].count"))
        #expect(!count.required && count.nullable == true)
        #expect(count.edges["past-32-bits"] == .rejected && count.edges["fraction"] == .rejected, "\(count.edges)")
        #expect(count.edges["past-64-bits"] == .rejected)
        let tags = try #require(r.field(kind: "banner", path: "$.contents[*].tags"))
        #expect(tags.required && tags.edges["emptied"] == .rejected)
        // The discriminator: the kinds the app shows, the one it already drops, what another costs.
        let d = try #require(r.discriminators.first)
        #expect(d.key == "viewType" && d.knownValues == ["banner", "title"] && d.ignoredValues == ["map"])
        #expect(d.unknownValueCost == .notShown)
        // Nothing is asked about a component the app already shows nothing for.
        #expect(r.fields.allSatisfy { $0.kind != "map" })
    }

    /// An array's items: their JSON type, and `null` only where the app takes it (a `[Item]` list
    /// loses the screen on a `null` item; `[String?]` tags take one).
    @Test func arrayItemsGetTheirTypeAndNullability() async throws {
        struct Screen: Decodable {
            struct Item: Decodable { let viewType: String; let tags: [String?]? }
            let contents: [Item]
        }
        let client = InProcessClient(DecoderUnderTest(name: "app", decode: { try JSONDecoder().decode(Screen.self, from: Data($0)) }))
        let body = #"{"contents": [{"viewType": "title", "tags": ["a", "b"]}, {"viewType": "title"}]}"#
        let result = await RequirementProbe().probe(FetchedResponse(contentEncoding: nil, body: Array(body.utf8), source: "home"),
                                                    caseID: "home", client: client)
        let r = ClientRequirements.build(client: "app", results: [result])
        let items = try #require(r.field(kind: nil, path: "$.contents[*]"), "\(r.report)")
        #expect(items.nullable == false && items.acceptedTypes == ["object"] && !items.required)
        let tags = try #require(r.fields.first { $0.path == "$.contents[*].tags[*]" }, "\(r.report)")
        #expect(tags.nullable == true && tags.acceptedTypes == ["string"])
        let schema = RequirementsSchema(r)
        let withNullItem = try JSONParser().parse(Array(#"{"contents": [{"viewType": "title"}, null]}"#.utf8))
        #expect(schema.violations(of: withNullItem).contains { $0.contains("$.contents[1]") }, "\(schema.violations(of: withNullItem))")
        let withNullTag = try JSONParser().parse(Array(#"{"contents": [{"viewType": "title", "tags": [null, "x"]}]}"#.utf8))
        #expect(schema.violations(of: withNullTag).isEmpty, "\(schema.violations(of: withNullTag))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(schema.json.utf8)) as? [String: Any])
        let contents = try #require((json["properties"] as? [String: Any])?["contents"] as? [String: Any])
        #expect((contents["items"] as? [String: Any])?["type"] as? String == "object", "\(schema.json)")
    }

    /// Two app versions where the newer one shows a kind the older one drops, under a Swift name of
    /// its own (`"hero"` decoded as `.promoBanner`, which the gate's kind matching cannot pair): the
    /// newer version's requirements hold the kind's keys, the older one's none.
    @Test func aKindTheNewerVersionAddsIsProbedForItUnderAnyName() async throws {
        enum Item: Decodable {
            case title(String), promoBanner(headline: String, imageURL: String), unknown
            enum Keys: String, CodingKey { case viewType, title, headline, image }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                switch try c.decode(String.self, forKey: .viewType) {
                case "title": self = .title(try c.decode(String.self, forKey: .title))
                case "hero" where decoder.userInfo[Self.newer] as? Bool == true:
                    self = .promoBanner(headline: try c.decode(String.self, forKey: .headline), imageURL: try c.decode(String.self, forKey: .image))
                default: self = .unknown
                }
            }
            static let newer = CodingUserInfoKey(rawValue: "newer")!
        }
        struct Screen: Decodable { let items: [Item] }
        func client(_ name: String, newer: Bool) -> InProcessClient<Screen> {
            InProcessClient(DecoderUnderTest(name: name, decode: { bytes in
                let decoder = JSONDecoder()
                decoder.userInfo[Item.newer] = newer
                return try decoder.decode(Screen.self, from: Data(bytes))
            }))
        }
        let body = #"{"items": [{"viewType": "title", "title": "Deals"}, {"viewType": "hero", "headline": "Sale", "image": "https://cdn.example.com/h.png"}]}"#
        var all: [ClientRequirements] = []
        for c in [client("app-1", newer: false), client("app-2", newer: true)] {
            let result = await RequirementProbe().probe(FetchedResponse(contentEncoding: nil, body: Array(body.utf8), source: "home"),
                                                        caseID: "home", client: c)
            all.append(ClientRequirements.build(client: c.name, results: [result]))
        }
        let headline = try #require(all[1].field(kind: "hero", path: "$.items[*].headline"), "\(all[1].report)")
        #expect(headline.required && headline.nullable == false)
        #expect(all[1].field(kind: "hero", path: "$.items[*].image")?.required == true)
        #expect(all[0].fields.allSatisfy { $0.kind != "hero" }, "the older version drops it: nothing to require")
        #expect(all[1].discriminators.first?.knownValues.contains("hero") == true)
        // Its schema rejects a hero without its headline; the older version's does not care.
        let broken = try JSONParser().parse(Array(body.replacingOccurrences(of: #""headline": "Sale", "#, with: "").utf8))
        #expect(RequirementsSchema(all[1]).violations(of: broken).contains { $0.contains("headline") })
        #expect(RequirementsSchema(all[0]).violations(of: broken).isEmpty)
    }

    @Test func theBudgetBoundsProbingAndTheSameResponseProbesTheSame() async {
        let (_, small) = await Self.requirements(budget: 10)
        #expect(small.truncated && small.decodes == 10)
        let (a, _) = await Self.requirements()
        let (b, _) = await Self.requirements()
        #expect(a.report == b.report && RequirementsSchema(a).json == RequirementsSchema(b).json)
        #expect(a.report.contains("title:") && a.report.contains(".title: string; required (missing: the whole screen)"))
    }

    @Test func theSchemaAcceptsTheResponseAndRejectsWhatBreaksTheApp() async throws {
        let (r, _) = await Self.requirements()
        let schema = RequirementsSchema(r)
        let ok = try JSONParser().parse(Array(Self.body.utf8))
        #expect(schema.violations(of: ok).isEmpty, "\(schema.violations(of: ok))")
        func violations(_ old: String, _ new: String) throws -> [String] {
            schema.violations(of: try JSONParser().parse(Array(Self.body.replacingOccurrences(of: old, with: new).utf8)))
        }
        #expect(try violations(#""title": "Hi", "#, "").contains { $0.contains("missing \"title\"") })
        #expect(try violations(#""count": 3"#, #""count": 3000000000"#).contains { $0.contains("above 2147483647") })
        #expect(try violations(#""tags": ["a"]"#, #""tags": []"#).contains { $0.contains("empty") })
        #expect(try violations(#""url": "https://cdn.example.com/b.png""#, #""url": 5"#).contains { $0.contains("expected string") })
        // A kind the app drops already is no news; a new one is a component the app would drop.
        #expect(try violations(#""url": "https://cdn.example.com/b.png", "tags": ["a"]}, {"viewType": "map""#,
                               #""url": "https://cdn.example.com/b.png", "tags": ["a"]}, {"viewType": "map"}, {"viewType": "map""#).isEmpty)
        #expect(try violations(#"{"viewType": "map", "zoom": 3}"#, #"{"viewType": "chart"}"#).contains { $0.contains("\"chart\" is none of") })
        // What the schema says, as JSON Schema 2020-12.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(schema.json.utf8)) as? [String: Any])
        #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema.json.contains("\"const\" : \"banner\"") && schema.json.contains("\"minItems\" : 1"))
    }

    @Test func theDiffSaysWhatOneVersionRequiresAndTheOtherDoesNot() async {
        let old = InProcessClient(TeamApp.old), new = InProcessClient(TeamApp.new)
        let body = TeamApp.screen([("title", ["title": "Hi"]), ("coupon", ["code": "X"])])
        var all: [ClientRequirements] = []
        for client in [old, new] {
            let result = await RequirementProbe().probe(FetchedResponse(contentEncoding: nil, body: Array(body.utf8), source: "home"),
                                                        caseID: "home", client: client)
            all.append(ClientRequirements.build(client: client.name, results: [result]))
        }
        let diff = RequirementsDiff.text(all)
        #expect(diff.contains("\"coupon\" shown by ios-5.3 only"), "\(diff)\n\(all[0].report)")
        #expect(diff.contains("coupon $.contents[*].viewType") || diff.contains("coupon .content"), "\(diff)")
    }

    @Test func aSessionWritesASchemaPerClientAndKeepsOneThatDiffers() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.addContract("home", json: Self.body)
        var request = RequirementsSession.Request(directory: fixture.root.path)
        request.schemaDirectory = fixture.root.appendingPathComponent("requirements").path
        let first = try await RequirementsSession(request, clients: { _ in [Self.client] }).run()
        #expect(first.written == ["app.schema.json"] && first.kept.isEmpty)
        try fixture.write("requirements/app.schema.json", "{}\n")
        let second = try await RequirementsSession(request, clients: { _ in [Self.client] }).run()
        #expect(second.kept == ["app.schema.json"] && fixture.read("requirements/app.schema.json") == "{}\n", "a reviewed file is not lost")
        request.overwrite = true
        let third = try await RequirementsSession(request, clients: { _ in [Self.client] }).run()
        #expect(third.written == ["app.schema.json"] && fixture.read("requirements/app.schema.json") != "{}\n")
        #expect(RequirementsSession.fileName(for: "ios 5.2/beta") == "ios_5.2_beta.schema.json")
    }

    /// A kind no response has is known from the decoder's own strings: it is decoded otherwise than
    /// an unknown value (here: the item's fields are read, and missing).
    @Test func theDecodersOwnStringsNameKindsNoResponseHas() async throws {
        let onlyTitle = #"{"screenName": "Home", "contents": [{"viewType": "title", "title": "Hi"}]}"#
        let probe = RequirementProbe(candidateValues: RequirementProbe.candidates(fromLiterals: ["banner", "zzz", "title", "not a kind", ""]))
        let result = await probe.probe(FetchedResponse(contentEncoding: nil, body: Array(onlyTitle.utf8), source: "home"), caseID: "home",
                                       client: Self.client)
        let d = try #require(ClientRequirements.build(client: "app", results: [result]).discriminators.first)
        #expect(d.knownValues == ["banner", "title"], "\(d)")
        #expect(RequirementProbe.candidates(fromLiterals: ["a", "ok_1", "two words", "é", "x.y-z"]) == ["ok_1", "x.y-z"])
    }

    /// A decoder that keeps an unknown kind's name, as many apps do (`Unknown("promo")`).
    struct NamingFeed: Decodable {
        let screenName: String
        let contents: [Item]
        enum Item: Decodable {
            case title(String), banner(url: String), unknown(type: String)
            enum Keys: String, CodingKey { case viewType, title, url }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                switch try c.decode(String.self, forKey: .viewType) {
                case "title": self = .title(try c.decode(String.self, forKey: .title))
                case "banner": self = .banner(url: try c.decode(String.self, forKey: .url))
                case let other: self = .unknown(type: other)
                }
            }
        }

        var rendering: Rendering {
            Rendering(screen: screenName, components: contents.map { item in
                switch item {
                case .title(let t): .component("title", [.text(nil, t)])
                case .banner(let url): .component("banner", [.link("image", url)])
                case .unknown(let type): .component("unknown", [.value("type", type)])
                }
            })
        }
    }

    /// A client that shows an unknown kind's name renders every value it does not know otherwise
    /// (`"zzz"` and the probe's own unknown value): its known kinds are still only the ones it
    /// decodes, not every string of its code.
    @Test func aClientThatNamesUnknownKindsKnowsOnlyTheKindsItDecodes() async throws {
        let client = InProcessClient(DecoderUnderTest(name: "naming", decode: { try JSONDecoder().decode(NamingFeed.self, from: Data($0)) },
                                                      rendering: { $0.rendering }))
        let screen = { (kind: String) in #"{"screenName": "Home", "contents": [{"viewType": "\#(kind)", "title": "Hi"}]}"# }
        let named = { (kind: String) throws -> Rendering in try JSONDecoder().decode(NamingFeed.self, from: Data(screen(kind).utf8)).rendering }
        #expect(try named("zzz") != named("sdui-unknown-value"), "the rendering holds the unknown kind's name (the probe's unknown value here)")
        let probe = RequirementProbe(candidateValues: ["banner", "crash", "title", "zzz"])
        let result = await probe.probe(FetchedResponse(contentEncoding: nil, body: Array(screen("title").utf8), source: "home"), caseID: "home",
                                       client: client)
        let requirements = ClientRequirements.build(client: "naming", results: [result])
        let d = try #require(requirements.discriminators.first)
        #expect(d.knownValues == ["banner", "title"], "\(d)")
        // No response has a banner: one is sketched from what the decoder asks for (`url`, as its
        // `keyNotFound` says) and probed, so the schema says what a banner must carry.
        let url = try #require(requirements.field(kind: "banner", path: "$.contents[*].url"), "\(requirements.fields.map(\.path))")
        #expect(url.required && url.removalCost == .rejected && url.acceptedTypes == ["string"], "\(url)")
    }

    /// The decoder's own errors, read as the steps of a sketch.
    @Test func aSketchFollowsTheDecodersErrors() throws {
        let add = try #require(SketchFill(#"keyNotFound at $.contents[0]["a b"]: no value for key "code""#))
        let doc = try JSONParser().parse(Array(#"{"contents": [{"a b": {}}]}"#.utf8))
        #expect(JSONSerializer.string(add.apply(to: doc)) == #"{"contents":[{"a b":{"code":"sdui-probe"}}]}"#)
        let retype = try #require(SketchFill("typeMismatch at $.contents[0].n: expected Int: Expected to decode Int but found a string instead."))
        #expect(retype.value == .number(7))
        #expect(SketchFill("valueNotFound at $.x: expected Swift.Array<Any>, found null: …")?.value == .array([]))
        #expect(SketchFill("dataCorrupted at $.x: bad") == nil && SketchFill("HomeError.unknownScreen") == nil)
    }

    /// `sdui contract check` with the schemas beside the contracts: a breaking result says which
    /// requirement the response broke, as the backend's validator would; the schema read back
    /// from its file says what the one in memory says.
    @Test func aBreakingCheckNamesTheRequirementItBroke() async throws {
        let fixture = try GateFixture(config: #"{"clients": [{"name": "app", "product": "App"}]}"#)
        defer { fixture.remove() }
        try fixture.addContract("home", json: Self.body)
        var requirements = RequirementsSession.Request(directory: fixture.root.path)
        requirements.schemaDirectory = fixture.root.appendingPathComponent("requirements").path
        let probed = try await RequirementsSession(requirements, clients: { _ in [Self.client] }).run()
        let written = try #require(fixture.read("requirements/app.schema.json"))
        let reread = try RequirementsSchema(json: Array(written.utf8), client: "app")
        let broken = try JSONParser().parse(Array(Self.body.replacingOccurrences(of: #""title": "Hi", "#, with: "").utf8))
        #expect(reread.violations(of: broken) == RequirementsSchema(probed.requirements[0]).violations(of: broken))
        #expect(reread.json == written, "read back, written again: the same file")

        var record = ContractSession.Request(directory: fixture.root.path)
        record.offline = true
        record.mode = .record(update: false, saveResponses: false)
        _ = try await ContractSession(record, liveSource: nil, clients: { _ in [Self.client] }).run()
        try fixture.setResponse("home", json: Self.body.replacingOccurrences(of: #""title": "Hi", "#, with: ""))
        var check = ContractSession.Request(directory: fixture.root.path)
        check.offline = true
        let outcome = try await ContractSession(check, liveSource: nil, clients: { _ in [Self.client] }).run()
        let result = try #require(outcome.run.results.first)
        #expect(result.status == .breaking && result.requirementsFile == "requirements/app.schema.json")
        #expect(result.requirements == [#"$.contents[0]: missing "title""#], "\(result.requirements)")
        #expect(outcome.report.contains("breaks what app requires"))
    }
}
