import Foundation

/// Kept crash inputs (`<dir>/<decoder>/<signature>` + `.meta.json`), replayed through the debug
/// build of the product their sidecar names, in a child process: a crash fails the replay, and the
/// test process survives it.
public enum KeptCases {
    public struct Case: Sendable {
        public var input: String
        public var product: String
        public var contentEncoding: String?
    }

    public static func cases(in directory: URL) -> [Case] {
        TestPaths.files(under: directory).filter { $0.hasSuffix(".meta.json") }.compactMap { meta in
            let url = directory.appendingPathComponent(meta)
            guard let data = try? Data(contentsOf: url),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let product = object["product"] as? String else { return nil }
            return Case(input: url.path.replacingOccurrences(of: ".meta.json", with: ""), product: product,
                        contentEncoding: object["contentEncoding"] as? String)
        }
    }

    /// Replays one case; returns the child's result (status 0: no crash).
    public static func replay(_ c: Case, environment: [String: String] = [:]) throws -> ProcessResult {
        var env = environment
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // The harness configuration, inline (FuzzHarnessConfiguration): the body's content encoding.
        if let e = c.contentEncoding { env["SDUI_FUZZ_CONFIG"] = #"{"contentEncoding":"\#(e)"}"# }
        return try run(TestPaths.productsDirectory.appendingPathComponent(c.product), [c.input], environment: env)
    }
}

