import SDUIPayload

/// The limits of protocol §5, each configurable.
public struct DecodingLimits: Sendable, Hashable {
    /// Byte limits on the payload as received and decompressed.
    public var payload: PayloadLimits
    /// Deepest allowed stack nesting; a deeper stack becomes an `invalid` placeholder. Default 32.
    public var maxStackDepth: Int
    /// Most components in one screen, all levels; more is an error. Default 10,000.
    public var maxComponents: Int

    public init(payload: PayloadLimits = .default, maxStackDepth: Int = 32, maxComponents: Int = 10_000) {
        self.payload = payload
        self.maxStackDepth = maxStackDepth
        self.maxComponents = maxComponents
    }

    public static let `default` = DecodingLimits()

    /// JSON deeper than this is syntax-checked but not materialized: enough for the deepest
    /// allowed stack (three JSON levels per stack: component, `data`, `children`) and its
    /// children's `data` and actions, never more.
    public var jsonMaterializationDepth: Int { 3 * (maxStackDepth + 1) + 8 }
}
