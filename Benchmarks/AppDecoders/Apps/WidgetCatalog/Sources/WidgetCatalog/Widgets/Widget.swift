import Foundation

/// Every widget the catalog can show. `@Widget("kind")` writes `kind` and `make(from:)`.
public protocol Widget: Sendable {
    static var kind: String { get }
    static func make(from decoder: any Decoder) throws -> any Widget
}
