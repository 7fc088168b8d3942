import Foundation
import SDUICampaign
import SDUIDecoderSlice
import Testing

/// The package generated around a decoder slice, and its entry file.
@Suite struct GeneratedFuzzPackageTests {
    static let slice = DecoderSlice(
        location: DecoderLocation(sources: ["/app/Shop"], moduleName: "Shop", decodeExpression: "ScreenParser.parse(data)"),
        files: [.init(path: "/app/Shop/Models/Screen.swift", relativePath: "Models/Screen.swift", text: "#sourceLocation(file: \"/app/Shop/Models/Screen.swift\", line: 1)\nstruct Screen {}\n")],
        notes: [SliceNote(file: "/app/Shop/Views/Card.swift", line: 9, declaration: "var body: some View", action: .leftOut, reason: "view code")],
        standIns: ["CoreGraphics", "Combine", "SwiftUI"], rounds: 2, seconds: 0.5)

    @Test func theEntryFileExportsEveryEntryPointAndCallsTheDecoderOnTheMainActor() {
        let text = FuzzEntryTemplate.generatedTarget(name: "shop", decodeExpression: "ScreenParser.parse(data)")
        for symbol in ["LLVMFuzzerTestOneInput", "LLVMFuzzerInitialize", "LLVMFuzzerCustomMutator", "LLVMFuzzerCustomCrossOver"] {
            #expect(text.contains("@_cdecl(\"\(symbol)\")"))
        }
        #expect(text.contains("return try MainActorCall.run {  // on the main thread, as the app calls it (@MainActor decoders too)\n                try ScreenParser.parse(data)\n"))
        #expect(text.contains("#if !SDUI_LIBFUZZER\n@main enum SDUIReplay { static func main() { FuzzReplay.main(SDUIGeneratedTarget.harness) } }"))
        #expect(text.contains("name: \"shop\""))
    }

    @Test func theManifestNamesTheDecodersModuleTheStandInsAndTheHarness() throws {
        let package = GeneratedFuzzPackage(slice: Self.slice, name: "shop", folder: "/tmp/x", harnessRoot: "/deps/SDUIHarness", standInsFolder: HarnessCheckout.standIns)
        let manifest = package.manifest(members: [package.member, .init(module: "Older", standIns: ["CoreGraphics", "UIKit"])])
        #expect(package.product == "Shop")
        #expect(manifest.contains(".package(path: \"/deps/SDUIHarness\")"))
        #expect(manifest.contains(".executableTarget(name: \"Shop\", dependencies: [.product(name: \"SDUIFuzz\", package: \"SDUIHarness\"), \"CoreGraphics\", \"Combine\", \"SwiftUI\"], path: \"Sources/Shop\""))
        #expect(manifest.contains(".target(name: \"SwiftUI\", dependencies: [\"Combine\", \"CoreGraphics\"], path: \"StandIns/SwiftUI\""))
        #expect(manifest.contains(".target(name: \"UIKit\", dependencies: [\"CoreGraphics\"], path: \"StandIns/UIKit\""))
        #expect(manifest.contains(".executableTarget(name: \"Older\", dependencies: [.product(name: \"SDUIFuzz\", package: \"SDUIHarness\"), \"CoreGraphics\", \"UIKit\"]"))
        let files = try package.files()
        #expect(files["Sources/Shop/Models/Screen.swift"] == Self.slice.files[0].text)
        #expect(files["Sources/Shop/SDUIGeneratedEntry.swift"]?.contains("try ScreenParser.parse(data)") == true)
        #expect(files["StandIns/SwiftUI/SwiftUI.swift"]?.contains("public struct Color") == true)
        #expect(files["StandIns/UIKit/UIKit.swift"] == nil)
        #expect(files["Sources/Shop/slice.md"] == package.sliceReport)
        #expect(package.sliceReport.contains("- Views/Card.swift:9: left out `var body: some View` (view code)"))
    }

    /// Written again only where the text changed (the fuzz build stays incremental); files the slice no longer has go.
    @Test func writesOnlyWhatChangedAndRemovesWhatIsGone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let package = GeneratedFuzzPackage(slice: Self.slice, name: "shop", folder: folder, harnessRoot: "/deps/SDUIHarness", standInsFolder: HarnessCheckout.standIns)
        try package.write()
        let screen = folder + "/Sources/Shop/Models/Screen.swift"
        let stale = folder + "/Sources/Shop/Old.swift"
        try "struct Old {}".write(toFile: stale, atomically: true, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: screen)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        try package.write()
        let after = try FileManager.default.attributesOfItem(atPath: screen)[.modificationDate] as? Date
        #expect(before == after)
        #expect(!FileManager.default.fileExists(atPath: stale))
        // A second decoder shares the package; the first stays in its manifest.
        var other = Self.slice
        other.location.moduleName = "Feed"
        try GeneratedFuzzPackage(slice: other, name: "feed", folder: folder, harnessRoot: "/deps/SDUIHarness", standInsFolder: HarnessCheckout.standIns).write()
        let manifest = try String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains("name: \"Feed\"") && manifest.contains("name: \"Shop\""))
    }
}
