import Foundation
import SDUIFuzz

/// Kept crash inputs: `Corpus/crashes/<decoder>/<signature>` plus `<signature>.meta.json`. Every
/// kept input is replayed by `swift test` and by CI's sanitizer replay, forever.
public struct RegressionStore: Sendable {
    public struct Sidecar: Sendable, Codable, Hashable {
        public var signature: CrashIdentity
        public var kind: CrashKind
        public var title: String
        /// The decoder (catalog name) and the fuzz product that replays it.
        public var decoder: String
        public var product: String
        public var date: String
        /// How the input was found: a libFuzzer artifact, a ClusterFuzz testcase, a captured response.
        public var foundBy: String
        public var originalFile: String
        public var originalSize: Int
        public var size: Int
        public var contentEncoding: String?

        public init(signature: CrashIdentity, kind: CrashKind, title: String, decoder: String, product: String, date: String,
                    foundBy: String, originalFile: String, originalSize: Int, size: Int, contentEncoding: String?) {
            self.signature = signature; self.kind = kind; self.title = title; self.decoder = decoder
            self.product = product; self.date = date; self.foundBy = foundBy; self.originalFile = originalFile
            self.originalSize = originalSize; self.size = size; self.contentEncoding = contentEncoding
        }
    }

    /// The store's folder (default `Corpus/crashes`).
    public var directory: String

    public init(directory: String) { self.directory = directory }

    public enum KeepResult: Sendable, Equatable {
        case kept(path: String)
        case alreadyKept(path: String)
    }

    /// Stores `input` under its signature, atomically, never overwriting a different input.
    public func keep(input: String, sidecar: Sidecar) throws -> KeepResult {
        let fm = FileManager.default
        let folder = directory + "/" + sidecar.decoder
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input))
        var name = sidecar.signature.description
        var n = 1
        while fm.fileExists(atPath: folder + "/" + name) {
            if fm.contents(atPath: folder + "/" + name) == bytes { return .alreadyKept(path: folder + "/" + name) }
            n += 1
            name = "\(sidecar.signature)-\(n)"  // same signature, different input: keep both
        }
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + name), options: .atomic)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(sidecar).write(to: URL(fileURLWithPath: folder + "/" + name + ".meta.json"), options: .atomic)
        return .kept(path: folder + "/" + name)
    }

    /// Every kept input with its sidecar.
    public func cases() -> [(input: String, sidecar: Sidecar)] {
        CorpusReader.files(under: directory).filter { $0.hasSuffix(".meta.json") }.compactMap { meta in
            guard let data = FileManager.default.contents(atPath: meta),
                  let sidecar = try? JSONDecoder().decode(Sidecar.self, from: data) else { return nil }
            return (String(meta.dropLast(".meta.json".count)), sidecar)
        }
    }
}
