import SDUIJSON
import SDUIPayload
import SDUIPlugIn

/// A response as one client shows it: the rendering (redacted, accounted, secrets scrubbed) and its text.
public struct ResponseRendering: Sendable, Hashable {
    public var rendering: Rendering
    /// ``Rendering/text`` with secrets scrubbed: what goes into the golden file.
    public var text: String
    /// The response's JSON as the gate read it (nil when it is not JSON the gate can read).
    public var payload: JSONValue?
    /// The strings the response carries: counted when asked (only a rendering that differs from
    /// its golden is compared).
    public var sent: SentContent? { payload.map(SentContent.init(payload:)) }
}

/// Bytes → `Content-Encoding` undone → client → redaction → accounting → secrets scrubbed.
public struct ResponseRenderer: Sendable {
    public var redactions: [RedactionRule]
    public var accounting: ComponentAccounting
    /// Limits for undoing `Content-Encoding` (and for reading the payload's JSON for accounting).
    public var payloadLimits: PayloadLimits
    /// Whether each kind the rendering seems to show, and the golden did not, is put to the client
    /// again with a value it cannot know, so a kind the client keeps without decoding it (an item
    /// with no payload, a visible fallback) counts as not shown (``KindProbe``).
    public var probesUnknownKinds = true

    public init(redactions: [RedactionRule] = [], accounting: ComponentAccounting = ComponentAccounting(),
                payloadLimits: PayloadLimits = .default) {
        self.redactions = redactions
        self.accounting = accounting
        self.payloadLimits = payloadLimits
    }

    /// A response the gate cannot even unpack (undecodable bytes for the declared encoding, an
    /// unsupported encoding, over the limits) is an error: the transport, not the protocol, failed.
    /// A client that crashes or cannot run is an error for that client.
    /// - Parameter golden: the client's golden, whose component kinds help the accounting.
    public func render(_ response: FetchedResponse, client: any ContractClient, secrets: Secrets,
                       golden: Rendering? = nil) async -> Result<ResponseRendering, ContractFailure> {
        let declared: DeclaredEncoding?
        if let header = response.contentEncoding {
            do throws(PayloadError) { declared = try DeclaredEncoding(contentEncoding: header) } catch {
                return .failure(ContractFailure(.badEncoding, "\(response.source): \(error.message)"))
            }
        } else {
            declared = nil
        }
        // The payload as the gate reads it (sniffing an undeclared compression), for accounting and redaction.
        let payload: DecodedPayload
        do throws(PayloadError) {
            payload = try PayloadDecoder(limits: payloadLimits).decode(response.body, declared: declared)
        } catch {
            let at = error.byteOffset.map { " at byte \($0)" } ?? ""
            let declaredText = response.contentEncoding.map { "Content-Encoding: \($0)" } ?? "no Content-Encoding"
            let rule: ContractRule = error.code.hasSuffix("too_large") ? .oversized : .badEncoding
            return .failure(ContractFailure(rule, "\(response.source) (\(declaredText)): \(error.message)\(at)"))
        }
        // What the app's decoder gets: its HTTP stack undoes a declared encoding, nothing else.
        let body = declared == nil || declared == .identity || declared == .exactly(.identity) ? response.body : payload.text
        var rendering: Rendering
        switch await client.render(body) {
        case .success(let r): rendering = r
        case .failure(let failure):
            let rule: ContractRule = failure.kind == .crashed ? .clientCrashed : .clientUnavailable
            return .failure(ContractFailure(rule, "client \(client.name): \(secrets.scrub(failure.title))",
                                            detail: secrets.scrub(failure.detail)))
        }
        let ownRendering = rendering
        let text = payload.text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(payload.text.dropFirst(3)) : payload.text
        let root = try? JSONParser(materializationDepth: 64).parse(text)
        if !redactions.isEmpty {
            var redactor = Redactor(rules: redactions, payload: root)
            rendering = redactor.redact(rendering)
        }
        if let root {
            // Asked before redaction: the client's own renderings are compared with each other.
            let unknown = probesUnknownKinds ? await KindProbe(accounting: accounting).unknownKinds(in: root, rendering: ownRendering, golden: golden, client: client) : []
            rendering.notShown = accounting.notShown(payload: root, rendering: rendering, golden: golden, unknownKinds: unknown)
        }
        let scrubbed = secrets.scrub(rendering.text)
        if scrubbed != rendering.text, var reread = try? Rendering.parse(scrubbed) {
            // Keep the decoder's warning codes (not part of the text) on the scrubbed rendering.
            for i in reread.warnings.indices where i < rendering.warnings.count { reread.warnings[i].code = rendering.warnings[i].code }
            rendering = reread
        }
        return .success(ResponseRendering(rendering: rendering, text: scrubbed, payload: root))
    }
}
