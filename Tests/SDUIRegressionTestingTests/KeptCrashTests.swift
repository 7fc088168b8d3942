import Foundation
import SDUIPayload
@testable import SDUIRegressionTesting
import Testing
import TestSupport

/// A team's store of kept crash inputs, replayed by the library call its own tests make.
@Suite struct KeptCrashTests {
    /// A store as `sdui repro --keep` writes it: two inputs of ShopApp (one gzip on the wire) and
    /// one of another decoder.
    static func store() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-kept-\(UUID().uuidString)")
        let store = root.appendingPathComponent("Corpus/crashes")
        func keep(_ decoder: String, _ name: String, _ bytes: [UInt8], encoding: String?) throws {
            let folder = store.appendingPathComponent(decoder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            var meta: [String: Any] = ["signature": name, "kind": "crash", "title": "crash in Home.decode at Home.swift:\(name.count)",
                                       "decoder": decoder, "product": "FuzzShop", "date": "2026-11-25", "foundBy": "libFuzzer",
                                       "originalFile": "crash-x", "originalSize": bytes.count, "size": bytes.count]
            if let encoding { meta["contentEncoding"] = encoding }
            try JSONSerialization.data(withJSONObject: meta).write(to: folder.appendingPathComponent(name + ".meta.json"))
        }
        try keep("ShopApp", "crash-aaa", Array(#"{"items": [{"type": "banner", "height": -1}]}"#.utf8), encoding: nil)
        try keep("ShopApp", "crash-bbb", Deflater.compress(Array(#"{"items": [{"type": "grid", "columns": 0}]}"#.utf8), as: .gzip), encoding: "gzip")
        try keep("Other", "crash-ccc", Array("not json".utf8), encoding: nil)
        return root
    }

    struct Screen: Decodable {
        struct Item: Decodable { let type: String; let columns: Int? }
        let items: [Item]
        /// The fixed decoder: what once crashed (`columns: 0` divided by) is now a thrown error.
        static func decode(_ data: Data) throws -> Screen {
            let screen = try JSONDecoder().decode(Screen.self, from: data)
            if screen.items.contains(where: { $0.columns == 0 }) { throw CocoaError(.coderInvalidValue) }
            return screen
        }
    }

    @Test func replaysEveryKeptInputOfTheDecoderAsTheAppReceivesIt() throws {
        let root = try Self.store()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent("Corpus/crashes")
        #expect(KeptCrash.all(in: store).map(\.decoder) == ["Other", "ShopApp", "ShopApp"])
        var bodies: [String] = []
        let outcomes = assertKeptCrashesStayFixed(decoder: "ShopApp", in: store) { data in
            bodies.append(String(decoding: data, as: UTF8.self))
            return try Screen.decode(data)
        }
        #expect(outcomes.map(\.0.url.lastPathComponent) == ["crash-aaa", "crash-bbb"])
        #expect(outcomes[0].1 == .decoded)
        guard case .rejected = outcomes[1].1 else { Issue.record("the gzip input should reach the decoder and be rejected: \(outcomes[1].1)"); return }
        // The gzip input reached the decoder inflated, as URLSession would hand it over.
        #expect(bodies == [#"{"items": [{"type": "banner", "height": -1}]}"#, #"{"items": [{"type": "grid", "columns": 0}]}"#])
    }

    @Test func findsTheStoreAboveTheTestFileAndFailsOnAMissingDecoder() throws {
        let root = try Self.store()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent("Corpus/crashes")
        // From a test file of the package, the store is the nearest Corpus/crashes above it.
        let testFile = root.appendingPathComponent("Tests/ShopTests/ShopTests.swift")
        #expect(KeptCrash.storeAbove(testFile)?.standardizedFileURL.path == store.standardizedFileURL.path)
        #expect(KeptCrash.storeAbove(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/Tests/A.swift")) == nil)
        // A renamed decoder folder would pass forever: the assertion says so instead.
        withKnownIssue {
            _ = assertKeptCrashesStayFixed(decoder: "ShopAp", in: store) { data in try Screen.decode(data) }
        }
        #expect(assertKeptCrashesStayFixed(decoder: "ShopAp", in: store, allowEmpty: true) { try Screen.decode($0) }.isEmpty)
    }

    @Test func aBrokenCompressedInputIsNotAResponse() throws {
        let root = try Self.store()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Corpus/crashes/ShopApp")
        try Data([0x1f, 0x8b, 0x08, 0x00, 0xff]).write(to: folder.appendingPathComponent("crash-bbb"))
        let kept = try #require(KeptCrash.all(decoder: "ShopApp", in: root.appendingPathComponent("Corpus/crashes")).last)
        var called = false
        guard case .notAResponse = kept.replay({ _ in called = true }) else { Issue.record("a truncated gzip stream is not a response"); return }
        #expect(!called)
    }

    /// A `@MainActor` decoder (a registry of view-model classes) replayed from a main-actor test.
    @MainActor @Test func aMainActorDecoderIsReplayedOnTheMainActor() throws {
        let root = try Self.store()
        defer { try? FileManager.default.removeItem(at: root) }
        let registry = ScreenRegistry()
        let outcomes = assertKeptCrashesStayFixed(decoder: "ShopApp", in: root.appendingPathComponent("Corpus/crashes")) { data in
            try registry.load(data)
        }
        #expect(outcomes.count == 2 && registry.loaded == 1)
    }

    /// A kept input that crashes again ends the process (as in the app), and its last words name
    /// the input, the decoder and the crash's title; once fixed, the same replay passes.
    @Test func aCrashThatComesBackEndsTheProcessNamingItsTitle() throws {
        let root = try Self.store()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent("Corpus/crashes")
        let folder = store.appendingPathComponent("ShopApp")
        // One grid of 0 columns (the kept crash) and one of 3 (fine); the other kept inputs removed.
        for name in ["crash-aaa", "crash-bbb"] { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        try Data(#"{"columns": 3}"#.utf8).write(to: folder.appendingPathComponent("crash-aaa"))
        try Data(#"{"columns": 0}"#.utf8).write(to: folder.appendingPathComponent("crash-bbb"))
        try Data(#"{"signature": "crash-bbb", "title": "crash in Grid.width at Grid.swift:9: Division by zero", "decoder": "ShopApp", "contentEncoding": null}"#.utf8)
            .write(to: folder.appendingPathComponent("crash-bbb.meta.json"))
        let probe = TestPaths.productsDirectory.appendingPathComponent("KeptCrashProbe")
        let crashing = try run(probe, [store.path])
        #expect(crashing.status != 0)
        #expect(crashing.stderr.contains("SDUIHarness: the kept crash input \(folder.path)/crash-bbb crashes ShopApp again: crash in Grid.width at Grid.swift:9: Division by zero"),
                "\(crashing.stderr.suffix(1500))")
        let fixed = try run(probe, [store.path], environment: ["KEPT_CRASH_PROBE_FIXED": "1"])
        #expect(fixed.status == 0, "\(fixed.stderr.suffix(1500))")
        #expect(fixed.stdout.contains("crash-aaa: decoded") && fixed.stdout.contains("crash-bbb: rejected"))
        #expect(!fixed.stderr.contains("crashes ShopApp again"))
    }
}

@MainActor final class ScreenRegistry {
    var loaded = 0
    func load(_ data: Data) throws -> KeptCrashTests.Screen {
        let screen = try KeptCrashTests.Screen.decode(data)
        loaded += 1
        return screen
    }
}

/// A kept input with no recorded encoding is read as the fuzz target read it: bytes that start
/// like neither JSON nor gzip/zlib are raw deflate (the fuzz harness's rule), so it is replayed.
@Test func aRawDeflateInputWithNoRecordedEncodingIsReadAsTheFuzzerReadIt() throws {
    let json = Array(#"{"views": [{"viewType": "grid"}]}"#.utf8)
    let raw = Deflater.compress(json, as: .rawDeflate)
    try #require(!KeptCrash.startsLikeJSONText(raw), "this raw deflate stream happens to start like JSON")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("kept-raw-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(raw).write(to: file)
    let kept = KeptCrash(url: file, decoder: "FuzzMyDecoder", signature: "crash-1", title: "t", contentEncoding: nil)
    #expect(try kept.body() == Data(json))
    let plainFile = file.appendingPathExtension("json")
    defer { try? FileManager.default.removeItem(at: plainFile) }
    try Data(json).write(to: plainFile)
    #expect(try KeptCrash(url: plainFile, decoder: "FuzzMyDecoder", signature: "crash-1", title: "t", contentEncoding: nil).body() == Data(json))
}
