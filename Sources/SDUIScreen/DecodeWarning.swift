/// A problem that did not stop the screen from decoding (protocol §4, Warnings).
public struct DecodeWarning: Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers of the warning kinds.
    public enum Code: String, Sendable, Hashable, CaseIterable, Codable {
        /// An unknown component `type`: an `unsupported` placeholder.
        case unknownComponentType = "unknown_component_type"
        /// A component missing a required field, with a wrong type, out of range or unknown enum: an `invalid` placeholder.
        case invalidComponent = "invalid_component"
        /// An optional field with an invalid value: its default is used.
        case invalidOptionalField = "invalid_optional_field"
        /// A button's action is of an unknown type or invalid: the button is inert.
        case inertButton = "inert_button"
        /// Two components share an `id`.
        case duplicateID = "duplicate_id"
        /// A stack nested deeper than the depth limit: an `invalid` placeholder.
        case stackTooDeep = "stack_too_deep"
    }

    public var code: Code
    /// JSON path of the offending value.
    public var path: String
    /// A one-line explanation.
    public var message: String

    public init(_ code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
