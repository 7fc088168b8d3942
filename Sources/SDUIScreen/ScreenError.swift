import SDUIJSON
import SDUIPayload

/// Why a payload was rejected as a whole (protocol §4, Errors). Every case says where: a byte
/// offset for payload and JSON syntax problems, a JSON path for the rest.
public enum ScreenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes could not be decoded in their (declared or sniffed) encoding.
    case payload(PayloadError)
    /// The (decompressed) text is not JSON.
    case json(JSONSyntaxError)
    /// The JSON root is not an object.
    case rootNotObject(found: String)
    /// A required root field is absent.
    case missingField(path: String, field: String)
    /// A root field has the wrong JSON type.
    case wrongType(path: String, expected: String, found: String)
    /// A root field has a value outside its rules (e.g. an empty `screen`).
    case invalidValue(path: String, reason: String)
    /// `version` is not 1.
    case unsupportedVersion(path: String, found: String)
    /// A structural limit (components per screen) was exceeded.
    case limitExceeded(path: String, limit: String, value: Int)

    /// A stable, machine-readable identifier of the kind of error.
    public var code: String {
        switch self {
        case .payload(let e): e.code
        case .json: "json.syntax"
        case .rootNotObject: "screen.root_not_object"
        case .missingField: "screen.missing_field"
        case .wrongType: "screen.wrong_type"
        case .invalidValue: "screen.invalid_value"
        case .unsupportedVersion: "screen.unsupported_version"
        case .limitExceeded: "screen.limit_exceeded"
        }
    }

    /// The JSON path the error refers to, where there is one.
    public var path: String? {
        switch self {
        case .payload: nil
        case .json(let e): e.path
        case .rootNotObject: "$"
        case .missingField(let p, _), .wrongType(let p, _, _), .invalidValue(let p, _),
             .unsupportedVersion(let p, _), .limitExceeded(let p, _, _): p
        }
    }

    /// The byte offset the error refers to, where there is one (in the received bytes for payload
    /// errors, in the decompressed JSON text for syntax errors).
    public var byteOffset: Int? {
        switch self {
        case .payload(let e): e.byteOffset
        case .json(let e): e.offset
        default: nil
        }
    }

    /// The explanation without the location (``path`` and ``byteOffset`` carry it).
    public var message: String {
        switch self {
        case .payload(let e): e.message
        case .json(let e): "invalid JSON: \(e.message)"
        case .rootNotObject(let found): "the JSON root must be an object, found \(found)"
        case .missingField(_, let f): "missing required field \"\(f)\""
        case .wrongType(_, let expected, let found): "expected \(expected), found \(found)"
        case .invalidValue(_, let reason): reason
        case .unsupportedVersion(_, let found): "unsupported version \(found) (this decoder understands 1)"
        case .limitExceeded(_, let limit, let value): "more than \(value) \(limit) (limit exceeded)"
        }
    }

    /// The location (`at $.path (byte N)`, either part optional) followed by the message.
    public var description: String {
        var location: [String] = []
        if let path { location.append("at \(path)") }
        if let byteOffset { location.append("byte \(byteOffset)") }
        return location.isEmpty ? message : "\(message) (\(location.joined(separator: ", ")))"
    }
}
