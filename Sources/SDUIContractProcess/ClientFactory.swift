import Foundation
import SDUIContract
import SDUIPlugIn

/// Turns the config's clients into runnable ones: the bundled decoder, a command speaking the
/// render protocol, or a product of the user's package, built once per product (debug) and run
/// out of process. A product that does not build, or is not selected, is an unavailable client:
/// its checks are errors (`SDUI-E013`), never silently skipped.
///
/// Building and explaining a crash are given (the campaign runner's debug build and triage), so
/// the choices here are tested without a toolchain.
public struct ClientFactory: Sendable {
    /// Builds a product of the user's package and returns its binary's path.
    public typealias Build = @Sendable (_ product: String) throws -> String
    /// Titles a client's crash on `body` (its binary replayed, as the fuzz report titles crashes);
    /// nil when it cannot, and the runtime's own line is used.
    public typealias ExplainCrash = @Sendable (_ binary: String, _ product: String, _ body: [UInt8], _ timeout: Double) -> ClientFailure?

    /// The user's package (the one holding the client products).
    public var packageRoot: String
    /// Client names (globs) to run; empty runs every client.
    public var selection: [String] = []
    /// Use binaries already built (`.build/debug/<product>`) instead of building.
    public var noBuild = false
    /// Seconds one response may take.
    public var timeout: Double = 10
    public var build: Build
    public var explainCrash: ExplainCrash
    /// Whether a crash is titled through `explainCrash` (a debug replay with the backtracer on:
    /// seconds each). Probing requirements needs only that it crashed: off there.
    public var explainsCrashes = true
    /// Told what is being built (a build takes a while).
    public var progress: @Sendable (String) -> Void = { _ in }
    /// Builds a client named by its decoder where it lives (``PluggedClient``): its binary, and
    /// how a crash on a body is titled. Nil: such clients are unavailable.
    public typealias Plug = @Sendable (_ client: ClientConfig) throws -> (binary: String, explain: @Sendable ([UInt8], Double) -> ClientFailure?)
    public var plug: Plug?

    public init(packageRoot: String, build: @escaping Build, explainCrash: @escaping ExplainCrash) {
        self.packageRoot = packageRoot
        self.build = build
        self.explainCrash = explainCrash
    }

    /// The config's clients, in its order (the bundled decoder alone when it lists none).
    public func clients(for config: ContractConfig) -> [any ContractClient] {
        guard !config.clients.isEmpty else { return [ReferenceClient()] }
        let wanted = Set(config.clients.filter { c in
            selection.isEmpty || selection.contains { ContractSuite.matches(glob: $0, c.name) }
        }.map(\.name))
        var built: [String: Result<String, ClientFailure>] = [:]
        return config.clients.map { c -> any ContractClient in
            if c.isReference { return ReferenceClient(name: c.name) }
            if let command = c.command {
                return ProcessClient(name: c.name, launch: ["/bin/sh", "-c", command], timeout: timeout)
            }
            if c.plugged != nil {
                guard wanted.contains(c.name) else { return UnavailableClient(name: c.name, failure: ClientFailure(.unavailable, "not selected")) }
                guard let plug else {
                    return UnavailableClient(name: c.name, failure: ClientFailure(.unavailable, "a decoder named where it lives needs the sdui command line"))
                }
                progress("building client \(c.name) from its sources…")
                do {
                    let built = try plug(c)
                    let explains = explainsCrashes
                    return ProcessClient(name: c.name, launch: [built.binary, RenderFrame.serverFlag], timeout: timeout) { body, stderr, status in
                        (explains ? built.explain(body, timeout) : nil) ?? ProcessClient.plainCrash(body, stderr, status)
                    }
                } catch {
                    return UnavailableClient(name: c.name, failure: ClientFailure(.unavailable, "client \(c.name) cannot be built from its sources",
                                                                                   detail: String("\(error)".suffix(3000))))
                }
            }
            guard let product = c.product else {
                return UnavailableClient(name: c.name, failure: ClientFailure(.unavailable, "names neither a product nor a command"))
            }
            guard wanted.contains(c.name) else { return UnavailableClient(name: c.name, failure: ClientFailure(.unavailable, "not selected")) }
            if built[product] == nil, noBuild {
                let binary = packageRoot + "/.build/debug/" + product
                built[product] = FileManager.default.isExecutableFile(atPath: binary) ? .success(binary)
                    : .failure(ClientFailure(.unavailable, "\(product) is not built in \(packageRoot)/.build/debug (drop --no-build to build it)"))
            }
            if built[product] == nil {
                progress("building \(product) (client \(c.name)) in \(packageRoot)…")
                do {
                    built[product] = .success(try build(product))
                } catch {
                    built[product] = .failure(ClientFailure(.unavailable, "\(product) does not build in \(packageRoot)",
                                                            detail: String("\(error)".suffix(3000))))
                }
            }
            switch built[product]! {
            case .failure(let failure):
                return UnavailableClient(name: c.name, failure: failure)
            case .success(let binary):
                let explain = explainCrash, seconds = timeout, explains = explainsCrashes
                return ProcessClient(name: c.name, launch: [binary, RenderFrame.serverFlag], timeout: timeout) { body, stderr, status in
                    (explains ? explain(binary, product, body, seconds) : nil) ?? ProcessClient.plainCrash(body, stderr, status)
                }
            }
        }
    }
}

/// A client that cannot run (its product does not build, or it was not selected): every check it
/// has is an error.
public struct UnavailableClient: ContractClient {
    public var name: String
    public var failure: ClientFailure
    public init(name: String, failure: ClientFailure) {
        self.name = name
        self.failure = failure
    }
    public func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure> { .failure(failure) }
}
