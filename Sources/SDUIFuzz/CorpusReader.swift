import Foundation
import SDUIJSON
import SDUIPayload

/// Reads a corpus: every file under the given paths that decodes (any encoding) to JSON.
public enum CorpusReader {
    /// Parsed JSON documents of the corpus (at most `limit` files of at most 1 MiB each).
    public static func documents(in paths: [String], limit: Int = 5_000) -> [JSONValue] {
        var documents: [JSONValue] = []
        for path in paths {
            for file in files(under: path) where documents.count < limit {
                guard let data = FileManager.default.contents(atPath: file), data.count <= 1 << 20 else { continue }
                if let value = parse([UInt8](data)) { documents.append(value) }
            }
        }
        return documents
    }

    /// Regular files under a file or directory path, sorted.
    public static func files(under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var result: [String] = []
        for case let relative as String in walker {
            let full = (path as NSString).appendingPathComponent(relative)
            var dir: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &dir), !dir.boolValue { result.append(full) }
        }
        return result.sorted()
    }

    /// Decompresses (any encoding, raw deflate included) and parses, or nil.
    public static func parse(_ bytes: [UInt8]) -> JSONValue? {
        let decoder = PayloadDecoder(limits: PayloadLimits(maxInputBytes: 1 << 20, maxDecodedBytes: 4 << 20))
        let text = (try? decoder.decode(bytes, declared: PayloadSniffer.declaredForFuzzing(bytes)))?.text
            ?? (try? decoder.decode(bytes, declared: .exactly(.rawDeflate)))?.text
        guard var text else { return nil }
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        return try? JSONParser(materializationDepth: 64).parse(text)
    }
}
