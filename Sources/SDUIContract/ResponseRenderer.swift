import SDUIJSON
import SDUIPayload
import SDUIRender
import SDUIScreen

/// What a contract compares: a response turned into its golden rendering by the decoder under test.
///
/// The bundled reference decoder is the default. A team whose app decodes differently plugs in its
/// own by mapping its outcome onto ``Screen`` (components, placeholders and warnings), so the gate
/// renders and classifies it the same way.
public protocol ScreenDecoding: Sendable {
    /// Limits for the payload bytes and JSON depth.
    var limits: DecodingLimits { get }
    /// Decodes the JSON root into a screen, or the error rejecting it.
    func decode(_ root: JSONValue) -> Result<Screen, ScreenError>
}

/// The bundled reference decoder (protocol v1).
public struct ReferenceScreenDecoding: ScreenDecoding {
    public var limits: DecodingLimits
    public init(limits: DecodingLimits = .default) { self.limits = limits }
    public func decode(_ root: JSONValue) -> Result<Screen, ScreenError> {
        do throws(ScreenError) { return .success(try ScreenDecoder(limits: limits).decode(value: root)) } catch { return .failure(error) }
    }
}

/// A response's rendering and the decoder's code for each of its warnings.
public struct ResponseRendering: Sendable, Hashable {
    public var text: String
    /// `PATH: message` (as in the rendering) → the warning's code.
    public var warningCodes: [String: DecodeWarning.Code]
}

/// Bytes → payload decoding → JSON → decoder → redaction → rendering → secrets scrubbed.
public struct ResponseRenderer: Sendable {
    public var decoding: any ScreenDecoding
    public var redactions: [RedactionRule]

    public init(decoding: any ScreenDecoding = ReferenceScreenDecoding(), redactions: [RedactionRule] = []) {
        self.decoding = decoding
        self.redactions = redactions
    }

    /// A response the client cannot even unpack (undecodable bytes for the declared encoding, an
    /// unsupported encoding, over the limits) is an error: the transport, not the protocol, failed.
    public func render(_ response: FetchedResponse, secrets: Secrets) -> Result<ResponseRendering, ContractFailure> {
        let declared: DeclaredEncoding?
        if let header = response.contentEncoding {
            do throws(PayloadError) { declared = try DeclaredEncoding(contentEncoding: header) } catch {
                return .failure(ContractFailure(.badEncoding, "\(response.source): \(error.message)"))
            }
        } else {
            declared = nil
        }
        let payload: DecodedPayload
        do throws(PayloadError) {
            payload = try PayloadDecoder(limits: decoding.limits.payload).decode(response.body, declared: declared)
        } catch {
            let at = error.byteOffset.map { " at byte \($0)" } ?? ""
            let declaredText = response.contentEncoding.map { "Content-Encoding: \($0)" } ?? "no Content-Encoding"
            let rule: ContractRule = error.code.hasSuffix("too_large") ? .oversized : .badEncoding
            return .failure(ContractFailure(rule, "\(response.source) (\(declaredText)): \(error.message)\(at)"))
        }
        let text = payload.text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(payload.text.dropFirst(3)) : payload.text
        var outcome: Result<Screen, ScreenError>
        do throws(JSONSyntaxError) {
            outcome = decoding.decode(try JSONParser(materializationDepth: decoding.limits.jsonMaterializationDepth).parse(text))
        } catch {
            outcome = .failure(.json(error))
        }
        if !redactions.isEmpty, case .success(let screen) = outcome {
            var redactor = Redactor(rules: redactions)
            outcome = .success(redactor.redact(screen))
        }
        var codes: [String: DecodeWarning.Code] = [:]
        if case .success(let screen) = outcome {
            for w in screen.warnings { codes[secrets.scrub("\(w.path): \(w.message)")] = w.code }
        }
        return .success(ResponseRendering(text: secrets.scrub(ScreenRenderer().render(outcome)), warningCodes: codes))
    }
}
