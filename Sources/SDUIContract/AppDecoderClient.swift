import Foundation
import SDUIPlugIn

// The decoder as the app calls it, for `assertContract` and other in-process gates: what
// `sdui-contracts.json`'s `"decode"`/`"type"` name for the CLI, named here in Swift. The rendering
// is derived from what was decoded (``DerivedRendering``), so no rendering code is written.

extension InProcessClient {
    /// A decode expression over the response body as `Data` (its `Content-Encoding` undone), as the
    /// app's networking hands it over: `InProcessClient { data in try HomeScreen.decode(data) }`.
    public init(_ name: String = "app", decodingData decode: @escaping @Sendable (Data) throws -> Decoded) {
        self.init(name: name, decode: { try decode(Data($0)) }, rendering: { DerivedRendering.rendering(of: $0) })
    }
}

extension InProcessClient where Decoded: Decodable {
    /// A `Decodable` screen type decoded with `JSONDecoder` (`decoder` configures it, as the app
    /// does: key strategies, dates): `InProcessClient(decoding: HomeScreen.self)`.
    public init(decoding type: Decoded.Type, name: String? = nil,
                decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }) {
        self.init(name ?? String(describing: type), decodingData: { try decoder().decode(Decoded.self, from: $0) })
    }
}

/// A `@MainActor` decoder (a view model's `load(_:)`, a registry of `@MainActor` classes), called
/// on the main actor as the app calls it; what it decoded never leaves the main actor, only its
/// ``Rendering`` does.
public struct MainActorClient<Decoded>: ContractClient {
    public var name: String
    public var decode: @MainActor @Sendable (Data) throws -> Decoded

    public init(_ name: String = "app", decode: @escaping @MainActor @Sendable (Data) throws -> Decoded) {
        self.name = name
        self.decode = decode
    }

    public func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure> {
        let decode = self.decode
        return await MainActor.run {
            do { return .success(DerivedRendering.rendering(of: try decode(Data(body)))) } catch { return .success(.rejected(error)) }
        }
    }
}
