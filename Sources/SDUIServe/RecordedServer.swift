import Foundation
import Hummingbird
import Logging
import SDUIContract
import SDUIPayload

/// `sdui serve`: the recorded responses of a contracts directory over real HTTP, for the gate's
/// tests and for developing an app against canned screens.
///
/// A request is answered by the contract case whose method and path match and whose query items
/// and (non-secret) headers it carries, the most specific first. The body is negotiated with
/// `Accept-Encoding`: the recorded bytes verbatim when their encoding is accepted, otherwise
/// re-encoded (gzip, deflate, identity). A recorded body that cannot be decoded is always sent
/// verbatim, so broken responses can be served on purpose.
///
/// `responses/<id>.fault.json` injects faults for that case: `status`, `delayMilliseconds`,
/// `contentEncoding` (a header that lies about the body), `truncateAfterBytes` (close the
/// connection mid-body) and `location` (a redirect).
public struct RecordedServer: Sendable {
    public struct Route: Sendable {
        public var id: String
        var method: String
        var path: String
        var query: [(String, String)]
        var headers: [(String, String)]
        var response: PreparedResponse
        var fault: Fault
    }

    public let routes: [Route]

    public init(suite: ContractSuite) throws(ContractFileError) {
        let recorded = RecordedResponses(directory: suite.directory)
        var routes: [Route] = []
        for c in suite.cases {
            guard let (relative, encoding) = try recorded.file(for: c.id), let bytes = try suite.directory.read(relative) else { continue }
            let fault = try Fault.load(suite.directory, id: c.id)
            // Headers with secrets are the client's business; matching on them would need the secret here.
            let headers = c.headers.filter { !$0.1.contains("${") && $0.0.lowercased() != "accept-encoding" }
            routes.append(Route(id: c.id, method: c.method, path: c.path, query: c.query, headers: headers,
                                response: PreparedResponse(bytes: bytes, contentEncoding: encoding), fault: fault))
        }
        self.routes = routes
    }

    /// The route answering a request, if any.
    /// - Parameter headers: request headers by lowercased name.
    func route(method: String, path: String, query: [(String, String)], headers: [String: String]) -> Route? {
        var best: (Route, Int)?
        let method = method == "HEAD" ? "GET" : method
        for route in routes where route.method == method && route.path == path {
            guard route.query.allSatisfy({ item in query.contains { $0 == item } }),
                  route.headers.allSatisfy({ headers[$0.0.lowercased()] == $0.1 }) else { continue }
            let score = route.query.count + route.headers.count
            if best == nil || score > best!.1 { best = (route, score) }
        }
        return best?.0
    }

    /// Serves until the task is cancelled (or, with `signals`, SIGINT/SIGTERM).
    /// - Parameter onRunning: called with the bound port once the server accepts connections.
    public func run(host: String = "127.0.0.1", port: Int = 8080, handleSignals: Bool = false, log: Bool = false,
                    onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        var logger = Logger(label: "sdui-serve")
        logger.logLevel = .critical  // a cancelled connection at shutdown is not an error worth printing
        let app = Application(
            responder: RecordedResponder(server: self, log: log),
            configuration: .init(address: .hostname(host, port: port), serverName: "sdui-serve"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        if handleSignals { try await app.runService() } else { try await app.run() }
    }
}

/// A recorded body, decoded once so it can be re-encoded for any `Accept-Encoding`.
struct PreparedResponse: Sendable {
    let recorded: [UInt8]
    let recordedEncoding: String?
    /// The JSON text, or nil when the recorded bytes do not decode (served verbatim then).
    let identity: [UInt8]?
    let gzip: [UInt8]?
    let deflate: [UInt8]?

    init(bytes: [UInt8], contentEncoding: String?) {
        recorded = bytes
        recordedEncoding = contentEncoding
        let declared = contentEncoding.flatMap { try? DeclaredEncoding(contentEncoding: $0) }
        identity = try? PayloadDecoder(limits: PayloadLimits(maxInputBytes: 1 << 30, maxDecodedBytes: 1 << 30)).decode(bytes, declared: declared).text
        gzip = identity.map { Deflater.compress($0, as: .gzip) }
        deflate = identity.map { Deflater.compress($0, as: .zlib) }
    }

    /// The body and its `Content-Encoding` for a request's `Accept-Encoding`.
    func negotiate(_ acceptEncoding: String?) -> ([UInt8], String?) {
        guard let identity, let gzip, let deflate else { return (recorded, recordedEncoding) }
        let accepted = Self.accepted(acceptEncoding)
        if let recordedEncoding, accepted.contains(recordedEncoding.lowercased()) { return (recorded, recordedEncoding) }
        if recordedEncoding == nil, !accepted.contains("gzip"), !accepted.contains("deflate") { return (recorded, nil) }
        if accepted.contains("gzip") { return (gzip, "gzip") }
        if accepted.contains("deflate") { return (deflate, "deflate") }
        return (identity, nil)
    }

    /// The codings with q > 0 (`*` stands for gzip and deflate).
    static func accepted(_ header: String?) -> Set<String> {
        guard let header else { return [] }
        var result = Set<String>()
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard q > 0 else { continue }
            if coding == "*" { result.formUnion(["gzip", "deflate"]) } else { result.insert(coding == "x-gzip" ? "gzip" : coding) }
        }
        return result
    }
}

/// Faults injected for one case (`responses/<id>.fault.json`).
struct Fault: Sendable {
    var status: Int = 200
    var delayMilliseconds: Int = 0
    var contentEncoding: String?
    var truncateAfterBytes: Int?
    var location: String?

    static func load(_ directory: ContractDirectory, id: String) throws(ContractFileError) -> Fault {
        let file = "responses/\(id).fault.json"
        guard let bytes = try directory.read(file) else { return Fault() }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw ContractFileError(file: file, "expected a JSON object")
        }
        let known: Set<String> = ["status", "delayMilliseconds", "contentEncoding", "truncateAfterBytes", "location", "description"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            throw ContractFileError(file: file, path: "$.\(unknown)", "unknown key (expected one of: \(known.sorted().joined(separator: ", ")))")
        }
        var fault = Fault()
        fault.status = object["status"] as? Int ?? 200
        fault.delayMilliseconds = object["delayMilliseconds"] as? Int ?? 0
        fault.contentEncoding = object["contentEncoding"] as? String
        fault.truncateAfterBytes = object["truncateAfterBytes"] as? Int
        fault.location = object["location"] as? String
        guard (100...599).contains(fault.status) else { throw ContractFileError(file: file, path: "$.status", "expected an HTTP status") }
        return fault
    }
}

struct RecordedResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let server: RecordedServer
    let log: Bool

    struct Truncated: Error {}

    func respond(to request: Request, context: Context) async throws -> Response {
        let query = Self.queryItems(request.uri.query ?? "")
        var headerValues: [String: String] = [:]
        for field in request.headers { headerValues[field.name.canonicalName] = field.value }
        guard let route = server.route(method: request.method.rawValue, path: request.uri.path, query: query, headers: headerValues) else {
            if log { FileHandle.standardError.write(Data("\(request.method) \(request.uri) → 404 (no contract)\n".utf8)) }
            return Response(status: .notFound, headers: [.contentType: "text/plain"],
                            body: .init(byteBuffer: ByteBuffer(string: "no recorded response for \(request.method) \(request.uri.path)\n")))
        }
        let fault = route.fault
        if fault.delayMilliseconds > 0 { try await Task.sleep(nanoseconds: UInt64(fault.delayMilliseconds) * 1_000_000) }
        var (body, encoding) = route.response.negotiate(request.headers[.acceptEncoding])
        if let forced = fault.contentEncoding {
            // A header that lies: the recorded bytes as they are, declared as something else.
            body = route.response.recorded
            encoding = forced.isEmpty ? nil : forced
        }
        var headers: HTTPFields = [.contentType: "application/json", .vary: "Accept-Encoding"]
        if let encoding { headers[.contentEncoding] = encoding }
        if let location = fault.location { headers[.location] = location }
        if log {
            FileHandle.standardError.write(Data("\(request.method) \(request.uri) → \(route.id) \(fault.status) \(encoding ?? "identity") \(body.count) B\n".utf8))
        }
        let status = HTTPResponse.Status(code: fault.status)
        if let cut = fault.truncateAfterBytes {
            // Promise the whole body, send part of it, then fail: the connection closes mid-body.
            let part = ByteBuffer(bytes: body.prefix(cut))
            return Response(status: status, headers: headers, body: ResponseBody(contentLength: body.count) { writer in
                try await writer.write(part)
                throw Truncated()
            })
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func queryItems(_ query: String) -> [(String, String)] {
        query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
            }
            return (decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
        }
    }
}
