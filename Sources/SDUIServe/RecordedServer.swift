import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
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

    /// Serves until the task is cancelled (in `sdui serve`, until SIGINT or SIGTERM ends the process).
    /// - Parameter onRunning: called with the bound port once the server accepts connections.
    ///
    /// HTTP/1.1 on SwiftNIO directly, which the HTTP client of the gate already builds: a server
    /// framework would add a few hundred files to every build for one handler.
    public func run(host: String = "127.0.0.1", port: Int = 8080, log: Bool = false,
                    onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let server = self
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(withErrorHandling: true).flatMap {
                    channel.pipeline.addHandler(RecordedHandler(server: server, log: log))
                }
            }
            .bind(host: host, port: port).get()
        await onRunning(channel.localAddress?.port ?? port)
        try await withTaskCancellationHandler {
            try await channel.closeFuture.get()
        } onCancel: {
            channel.close(promise: nil)
        }
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

/// Answers each request on a connection with its recorded response (or a 404), faults included.
final class RecordedHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let server: RecordedServer
    let log: Bool
    private var head: HTTPRequestHead?

    init(server: RecordedServer, log: Bool) {
        self.server = server
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request): head = request
        case .body: break  // request bodies are not matched on
        case .end:
            guard let request = head else { return }
            head = nil
            respond(to: request, context: context)
        }
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        let (path, query) = Self.split(request.uri)
        var headerValues: [String: String] = [:]
        for (name, value) in request.headers { headerValues[name.lowercased()] = value }
        let method = request.method.rawValue
        guard let route = server.route(method: method, path: path, query: Self.queryItems(query), headers: headerValues) else {
            if log { FileHandle.standardError.write(Data("\(method) \(request.uri) → 404 (no contract)\n".utf8)) }
            send(request, status: 404, headers: [("Content-Type", "text/plain")],
                 body: Array("no recorded response for \(method) \(path)\n".utf8), context: context)
            return
        }
        let fault = route.fault
        var (body, encoding) = route.response.negotiate(request.headers.first(name: "Accept-Encoding"))
        if let forced = fault.contentEncoding {
            // A header that lies: the recorded bytes as they are, declared as something else.
            body = route.response.recorded
            encoding = forced.isEmpty ? nil : forced
        }
        var headers = [("Content-Type", "application/json"), ("Vary", "Accept-Encoding")]
        if let encoding { headers.append(("Content-Encoding", encoding)) }
        if let location = fault.location { headers.append(("Location", location)) }
        if log {
            FileHandle.standardError.write(Data("\(method) \(request.uri) → \(route.id) \(fault.status) \(encoding ?? "identity") \(body.count) B\n".utf8))
        }
        let answer = { [self] in
            send(request, status: fault.status, headers: headers, body: body, truncateAfter: fault.truncateAfterBytes, context: context)
        }
        if fault.delayMilliseconds > 0 {
            context.eventLoop.scheduleTask(in: .milliseconds(Int64(fault.delayMilliseconds)), answer)
        } else {
            answer()
        }
    }

    /// Writes the response; with `truncateAfter`, promises the whole body, sends that many bytes of
    /// it and closes the connection mid-body.
    private func send(_ request: HTTPRequestHead, status: Int, headers: [(String, String)], body: [UInt8],
                      truncateAfter: Int? = nil, context: ChannelHandlerContext) {
        var fields = HTTPHeaders(headers)
        fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
        let keepAlive = request.isKeepAlive && truncateAfter == nil
        fields.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: request.version, status: HTTPResponseStatus(statusCode: status), headers: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        let sent = request.method == .HEAD ? [] : truncateAfter.map { Array(body.prefix($0)) } ?? body
        if !sent.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: sent)))), promise: nil)
        }
        if truncateAfter != nil, request.method != .HEAD {
            context.flush()
            context.close(promise: nil)
            return
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { done.whenComplete { _ in context.close(promise: nil) } }
    }

    /// The path and the query of a request target (`/a/b?x=1`); an empty path is `/`.
    static func split(_ uri: String) -> (path: String, query: String) {
        let target = uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        return (path.isEmpty ? "/" : path, parts.count > 1 ? String(parts[1]) : "")
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
