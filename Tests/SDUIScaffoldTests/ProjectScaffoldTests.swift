import Foundation
@testable import SDUIScaffold
import Testing

/// `sdui init`'s files: what a team needs to start, never over a file of its own.
@Suite struct ProjectScaffoldTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-init-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let shop = ProjectScaffold(
        decoder: .init(decodeExpression: "try HomeScreen.decode(data)", sources: ["ShopApp"]),
        harnessRepository: "acme/SDUIHarness", harnessVersion: "0.1.0",
        sampleResponse: (origin: "ShopApp/Mocks/home.json", bytes: Array(#"{"items": []}"#.utf8)))

    @Test func writesEveryFileOnceAndNeverOverwrites() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("Pods/\n.build/".utf8).write(to: URL(fileURLWithPath: root + "/.gitignore"))
        try FileManager.default.createDirectory(atPath: root + "/.github/workflows", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/.github/workflows/sdui.yml"))

        let first = try Self.shop.write(into: root)
        #expect(first.contains(.wrote("sdui.json")))
        #expect(first.contains(.wrote("Contracts/sdui-contracts.json")))
        #expect(first.contains(.wrote("Contracts/responses/home.json")))
        #expect(first.contains(.keptExisting(".github/workflows/sdui.yml")))
        #expect(first.contains(.appended(".gitignore", lines: ["campaigns/", ".build-sdui-decoders/", ".build-fuzz/", ".build-fuzz-driver/", ".build-sdui-debug/"])))
        #expect(first.contains(.wrote(".clusterfuzzlite/build.sh")))
        #expect(try String(contentsOfFile: root + "/.github/workflows/sdui.yml", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: root + "/.gitignore", encoding: .utf8)
                == "Pods/\n.build/\n# sdui: campaign output and generated fuzz packages\ncampaigns/\n.build-sdui-decoders/\n.build-fuzz/\n.build-fuzz-driver/\n.build-sdui-debug/\n")
        let mode = try FileManager.default.attributesOfItem(atPath: root + "/.clusterfuzzlite/build.sh")[.posixPermissions] as? Int
        #expect(mode == 0o755)

        // Again: everything is kept, nothing appended twice.
        try Data("edited".utf8).write(to: URL(fileURLWithPath: root + "/Contracts/contracts/home.json"))
        let second = try Self.shop.write(into: root)
        #expect(second.allSatisfy { if case .wrote = $0 { false } else if case .appended = $0 { false } else { true } }, "\(second)")
        #expect(second.contains(.upToDate(".gitignore")))
        #expect(try String(contentsOfFile: root + "/Contracts/contracts/home.json", encoding: .utf8) == "edited")
    }

    @Test func theClientIsTheDecoderAsTheAppHasItAndItsFoldersAreSeenFromContracts() throws {
        let config = try #require(try JSONSerialization.jsonObject(with: Data(Self.shop.contractsConfig.utf8)) as? [String: Any])
        let client = try #require((config["clients"] as? [[String: Any]])?.first)
        #expect(client["decode"] as? String == "try HomeScreen.decode(data)")
        #expect(client["sources"] as? [String] == ["../ShopApp"])
        #expect(client["name"] as? String == "app")
        // With no decoder: no client (the reference decoder), the reference protocol's sample, no ClusterFuzzLite.
        let bare = ProjectScaffold(decoder: nil, harnessRepository: "acme/SDUIHarness")
        let bareConfig = try #require(try JSONSerialization.jsonObject(with: Data(bare.contractsConfig.utf8)) as? [String: Any])
        #expect((bareConfig["clients"] as? [Any])?.isEmpty == true)
        #expect(bare.files.map(\.path).contains("Contracts/responses/home.json"))
        #expect(!bare.files.contains { $0.path.hasPrefix(".clusterfuzzlite/") })
        #expect(!bare.workflow.contains("crashes:"))
    }

    /// The decoder is said once, in sdui.json, exactly as given (any characters); the workflow and
    /// the ClusterFuzzLite build do not repeat it: sdui reads the file.
    @Test func theDecoderIsSaidOnceInTheProjectFile() throws {
        let tricky = ProjectScaffold(decoder: .init(decodeExpression: "try Feed.parse(data, options: [.lenient]) // it's \"q\"", sources: ["App Sources"]),
                                     harnessRepository: "acme/SDUIHarness", harnessVersion: "0.1.0")
        let file = try #require(tricky.files.first)
        #expect(file.path == "sdui.json")
        let read = try JSONDecoder().decode(ProjectFile.self, from: Data(file.text.utf8))
        #expect(read.decoders == [.init(name: "app", sources: ["App Sources"], decode: "try Feed.parse(data, options: [.lenient]) // it's \"q\"")])
        #expect(!tricky.workflow.contains("Feed.parse") && !tricky.buildScript.contains("Feed.parse") && !tricky.buildScript.contains("--sources"))
        #expect(tricky.workflow.contains("uses: acme/SDUIHarness@v0.1.0"))
        #expect(tricky.dockerfile.contains("git clone --depth 1 --branch v0.1.0 https://github.com/acme/SDUIHarness $SRC/SDUIHarness"))
    }

    /// The workflow runs on GitHub as written: Swift in the job's container, every action pinned by
    /// commit (the harness to the checkout init ran from), checkouts without persisted credentials,
    /// code-scanning rights for the job that uploads only, and an upload only when there are results.
    @Test func theWorkflowPinsWhatItUsesAndUploadsOnlyResults() {
        let hash = String(repeating: "ab", count: 20)
        let scaffold = ProjectScaffold(decoder: .init(typeName: "Screen", sources: ["App"]), harnessRepository: "acme/SDUIHarness",
                                       harnessReference: .commit(hash, describedAs: "main"))
        let workflow = scaffold.workflow
        #expect(workflow.contains("uses: acme/SDUIHarness@\(hash) # main"))
        #expect(!workflow.contains("@v4\n") && !workflow.contains("@v3\n"))
        for line in workflow.split(separator: "\n") where line.contains("uses: ") {
            let reference = line.split(separator: "@").last.map { String($0.prefix(40)) } ?? ""
            #expect(reference.count == 40 && reference.allSatisfy(\.isHexDigit), "not pinned by commit: \(line)")
        }
        #expect(workflow.components(separatedBy: "persist-credentials: false").count == 3)
        #expect(workflow.components(separatedBy: "container: swift:6.2").count == 3)
        #expect(workflow.components(separatedBy: "security-events: write").count == 2, "only the job that uploads")
        #expect(workflow.contains("if: always() && steps.fuzz.outputs.sarif-results != '' && steps.fuzz.outputs.sarif-results != '0'"))
        #expect(scaffold.dockerfile.contains("git clone https://github.com/acme/SDUIHarness $SRC/SDUIHarness && git -C $SRC/SDUIHarness checkout --quiet \(hash)"))
    }

    /// ClusterFuzzLite as its tools lay it out: the repository at `$SRC/<name>`, `build.sh` run as
    /// `$SRC/build.sh` from there, and the two workflows that run it, pinned.
    @Test func clusterFuzzLiteFilesFollowItsLayout() {
        var scaffold = ProjectScaffold(decoder: .init(typeName: "Screen", sources: ["Shop App"]), harnessRepository: "acme/SDUIHarness")
        scaffold.projectName = "shop-ios"
        #expect(scaffold.dockerfile.contains("COPY . $SRC/shop-ios\nWORKDIR $SRC/shop-ios\nCOPY .clusterfuzzlite/build.sh $SRC/"))
        #expect(scaffold.buildScript.contains(#"elif [ -d "$SRC/shop-ios" ]; then cd "$SRC/shop-ios"; fi"#))
        let paths = scaffold.files.map(\.path)
        #expect(paths.contains(".github/workflows/cflite-pr.yml") && paths.contains(".github/workflows/cflite-batch.yml"))
        #expect(scaffold.clusterFuzzLitePullRequests.contains("      - 'Shop App/**'"))
        #expect(scaffold.clusterFuzzLitePullRequests.contains("mode: code-change"))
        #expect(scaffold.clusterFuzzLiteBatch.contains("mode: batch") && scaffold.clusterFuzzLiteBatch.contains("mode: prune"))
        for line in (scaffold.clusterFuzzLitePullRequests + scaffold.clusterFuzzLiteBatch).split(separator: "\n") where line.contains("uses: ") {
            #expect(line.contains("@884713a6c30a92e5e8544c39945cd7cb630abcd1 # v1"), "\(line)")
        }
        let bare = ProjectScaffold(decoder: nil, harnessRepository: "acme/SDUIHarness")
        #expect(!bare.files.contains { $0.path.contains("cflite") })
    }

    /// `sdui init --no-round-trip` is said in sdui.json, so every command that reads it keeps it.
    @Test func noRoundTripIsInTheProjectFile() {
        let scaffold = ProjectScaffold(decoder: .init(typeName: "Screen", sources: ["App"], roundTrip: false), harnessRepository: "acme/SDUIHarness")
        #expect(scaffold.projectFile?.decoders.first?.roundTrip == false)
        #expect(ProjectScaffold(decoder: .init(typeName: "Screen", sources: ["App"]), harnessRepository: "acme/SDUIHarness").projectFile?.decoders.first?.roundTrip == nil)
        #expect(ProjectScaffold(decoder: nil, harnessRepository: "acme/SDUIHarness").projectFile == nil)
    }
}
