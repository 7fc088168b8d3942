import Foundation

/// A server response as received: status, declared encoding and the body bytes as sent.
public struct FetchedResponse: Sendable, Hashable {
    public var status: Int
    /// The `Content-Encoding` header (nil when absent).
    public var contentEncoding: String?
    public var body: [UInt8]
    /// Where it came from: the final URL (after redirects) or the recorded file.
    public var source: String
    /// The `Location` header of a redirect.
    public var location: String?

    public init(status: Int = 200, contentEncoding: String?, body: [UInt8], source: String, location: String? = nil) {
        self.location = location
        self.status = status
        self.contentEncoding = contentEncoding
        self.body = body
        self.source = source
    }
}

/// Where responses come from: a live server or recorded files.
public protocol ResponseSource: Sendable {
    func fetch(_ request: ContractCase) async -> Result<FetchedResponse, ContractFailure>
    /// Releases connections; called once after the run.
    func close() async
}

/// Recorded responses: `responses/<id>.json`, or `.json.gz` (gzip), `.json.zz` / `.json.deflate`
/// (deflate), the extension standing for the `Content-Encoding` the server sent.
public struct RecordedResponses: ResponseSource {
    public let directory: ContractDirectory

    public init(directory: ContractDirectory) { self.directory = directory }

    /// File extensions and the `Content-Encoding` each stands for.
    public static let extensions: [(String, String?)] = [
        (".json", nil), (".json.gz", "gzip"), (".json.zz", "deflate"), (".json.deflate", "deflate"),
    ]

    /// The recorded file for `id`, if any (the first extension that exists).
    public func file(for id: String) throws(ContractFileError) -> (relative: String, contentEncoding: String?)? {
        for (ext, encoding) in Self.extensions {
            let relative = "responses/\(id)\(ext)"
            if FileManager.default.fileExists(atPath: try directory.file(relative).path) { return (relative, encoding) }
        }
        return nil
    }

    public func fetch(_ request: ContractCase) async -> Result<FetchedResponse, ContractFailure> {
        do {
            guard let (relative, encoding) = try file(for: request.id), let bytes = try directory.read(relative) else {
                return .failure(ContractFailure(.responseMissing,
                    "no recorded response responses/\(request.id).json[.gz|.zz] (record one with `sdui contract record --save-responses`)"))
            }
            return .success(FetchedResponse(contentEncoding: encoding, body: bytes, source: relative))
        } catch {
            return .failure(ContractFailure(.contractInvalid, error.description))
        }
    }

    public func close() async {}
}
