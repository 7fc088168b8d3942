import Foundation
import SDUIDecoderSlice
import SDUIPlatform
import SDUIPlatformProcesses
import XCTest

/// The slice of a small SwiftUI/UIKit app folder (Fixtures/CardApp): view code left out, Apple
/// frameworks stood in, what cannot compile pruned, the decode path kept byte for byte.
final class DecoderSlicerTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/CardApp").path

    func work() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slice-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func slicer(_ expression: String = "try Screen.parse(data)", sources: [String] = [fixture], work: String) -> DecoderSlicer {
        DecoderSlicer(location: DecoderLocation(sources: sources, moduleName: "CardApp", decodeExpression: expression),
                      standInsFolder: HarnessCheckout.standIns, workFolder: work, os: .linux)
    }

    func testLeavesOutViewCodeAndKeepsTheDecodePath() throws {
        let slice = try slicer(work: work()).slice()
        let notes = slice.notes.map { $0.text(relativeTo: Self.fixture) }
        func has(_ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertTrue(notes.contains { $0.contains(fragment) }, "no note with \(fragment) in:\n" + notes.joined(separator: "\n"), file: file, line: line)
        }
        has("CardApp.swift:3: left out `struct CardApp: App` (the app's entry point")
        has("Models/Screen.swift:3: import dropped `import Kingfisher`")
        has("Models/Screen.swift:2: stood in `import SwiftUI`")
        has("Models/Screen.swift:33: left out `func remoteImage() -> KFImage`")
        has("Views/CardView.swift:4: dropped `CardView: View`")
        has("Views/CardView.swift:6: left out `@State private var pressed = false`")
        has("Views/CardView.swift:9: left out `var body: some View`")
        has("Views/CardView.swift:29: dropped `CardCell: UITableViewCell`")
        has("Views/CardView.swift:30: left out `@IBOutlet weak var titleLabel: UILabel!`")
        has("Views/CardView.swift:37: left out `func makeView() -> some View`")
        has("Views/CardView.swift:38: left out `var label: UILabel`")
        has("Views/CardView.swift:32: left out `func configure(with card: Card)` (does not compile here: cannot find 'titleLabel' in scope)")
        XCTAssertFalse(notes.contains { $0.contains("struct Card:") || $0.contains("var id: String") }, notes.joined(separator: "\n"))
        has("Views/CardView.swift:45: left out `#Preview")
        // Kept: the models, the nested decodable type of a view, the hex initializer, a view's plain members.
        let kept = slice.files.map(\.text).joined()
        XCTAssertTrue(kept.contains("let value = UInt64(hex.dropFirst(), radix: 16)!"))
        XCTAssertTrue(kept.contains("struct Style: Decodable"))
        XCTAssertTrue(kept.contains("var style: CardView.Style"))
        XCTAssertTrue(kept.contains("var id: String { card.id }"))
        XCTAssertFalse(kept.contains("VStack("))
        XCTAssertEqual(slice.standIns, ["CoreGraphics", "Combine", "UIKit", "SwiftUI"])
    }

    /// Every kept line is where it was, and the compiler is told the original file.
    func testKeepsEveryLineWhereItWas() throws {
        let slice = try slicer(work: work()).slice()
        for file in slice.files {
            let original = try String(contentsOfFile: file.path, encoding: .utf8)
            var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.removeFirst(), "#sourceLocation(file: \"\(file.path)\", line: 1)")
            let originalLines = original.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.count, originalLines.count, file.relativePath)
            for (kept, was) in zip(lines, originalLines) where !kept.allSatisfy({ $0 == " " }) {
                XCTAssertEqual(kept.count, was.count, "\(file.relativePath): \(was)")
            }
        }
    }

    /// The slice runs, and its crashes name the user's own file and line.
    func testSliceRunsAndCrashesNameTheOriginalLine() throws {
        let dir = try work()
        let slice = try slicer(work: dir).slice()
        let main = dir + "/main.swift"
        try """
        import Foundation
        let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
        let screen = try Screen.parse(data)
        print("decoded \\(screen.cards.count) cards")
        """.write(toFile: main, atomically: true, encoding: .utf8)
        var sources: [String] = []
        for (i, file) in slice.files.enumerated() {
            let path = dir + "/s\(i).swift"
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            sources.append(path)
        }
        let swiftc = try XCTUnwrap(Toolchain.tool("swiftc"))
        var linkStandIns: [String] = []
        for module in slice.standIns {
            let files = DecoderSlicer.swiftFiles(under: [HarnessCheckout.standIns + "/" + module]).map(\.path)
            let built = try ProcessRunner.run(swiftc, ["-parse-as-library", "-swift-version", "5", "-emit-library", "-static", "-emit-module",
                                                       "-module-name", module, "-I", dir, "-o", dir + "/lib\(module).a"] + files, in: dir, timeout: 300)
            XCTAssertEqual(built.status, 0, built.stderr)
            linkStandIns.insert("-l\(module)", at: 0)  // what needs a module before it, for the linker
        }
        let out = try ProcessRunner.run(swiftc, ["-swift-version", "5", "-Onone", "-g", "-module-name", "CardApp", "-I", dir, "-L", dir]
                                        + linkStandIns + [main] + sources + ["-o", dir + "/card"], in: dir, timeout: 600)
        XCTAssertEqual(out.status, 0, out.stderr)
        func run(_ json: String) throws -> ProcessRunner.Output {
            let input = dir + "/in-\(UUID().uuidString).json"
            try json.write(toFile: input, atomically: true, encoding: .utf8)
            return try ProcessRunner.run(dir + "/card", [input], timeout: 60)
        }
        let fine = try run(##"{"title": "t", "cards": [{"id": "a", "kind": "grid", "tint": "#112233", "columns": 3}]}"##)
        XCTAssertEqual(fine.stdout, "decoded 1 cards\n", fine.stderr)
        let badHex = try run(##"{"title": "t", "cards": [{"id": "a", "kind": "promo", "tint": "#zz"}]}"##)
        XCTAssertNotEqual(badHex.status, 0)
        XCTAssertTrue(badHex.stderr.contains("CardApp/Screen.swift:38: Fatal error: Unexpectedly found nil"), badHex.stderr)
        let zero = try run(##"{"title": "t", "cards": [{"id": "a", "kind": "grid", "tint": "#112233", "columns": 0}]}"##)
        // (The runtime names its own line for this one; the campaign's symbolized stack names Screen.swift:29.)
        XCTAssertNotEqual(zero.status, 0)
        XCTAssertTrue(zero.stderr.contains("Fatal error: Division by zero"), zero.stderr)
    }

    func testADecodePathThatCannotCompileIsAnErrorNamingIt() throws {
        let dir = try work()
        let app = dir + "/App"
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try """
        import UIKit
        struct Banner: Decodable {
            let tint: UIColor
            init(from decoder: Decoder) throws {
                tint = UIColor.systemTeal.resolvedColor(with: UITraitCollection())
            }
        }
        """.write(toFile: app + "/Banner.swift", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try slicer("try JSONDecoder().decode(Banner.self, from: data)", sources: [app], work: dir).slice()) { error in
            guard case SliceError.cannotLeaveOut(let file, let line, let declaration, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(file, app + "/Banner.swift")
            XCTAssertEqual(line, 4)
            XCTAssertEqual(declaration, "init(from decoder: Decoder) throws")
            XCTAssertTrue("\(error)".contains("on the decode path"))
        }
    }

    /// A stored property of a decodable type is never left out (it would decode otherwise); when its
    /// type is declared elsewhere in the project, the error says which folder to add.
    func testATypeDeclaredOutsideTheFoldersIsNamedWithItsFile() throws {
        let dir = try work()
        let fm = FileManager.default
        for folder in ["Shop.xcodeproj", "Shop/Models", "Shared"] { try fm.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        try "struct Product: Decodable {\n    let name: String\n    let price: Money?\n}\n".write(toFile: dir + "/Shop/Models/Product.swift", atomically: true, encoding: .utf8)
        try "struct Money: Decodable {\n    let cents: Int\n}\n".write(toFile: dir + "/Shared/Money.swift", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try slicer("try JSONDecoder().decode(Product.self, from: data)", sources: [dir + "/Shop/Models"], work: dir + "/work").slice()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("Product.swift:3: `let price: Money?` does not compile here"), text)
            XCTAssertTrue(text.contains("leaving it out would change what is decoded"), text)
            XCTAssertTrue(text.contains("Money is declared in Shared/Money.swift, outside the folders given: add --sources Shared"), text)
        }
        XCTAssertNoThrow(try slicer("try JSONDecoder().decode(Product.self, from: data)", sources: [dir + "/Shop/Models", dir + "/Shared"], work: dir + "/work").slice())
    }

    /// A decode path that needs a module this system cannot build says which, and how to give it.
    func testADependencyOnTheDecodePathIsNamed() throws {
        let dir = try work()
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
        try "import Foundation\nimport LayoutKit\n\nstruct Banner: Decodable {\n    let insets: LayoutInsets\n}\n"
            .write(toFile: dir + "/App/Banner.swift", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try slicer("try JSONDecoder().decode(Banner.self, from: data)", sources: [dir + "/App"], work: dir + "/work").slice()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("Banner.swift:5: `let insets: LayoutInsets` does not compile here"), text)
            XCTAssertTrue(text.contains("Banner.swift imports LayoutKit, which is not available here (a dependency package?): add its sources with --sources"), text)
        }
    }

    func testADecodeExpressionThatDoesNotCompileSaysSo() throws {
        XCTAssertThrowsError(try slicer("try Screen.decode(data)", work: work()).slice()) { error in
            guard case SliceError.decodeExpression(let expression, let errors) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(expression, "try Screen.decode(data)")
            XCTAssertTrue(errors.joined().contains("decode"), "\(errors)")
        }
    }

    func testNoSourcesIsAnError() throws {
        let dir = try work()
        XCTAssertThrowsError(try slicer(sources: [dir + "/nothing"], work: dir).slice()) { error in
            XCTAssertEqual(error as? SliceError, .noSources([dir + "/nothing"]))
        }
    }

    func testModuleNameFromAFolder() {
        XCTAssertEqual(DecoderLocation.moduleName(forFolder: "/x/My Shop App"), "MyShopApp")
        XCTAssertEqual(DecoderLocation.moduleName(forFolder: "/x/2048"), "_2048")
    }

    func testCompilerNameOfADashedTarget() {
        XCTAssertEqual(DecoderLocation.compilerName(of: "my-sdui-kit"), "my_sdui_kit")
        XCTAssertEqual(DecoderLocation.compilerName(of: "Shop"), "Shop")
    }

    func location(_ dir: String, _ expression: String, settings: ModuleSettings = .appDefault,
                  unavailable: [UnavailableDependency] = []) -> DecoderSlicer {
        DecoderSlicer(location: DecoderLocation(sources: [dir + "/App"], moduleName: "App", decodeExpression: expression,
                                                settings: settings, unavailableDependencies: unavailable),
                      standInsFolder: HarnessCheckout.standIns, workFolder: dir + "/work", os: .linux)
    }

    /// A Swift 6 target's bare regex literal on the decode path: no slice in Swift 5 mode, one in
    /// the language mode its manifest gives, with the report saying where the settings came from.
    func testCompilesInTheLanguageModeTheManifestGives() throws {
        let dir = try work()
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
        try """
        import Foundation

        struct Link: Decodable {
            let productID: Int?
            init(from decoder: any Decoder) throws {
                let text = try decoder.singleValueContainer().decode(String.self)
                productID = text.firstMatch(of: /^app:\\/\\/product\\/(\\d+)$/).map { Int($0.1)! }
            }
        }

        """.write(toFile: dir + "/App/Link.swift", atomically: true, encoding: .utf8)
        let expression = "try JSONDecoder().decode(Link.self, from: data)"
        XCTAssertThrowsError(try location(dir, expression).slice())
        let settings = ModuleSettings(languageMode: "6", upcomingFeatures: ["ExistentialAny"], defines: ["APP_STRICT"],
                                      origin: .init(file: dir + "/Package.swift", line: 9, what: "target App, tools version 6.0"))
        let slice = try location(dir, expression, settings: settings).slice()
        XCTAssertTrue(slice.leftOut.isEmpty, "\(slice.leftOut)")
        let note = try XCTUnwrap(slice.notes.first { $0.action == .settingsTaken })
        XCTAssertEqual(note.line, 9)
        XCTAssertTrue(note.text().contains("Swift 6 language mode, upcoming features ExistentialAny, defines APP_STRICT"), note.text())
        XCTAssertEqual(settings.compilerArguments, ["-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny", "-D", "APP_STRICT"])
        XCTAssertEqual(settings.manifestEntries.prefix(3), [".swiftLanguageMode(.v6)", ".enableUpcomingFeature(\"ExistentialAny\")", ".define(\"APP_STRICT\")"])
    }

    /// An `@Observable` root holding a `URLSession`, in a file that imports only Foundation, while
    /// another file imports SwiftUI: on Apple that compiles, and so does the slice, which says
    /// which modules it re-exported to the whole module and why, at the first use.
    func testObservationAndFoundationNetworkingReachTheWholeModule() throws {
        let dir = try work()
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
        try """
        import Foundation

        @Observable
        final class FeedStore {
            var titles: [String]
            @ObservationIgnored private let session: URLSession
            init(data: Data, session: URLSession = .shared) throws {
                titles = try JSONDecoder().decode([String].self, from: data)
                self.session = session
            }
        }

        """.write(toFile: dir + "/App/FeedStore.swift", atomically: true, encoding: .utf8)
        try "import SwiftUI\n\nstruct FeedView: View {\n    var body: some View { Text(\"feed\") }\n}\n"
            .write(toFile: dir + "/App/FeedView.swift", atomically: true, encoding: .utf8)
        let slice = try location(dir, "try FeedStore(data: data)").slice()
        XCTAssertFalse(slice.leftOut.contains { $0.file.hasSuffix("FeedStore.swift") }, "\(slice.leftOut)")
        XCTAssertEqual(slice.reexports, ["Observation", "FoundationNetworking"])
        let notes = slice.notes.filter { $0.action == .reexported }.map { $0.text(relativeTo: dir + "/App") }
        XCTAssertEqual(notes.count, 2, "\(notes)")
        XCTAssertTrue(notes[0].hasPrefix("FeedStore.swift:3: re-exported `import Observation`"), notes[0])
        XCTAssertTrue(notes[1].hasPrefix("FeedStore.swift:6: re-exported `import FoundationNetworking`"), notes[1])
        XCTAssertTrue(slice.reexportsFile?.text.contains("@_exported import FoundationNetworking") == true)
        // Without SwiftUI anywhere in the module, Observation is not the module's to use (as on Apple).
        try FileManager.default.removeItem(atPath: dir + "/App/FeedView.swift")
        XCTAssertThrowsError(try location(dir, "try FeedStore(data: data)").slice())
    }

    /// A decode path that needs a dependency the package could not resolve names the package, its
    /// manifest line and the option that supplies its sources.
    func testAnUnavailableDependencyOnTheDecodePathIsNamedWithItsPackage() throws {
        let dir = try work()
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
        try "import Foundation\nimport LayoutKit\n\nstruct Banner: Decodable {\n    let insets: LayoutInsets\n}\n"
            .write(toFile: dir + "/App/Banner.swift", atomically: true, encoding: .utf8)
        let dependency = UnavailableDependency(package: "layoutkit", location: "https://example.com/acme/LayoutKit.git", products: ["LayoutKit"],
                                               reason: "error: Failed to clone repository", manifest: dir + "/Package.swift", line: 7)
        XCTAssertThrowsError(try location(dir, "try JSONDecoder().decode(Banner.self, from: data)", unavailable: [dependency]).slice()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("Banner.swift imports LayoutKit, a product of the package layoutkit (https://example.com/acme/LayoutKit.git, Package.swift:7), "
                                        + "which cannot be resolved here (error: Failed to clone repository): add its sources with --sources"), text)
        }
    }
}
