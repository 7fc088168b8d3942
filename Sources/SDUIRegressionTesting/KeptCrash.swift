import Foundation
import SDUIPayload
import SDUIPlatform

/// One kept crash input of a team's regression store (`Corpus/crashes/<decoder>/<signature>` and
/// its `.meta.json`, as `sdui repro --keep` and campaigns write them), replayed in the team's own
/// `swift test` the way `go test` replays `testdata/fuzz`: every input that ever crashed the decoder
/// is decoded again, in process (on the iOS simulator too), on every test run.
///
/// A kept input that decodes or is rejected with a thrown error passes: the bug stays fixed. One
/// that crashes again takes the test process with it, as it would the app, and its last words are
/// `SDUIHarness: the kept crash input … crashes <decoder> again: <title>`.
public struct KeptCrash: Sendable, Hashable, CustomStringConvertible {
    /// The input's file.
    public var url: URL
    /// The decoder's folder in the store (`ShopApp`, `reference`…).
    public var decoder: String
    /// The signature it was kept under (`crash-bb085578974f`: SDUIFuzz's `CrashIdentity` as written).
    /// Text here: a team's test target links this library without the fuzz modules.
    public var signature: String
    /// The crash as it was titled when kept (`crash in HomeScreen.decode(_:) at Home.swift:42: …`).
    public var title: String
    /// How the response was compressed on the wire, when it was (`gzip`…).
    public var contentEncoding: String?

    public var description: String { "\(decoder)/\(url.lastPathComponent): \(title)" }

    /// What replaying one kept input showed.
    public enum Outcome: Sendable, Equatable {
        /// The decoder returned a value.
        case decoded
        /// The decoder threw: a typed rejection, the fixed behaviour of most crash fixes.
        case rejected(String)
        /// The bytes are not a response the app's networking would hand over (a broken gzip
        /// stream, say): nothing reaches the decoder, as in the app.
        case notAResponse(String)
    }

    /// Every kept input of `decoder` (every decoder's when nil) in `directory`, or else in the
    /// nearest `Corpus/crashes` above the calling test file; none when there is no store yet.
    public static func all(decoder: String? = nil, in directory: URL? = nil, filePath: StaticString = #filePath) -> [KeptCrash] {
        guard let store = directory ?? storeAbove(URL(fileURLWithPath: "\(filePath)")) else { return [] }
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: store, includingPropertiesForKeys: nil) else { return [] }
        var found: [KeptCrash] = []
        for case let meta as URL in walker where meta.lastPathComponent.hasSuffix(".meta.json") {
            let input = URL(fileURLWithPath: String(meta.path.dropLast(".meta.json".count)))
            guard fm.fileExists(atPath: input.path), let data = try? Data(contentsOf: meta),
                  let sidecar = try? JSONDecoder().decode(Sidecar.self, from: data),
                  decoder == nil || sidecar.decoder == decoder else { continue }
            found.append(KeptCrash(url: input, decoder: sidecar.decoder, signature: sidecar.signature, title: sidecar.title,
                                   contentEncoding: sidecar.contentEncoding))
        }
        return found.sorted { $0.url.path < $1.url.path }
    }

    /// The response body as the app's networking hands it to the decoder: the recorded
    /// `Content-Encoding` (or the gzip/zlib the bytes start with) undone, within the payload limits.
    public func body() throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: url))
        do {
            var declared = try contentEncoding.map { e throws(PayloadError) in try DeclaredEncoding(contentEncoding: e) }
            // No encoding recorded: read the bytes as the fuzz target that kept them did (gzip and
            // zlib by their headers, JSON by its first byte, anything else raw deflate), or a raw
            // deflate input would be rejected here and never replayed.
            if declared == nil, bytes.withUnsafeBytes({ PayloadDecoder.sniff($0) }) == .identity, !Self.startsLikeJSONText(bytes) {
                declared = .exactly(.rawDeflate)
            }
            return Data(try PayloadDecoder().decode(bytes, declared: declared).text)
        } catch {
            throw NotAResponse(reason: "\(error)")
        }
    }

    struct NotAResponse: Error { var reason: String }

    /// The fuzz harness's rule (`PayloadSniffer`): blank, or starting with `{`, `[`, `"` or a BOM.
    static func startsLikeJSONText(_ bytes: [UInt8]) -> Bool {
        switch bytes.first(where: { $0 != 0x20 && $0 != 0x0a && $0 != 0x0d && $0 != 0x09 }) {
        case nil, UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), 0xEF: return true
        default: return false
        }
    }

    /// Decodes the kept input with `decode`, the decoder as the app calls it.
    public func replay<Decoded>(_ decode: (Data) throws -> Decoded) -> Outcome {
        let data: Data
        do { data = try body() } catch let error as NotAResponse { return .notAResponse(error.reason) } catch {
            return .notAResponse("\(error)")
        }
        // A crash cannot be caught in process: if this input crashes again the process ends here,
        // and its last words (the platform layer's crash banner) name the input and its title.
        let banner = "SDUIHarness: the kept crash input \(url.path) crashes \(decoder) again: \(title)\n"
        return Platform.withCrashBanner(banner) {
            do {
                _ = try decode(data)
                return .decoded
            } catch {
                return .rejected("\(error)")
            }
        }
    }

    /// The nearest `Corpus/crashes` in a folder above `file`.
    static func storeAbove(_ file: URL) -> URL? {
        var folder = file.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            let candidate = folder.appendingPathComponent("Corpus/crashes")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The part of the sidecar the replay reads (the campaign's `RegressionStore.Sidecar`).
    struct Sidecar: Decodable {
        var signature: String
        var title: String
        var decoder: String
        var contentEncoding: String?
    }
}
