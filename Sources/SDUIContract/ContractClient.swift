import SDUIJSON
import SDUIPayload
import SDUIPlugIn
import SDUIScreen

/// One app version under test: its decoder and how it renders what it decoded.
///
/// The gate hands a client the body the app's decoder would get — with `Content-Encoding` already
/// undone, as the app's HTTP stack does, and as sent otherwise (a client may inflate gzip or zlib
/// itself) — and compares the ``Rendering`` it returns with that client's golden.
public protocol ContractClient: Sendable {
    /// `ios-5.2`, or `reference` for the bundled decoder.
    var name: String { get }
    /// The rendering of one body, or why the client could not produce one (a crash, a build failure).
    func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure>
    /// Releases what the client holds (an out-of-process client's processes); called once after a run.
    func close()
    /// The strings of the client's decoder code (its binary's or sources' literals), when they can
    /// be had: a kind the client renders as it renders a kind it cannot know, and that its code
    /// never names, is a kind it does not decode (``KindProbe``). Nil: the probe's answer alone.
    func decoderStrings() -> Set<String>?
}

extension ContractClient {
    public func close() {}
    public func decoderStrings() -> Set<String>? { nil }
}

/// A client that could not render a response: that is an error for the client, never a pass.
public struct ClientFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The decoder crashed on the response (its crash titled as in the fuzz report).
        case crashed
        /// The client could not be built or started.
        case unavailable
        /// The client answered something the gate cannot read.
        case protocolError = "protocol-error"
    }
    public var kind: Kind
    /// One line: `crash in FeedRenderer.headerCell(for:): Could not cast value …`.
    public var title: String
    /// Details (the crash's stack, the build log's tail).
    public var detail: String

    public init(_ kind: Kind, _ title: String, detail: String = "") {
        self.kind = kind
        self.title = title
        self.detail = detail
    }

    public var description: String { title }
}

/// The bundled reference decoder (protocol v1), in process.
public struct ReferenceClient: ContractClient {
    public var name: String
    public var limits: DecodingLimits

    /// The name of the bundled decoder's client when the config names none.
    public static let defaultName = "reference"

    public init(name: String = ReferenceClient.defaultName, limits: DecodingLimits = .default) {
        self.name = name
        self.limits = limits
    }

    public func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure> { .success(renderNow(body)) }

    func renderNow(_ body: [UInt8]) -> Rendering {
        let outcome: Result<Screen, ScreenError>
        do throws(ScreenError) {
            outcome = .success(try ScreenDecoder(limits: limits).decode(body).screen)
        } catch {
            outcome = .failure(error)
        }
        return ScreenRenderer().rendering(outcome)
    }
}

/// A team's decoder, in process: decode a body, fill a ``Rendering`` from what it decoded. A thrown
/// error is a rejection of the whole response. (A crash takes the process with it; the CLI runs
/// clients out of process, see `ProcessClient` in SDUIContractProcess, beside the CLI.)
public struct InProcessClient<Decoded>: ContractClient {
    public var name: String
    public var decode: @Sendable ([UInt8]) throws -> Decoded
    public var rendering: @Sendable (Decoded) -> Rendering
    /// The kinds the app's code decodes, when its decoded value does not say (a `type` beside one
    /// optional sibling per kind, which a view factory switches on). Out of process the gate reads
    /// them from the client's binary; in process there is none to read, so without them a kind
    /// whose stand-in still shows what the response sends counts as known (``KindProbe``).
    public var knownKinds: Set<String>?

    public init(name: String, decode: @escaping @Sendable ([UInt8]) throws -> Decoded,
                rendering: @escaping @Sendable (Decoded) -> Rendering) {
        self.name = name
        self.decode = decode
        self.rendering = rendering
    }

    public func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure> {
        do { return .success(rendering(try decode(body))) } catch { return .success(.rejected(error)) }
    }

    public func decoderStrings() -> Set<String>? { knownKinds }
}

extension InProcessClient {
    /// The decoder a fuzz target plugs into the harness, as a contract client: one
    /// `DecoderUnderTest` serves the fuzzer and the gate.
    /// Without `rendering:`, the rendering is derived from the decoded value (``DerivedRendering``).
    public init(_ decoder: DecoderUnderTest<Decoded>) {
        self.init(name: decoder.name, decode: decoder.decode, rendering: { decoder.gateRendering(of: $0) })
    }
}
