import Foundation
import SDUICrashAnalysis
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SDUICampaign
import SDUIFuzz
import Testing

/// The CI formats of crash findings: SARIF at the user's innermost frame, Xcode lines, JUnit,
/// GitHub annotations and summary. (CI also validates real campaign and regress SARIF against the
/// SARIF 2.1.0 schema: scripts/check-sarif.sh in scripts/fuzz-ci.sh.)
@Suite struct CrashFindingFormatTests {
    static let base = "/Users/dev/ShopRepo"
    static let frames: [CrashAnalysis.Frame] = [
        .init(index: 0, function: "swift_unexpectedError", location: "", isProject: false),
        .init(index: 1, function: "Coupon.init(from:)", location: "<compiler-generated>:0", isProject: true),
        .init(index: 2, function: "HomeScreen.decode(_:)", location: "/Users/dev/ShopRepo/ShopApp/Models/Home Screen.swift:42:17", isProject: true),
        .init(index: 3, function: "SDUIGeneratedTarget.harness", location: "/Users/dev/ShopRepo/.build-sdui-decoders/x/SDUIGeneratedEntry.swift:9:5", isProject: false),
    ]

    static let signature = CrashIdentity("crash-00000000abc1")!

    static func finding(kind: CrashKind = .crash, frames: [CrashAnalysis.Frame] = frames, packageRoot: String = "/Users/dev/ShopRepo/.build-sdui-decoders/x") -> CrashFinding {
        CrashFinding(target: "ShopApp", signature: signature, kind: kind,
                     title: "crash in HomeScreen.decode(_:) at Home Screen.swift:42: Unexpectedly found nil",
                     message: "Unexpectedly found nil", inputs: ["campaigns/x/artifacts/crash-1", "campaigns/x/artifacts/crash-2"],
                     reproduce: "sdui repro campaigns/x/artifacts/crash-1", frames: frames, packageRoot: packageRoot, baseDirectory: base)
    }

    @Test func theSiteIsTheUsersInnermostLinedFrameRelativeToTheBase() {
        let site = Self.finding().site
        #expect(site == .init(path: "ShopApp/Models/Home Screen.swift", line: 42, isRelative: true))
        // A package target's frames are relative to its package root.
        let relative = [CrashAnalysis.Frame(index: 0, function: "f", location: "Sources/Feed/Feed.swift:7:3", isProject: true)]
        #expect(Self.finding(frames: relative, packageRoot: "/Users/dev/ShopRepo").site?.path == "Sources/Feed/Feed.swift")
        // Outside the base: absolute, and said so.
        let outside = [CrashAnalysis.Frame(index: 0, function: "f", location: "/elsewhere/Feed.swift:7:3", isProject: true)]
        #expect(Self.finding(frames: outside).site == .init(path: "/elsewhere/Feed.swift", line: 7, isRelative: false))
        // No project frame with a line: no site.
        #expect(Self.finding(frames: Array(Self.frames.prefix(2))).site == nil)
    }

    @Test func sarifHasARulePerKindAndAResultPerSignatureAtTheSite() throws {
        let findings = [Self.finding(), Self.finding(kind: .timeout, frames: [])]
        let data = CrashFindingFormat.sarif(findings, toolVersion: "9.9.9")
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "sdui" && driver["version"] as? String == "9.9.9")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["sdui.fuzz.crash", "sdui.fuzz.timeout"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let physical = try #require(((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "ShopApp/Models/Home%20Screen.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 42)
        #expect((results[0]["partialFingerprints"] as? [String: String])?["sduiCrashSignature/v1"] == "crash-00000000abc1")
        #expect(results[1]["ruleIndex"] as? Int == 1)
        // Without a site, the result points at its input.
        let fallback = try #require(((results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((fallback["artifactLocation"] as? [String: Any])?["uri"] as? String == "campaigns/x/artifacts/crash-1")
        #expect(fallback["region"] == nil)
    }

    /// For code scanning: relative URIs say their base in `originalUriBaseIds`, and each rule has
    /// help text and, when the docs' URL is known, a `helpUri` to its section of docs/rules.md.
    @Test func sarifSaysItsBaseAndEveryRuleHasHelp() throws {
        let data = CrashFindingFormat.sarif([Self.finding(), Self.finding(kind: .timeout, frames: [])], baseDirectory: Self.base,
                                            documentation: "https://github.com/acme/SDUIHarness/blob/abc/docs")
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        #expect(bases["%SRCROOT%"]?["uri"] == "file://" + Self.base + (Self.base.hasSuffix("/") ? "" : "/"))
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for rule in rules {
            #expect(((rule["help"] as? [String: String])?["text"])?.isEmpty == false)
        }
        #expect(rules[0]["helpUri"] as? String == "https://github.com/acme/SDUIHarness/blob/abc/docs/rules.md#sduifuzzcrash")
        // Without a docs URL: no link rather than a guessed one.
        let plain = try #require(try JSONSerialization.jsonObject(with: CrashFindingFormat.sarif([Self.finding()])) as? [String: Any])
        let plainRule = try #require((((plain["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(plainRule[0]["helpUri"] == nil && plainRule[0]["help"] != nil)
    }

    /// Reports are relative to the repository the folder is in, not to the folder itself.
    @Test func theReportBaseIsTheRepositoryRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-base-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/ios/App", withIntermediateDirectories: true)
        #expect(CrashFinding.reportBase(for: root + "/ios/App") == root)
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-nogit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        #expect(CrashFinding.reportBase(for: elsewhere) == URL(fileURLWithPath: elsewhere).standardizedFileURL.path)
    }

    @Test func xcodeGithubAndJUnitName() throws {
        let f = Self.finding()
        #expect(CrashFindingFormat.xcode([f]) ==
                "ShopApp/Models/Home Screen.swift:42: error: crash in HomeScreen.decode(_:) at Home Screen.swift:42: Unexpectedly found nil [ShopApp, signature crash-00000000abc1]\n")
        let annotation = CrashFindingFormat.githubAnnotations([f])
        #expect(annotation.hasPrefix("::error file=ShopApp/Models/Home Screen.swift,line=42,title=sdui crash [ShopApp]::crash in HomeScreen.decode(_:) at"))
        #expect(annotation.contains("%0AReproduce: sdui repro campaigns/x/artifacts/crash-1"))
        let summary = CrashFindingFormat.githubSummary(title: "sdui fuzz regress", verdict: "2 kept input(s): 1 crash again.", [f])
        #expect(summary.contains("| ShopApp | crash | `ShopApp/Models/Home Screen.swift:42` |"))

        let junit = CrashFindingFormat.junit([.init(input: "Corpus/crashes/a", product: "FuzzShop", finding: nil, seconds: 0.1),
                                              .init(input: "Corpus/crashes/b", product: "FuzzShop", finding: f, seconds: 0.2)], suite: "sdui-fuzz-regress")
        let counter = JUnitCounting()
        let parser = XMLParser(data: Data(junit.utf8))
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.testcases == 2 && counter.failures == 1)
        #expect(junit.contains("file=\"ShopApp/Models/Home Screen.swift\" line=\"42\""))
    }
}

final class JUnitCounting: NSObject, XMLParserDelegate {
    var testcases = 0, failures = 0
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "testcase" { testcases += 1 }
        if name == "failure" { failures += 1 }
    }
}
