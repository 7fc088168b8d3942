import Foundation
import GateTestSupport
import SDUIPayload
@testable import SDUIContractTesting
import Testing

/// The gate's verdict inside the app's own tests.
@Suite struct AssertContractTests {
    static func directory() -> String { FileManager.default.temporaryDirectory.appendingPathComponent("sdui-assert-\(UUID().uuidString)").path }

    @Test func recordsThenPassesThenFailsOnBreakingButNotOnChanged() async throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let client = InProcessClient(TeamApp.old)
        let body = Array(TeamApp.screen([("title", ["title": "Hi"])]).utf8)
        // No golden yet: it is written, and the test is told to review it.
        await withKnownIssue { _ = await assertContract(body, matches: "home", client: client, record: .missing, goldenDirectory: dir) }
        #expect(FileManager.default.fileExists(atPath: dir + "/home.txt"))
        // Same response, compressed: passes, no findings.
        let gz = Deflater.compress(Array(TeamApp.screen([("title", ["title": "Hi"])]).utf8), as: .gzip)
        #expect(await assertContract(gz, contentEncoding: "gzip", matches: "home", client: client, record: .never, goldenDirectory: dir).isEmpty)
        // A content edit is reported but does not fail the default gate.
        let edited = Array(TeamApp.screen([("title", ["title": "Hello"])]).utf8)
        let changed = await assertContract(edited, matches: "home", client: client, record: .never, goldenDirectory: dir)
        #expect(changed.map(\.rule.name) == ["text-changed"])
        // … but fails with failOn: .changed, and a silently dropped component fails by default.
        await withKnownIssue { _ = await assertContract(edited, matches: "home", client: client, record: .never, failOn: .changed, goldenDirectory: dir) }
        let dropped = Array(TeamApp.screen([("title", ["title": "Hi"]), ("coupon", ["code": "X"])]).utf8)
        await withKnownIssue {
            let findings = await assertContract(dropped, matches: "home", client: client, record: .never, goldenDirectory: dir)
            #expect(findings.map(\.rule.id) == ["SDUI-B008"])
        }
        // Record mode `.all` rewrites the golden (and still fails, so the change is reviewed).
        await withKnownIssue { _ = await assertContract(edited, matches: "home", client: client, record: .all, goldenDirectory: dir) }
        #expect(await assertContract(edited, matches: "home", client: client, record: .never, goldenDirectory: dir).isEmpty)
    }

    @Test func aModeInCodeWinsThenTheEnvironmentThenCI() {
        #expect(RecordMode.effective(nil, environment: [:]) == .missing)
        #expect(RecordMode.effective(nil, environment: ["CI": "true"]) == .never)
        #expect(RecordMode.effective(nil, environment: ["CI": "true", "SDUI_RECORD": "all"]) == .all)
        #expect(RecordMode.effective(.missing, environment: ["CI": "true", "SDUI_RECORD": "never"]) == .missing)
    }

    @Test func goldensDefaultToAFolderBesideTheTestFile() async throws {
        let client = InProcessClient(TeamApp.new)
        let body = Array(TeamApp.screen([("title", ["title": "Hi"]), ("coupon", ["code": "X"])]).utf8)
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/AssertContractTests/coupon-screen.txt")
        #expect(FileManager.default.fileExists(atPath: expected.path), "checked in beside this file")
        #expect(await assertContract(body, matches: "coupon-screen", client: client, record: .never).isEmpty)
    }

    /// A team's decoder with no `rendering:`: the gate derives what the app shows from the decoded
    /// value, and a component decoded into the fallback case is not shown.
    @Test func aDecoderWithoutRenderingIsGatedOnTheDerivedRendering() async throws {
        struct Feed: Decodable { let screenName: String; let contents: [Item] }
        enum Item: Decodable {
            case title(String), banner(imageUrl: String), unknown
            enum Keys: String, CodingKey { case viewType, text, imageUrl }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                switch try c.decode(String.self, forKey: .viewType) {
                case "TitleViewType": self = .title(try c.decode(String.self, forKey: .text))
                case "BannerViewType": self = .banner(imageUrl: try c.decode(String.self, forKey: .imageUrl))
                default: self = .unknown
                }
            }
        }
        let client = InProcessClient(DecoderUnderTest(name: "app", decode: { try JSONDecoder().decode(Feed.self, from: Data($0)) }))
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let old = #"{"screenName": "Home", "contents": [{"viewType": "TitleViewType", "text": "Hi"}, "#
            + #"{"viewType": "BannerViewType", "imageUrl": "https://cdn.example.com/b.png"}]}"#
        await withKnownIssue { _ = await assertContract(Array(old.utf8), matches: "home", client: client, record: .missing, goldenDirectory: dir) }
        let golden = try String(contentsOfFile: dir + "/home.txt", encoding: .utf8)
        #expect(golden == "screen Home\n├─ title value=\"Hi\"\n└─ banner imageUrl=https://cdn.example.com/b.png\n")
        // The banner's type renamed: the decoder's fallback shows nothing, and the gate says so.
        let renamed = old.replacingOccurrences(of: "BannerViewType", with: "HeroBannerViewType")
        await withKnownIssue {
            let findings = await assertContract(Array(renamed.utf8), matches: "home", client: client, record: .never, goldenDirectory: dir)
            #expect(findings.map(\.rule.id).contains("SDUI-B008"))
        }
    }

    /// The decoder named as the app calls it (a type, a decode expression over `Data`, a
    /// `@MainActor` registry): the three agree on one golden, and each fails when the kind is renamed.
    @Test func theDecoderIsNamedAsTheAppCallsIt() async throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let old = Array(#"{"screenName": "Home", "contents": [{"viewType": "TitleViewType", "text": "Hi"}, {"viewType": "BannerViewType", "text": "Sale"}]}"#.utf8)
        let renamed = Array(String(decoding: old, as: UTF8.self).replacingOccurrences(of: "BannerViewType", with: "HeroViewType").utf8)
        let byType = InProcessClient(decoding: AppFeed.self)
        let byExpression = InProcessClient { data in try AppFeed.parse(data) }
        let onMainActor = MainActorClient { data in try FeedRegistry.shared.load(data) }
        #expect(byType.name == "AppFeed")
        await withKnownIssue { _ = await assertContract(old, matches: "feed", client: byType, record: .missing, goldenDirectory: dir) }
        let golden = try String(contentsOfFile: dir + "/feed.txt", encoding: .utf8)
        #expect(golden.contains("TitleViewType") || golden.contains("title"), "\(golden)")
        for client in [byType, byExpression] as [any ContractClient] {
            #expect(await assertContract(old, matches: "feed", client: client, record: .never, goldenDirectory: dir).isEmpty, "\(client.name)")
        }
        #expect(await assertContract(old, matches: "feed", client: onMainActor, record: .never, goldenDirectory: dir).isEmpty)
        await withKnownIssue {
            let findings = await assertContract(renamed, matches: "feed", client: onMainActor, record: .never, goldenDirectory: dir)
            #expect(findings.map(\.rule.id).contains("SDUI-B008"))
        }
    }
}

/// A team's models as an app writes them: the items a `Decodable` enum with a fallback case, a
/// static parse function, and a `@MainActor` registry that keeps what it loaded.
struct AppFeed: Decodable {
    let screenName: String
    let contents: [Item]
    enum Item: Decodable {
        case titleViewType(text: String), bannerViewType(text: String), unknown
        enum Keys: String, CodingKey { case viewType, text }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            switch try c.decode(String.self, forKey: .viewType) {
            case "TitleViewType": self = .titleViewType(text: try c.decode(String.self, forKey: .text))
            case "BannerViewType": self = .bannerViewType(text: try c.decode(String.self, forKey: .text))
            default: self = .unknown
            }
        }
    }
    static func parse(_ data: Data) throws -> AppFeed { try JSONDecoder().decode(AppFeed.self, from: data) }
}

@MainActor final class FeedRegistry {
    static let shared = FeedRegistry()
    private(set) var loaded: [AppFeed] = []
    func load(_ data: Data) throws -> AppFeed {
        let feed = try AppFeed.parse(data)
        loaded.append(feed)
        return feed
    }
}
