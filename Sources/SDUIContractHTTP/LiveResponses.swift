import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SDUIContract

/// Responses from a live server over HTTP(S), with a deadline per request covering the whole
/// body, a size cap enforced while receiving, and redirects followed only within the allowed hosts.
public final class LiveResponses: ResponseSource {
    public let baseURL: URL
    let config: ContractConfig
    let secrets: Secrets
    private let client: HTTPClient

    /// - Parameter secrets: the expanded environment values (to scrub them from every message).
    public init(baseURL: String, config: ContractConfig, secrets: Secrets, concurrency: Int) throws(ContractFailure) {
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil, url.query == nil else {
            throw ContractFailure(.contractInvalid, "the base URL must be an absolute http(s) URL without a query, got \(secrets.scrub(baseURL))")
        }
        self.baseURL = url
        self.config = config
        self.secrets = secrets
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,  // followed here, so the host check cannot be bypassed
            // Connecting gets half the budget, so a refused connection (which the pool retries until
            // then) is reported as unreachable before the whole request times out.
            timeout: .init(connect: .milliseconds(Int64(config.timeoutSeconds * 500)),
                           read: .milliseconds(Int64(config.timeoutSeconds * 1000))),
            decompression: .disabled)  // the decoder under test must see the bytes as sent
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(8, concurrency)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func close() async {
        try? await client.shutdown()
    }

    /// The URL of a request: the base URL's path, then the contract's path and query.
    func url(for request: ContractCase, query: [(String, String)]) -> String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var url = base + request.path
        if !query.isEmpty {
            url += "?" + query.map { Self.percentEncode($0.0) + "=" + Self.percentEncode($0.1) }.joined(separator: "&")
        }
        return url
    }

    static func percentEncode(_ s: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }

    public func fetch(_ request: ContractCase) async -> Result<FetchedResponse, ContractFailure> {
        var secrets = self.secrets
        var headers = HTTPHeaders()
        var query: [(String, String)] = []
        for (name, value) in mergedHeaders(request) {
            switch secrets.expand(value) {
            case .success(let v): headers.replaceOrAdd(name: name, value: v)
            case .failure(let reason): return .failure(ContractFailure(.contractInvalid, "header \(name): \(reason.message)"))
            }
        }
        for (name, value) in request.query {
            switch secrets.expand(value) {
            case .success(let v): query.append((name, v))
            case .failure(let reason): return .failure(ContractFailure(.contractInvalid, "query item \(name): \(reason.message)"))
            }
        }
        let scrubber = secrets
        let scrub: @Sendable (String) -> String = { scrubber.scrub($0) }
        var target = url(for: request, query: query)
        var visited: Set<String> = [target]
        var hops = 0
        while true {
            let outcome = await fetchOnce(target, method: request.method, headers: headers, scrub: scrub)
            guard case .success(let response) = outcome else { return outcome }
            guard (300..<400).contains(response.status), response.status != 304 else {
                guard (200..<300).contains(response.status) else {
                    return .failure(ContractFailure(.httpStatus, "\(scrub(target)) answered HTTP \(response.status)"))
                }
                return outcome
            }
            guard let location = response.location,
                  let next = URL(string: location, relativeTo: URL(string: target))?.absoluteURL else {
                return .failure(ContractFailure(.redirect, "\(scrub(target)) redirected (HTTP \(response.status)) without a usable Location"))
            }
            let host = next.host?.lowercased() ?? ""
            let sameOrigin = next.scheme == baseURL.scheme && host == baseURL.host?.lowercased() && next.port == baseURL.port
            guard sameOrigin || config.allowRedirectHosts.contains(host) else {
                return .failure(ContractFailure(.redirect,
                    "\(scrub(target)) redirects to another host (\(scrub(next.absoluteString))); add \"\(host)\" to allowRedirectHosts to follow it"))
            }
            guard next.scheme == "http" || next.scheme == "https" else {
                return .failure(ContractFailure(.redirect, "\(scrub(target)) redirects to a non-HTTP URL"))
            }
            guard visited.insert(next.absoluteString).inserted else {
                return .failure(ContractFailure(.redirect, "redirect loop: \(scrub(next.absoluteString)) was already visited"))
            }
            hops += 1
            guard hops <= config.maxRedirects else {
                return .failure(ContractFailure(.redirect, "more than \(config.maxRedirects) redirects from \(scrub(url(for: request, query: query)))"))
            }
            if !sameOrigin { headers.remove(name: "Authorization"); headers.remove(name: "Cookie") }
            target = next.absoluteString
        }
    }

    /// Config headers, then the contract's (a contract header replaces a config header of the same name).
    func mergedHeaders(_ request: ContractCase) -> [(String, String)] {
        var result = config.headers.filter { h in !request.headers.contains { $0.0.lowercased() == h.0.lowercased() } }
        result.append(contentsOf: request.headers)
        return result
    }

    private enum Phase { case connecting, receiving }
    private struct Timeout: Error {}

    /// One request; a 3xx is returned with its `Location`, not followed.
    private func fetchOnce(_ url: String, method: String, headers: HTTPHeaders,
                           scrub: @escaping @Sendable (String) -> String) async -> Result<FetchedResponse, ContractFailure> {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        request.headers = headers
        let prepared = request
        let timeout = config.timeoutSeconds
        let maxBytes = config.maxResponseBytes
        let client = self.client
        let phase = PhaseBox()
        let work: @Sendable () async throws -> FetchedResponse = {
            let response = try await client.execute(prepared, deadline: .now() + .milliseconds(Int64(timeout * 1000)))
            phase.set(.receiving)
            if (300..<400).contains(Int(response.status.code)) {
                return FetchedResponse(status: Int(response.status.code), contentEncoding: nil, body: [], source: url,
                                       location: response.headers.first(name: "Location"))
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
                throw NIOTooManyBytesError(maxBytes: maxBytes)
            }
            let body = try await response.body.collect(upTo: maxBytes)
            return FetchedResponse(status: Int(response.status.code), contentEncoding: response.headers.first(name: "Content-Encoding"),
                                   body: Array(buffer: body), source: url)
        }
        do {
            let response = try await withThrowingTaskGroup(of: FetchedResponse?.self) { group in
                group.addTask { try await work() }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else { throw Timeout() }
                return response
            }
            return .success(response)
        } catch {
            let where_ = scrub(url)
            switch error {
            case is Timeout:
                return .failure(ContractFailure(.timeout, "\(where_): no complete response within \(Self.seconds(timeout))"))
            case let e as HTTPClientError where e == .deadlineExceeded || e == .readTimeout || e == .connectTimeout:
                return .failure(ContractFailure(.timeout, "\(where_): no complete response within \(Self.seconds(timeout)) (\(e))"))
            case is NIOTooManyBytesError:
                return .failure(ContractFailure(.oversized, "\(where_): the body is larger than maxResponseBytes (\(maxBytes) bytes)"))
            default:
                if phase.get() == .receiving {
                    return .failure(ContractFailure(.transport, "\(where_): the connection failed while receiving the body (truncated?): \(scrub(String(describing: error)))"))
                }
                if let e = error as? HTTPClientError, e == .remoteConnectionClosed {
                    return .failure(ContractFailure(.transport, "\(where_): the server closed the connection: \(e)"))
                }
                return .failure(ContractFailure(.unreachable, "\(where_): cannot reach the server: \(scrub(String(describing: error)))"))
            }
        }
    }

    static func seconds(_ t: Double) -> String {
        t == t.rounded() ? "\(Int(t)) s" : "\(t) s"
    }

    private final class PhaseBox: @unchecked Sendable {
        private let lock = NSLock()
        private var phase = Phase.connecting
        func set(_ p: Phase) { lock.lock(); phase = p; lock.unlock() }
        func get() -> Phase { lock.lock(); defer { lock.unlock() }; return phase }
    }
}
