import SDUIJSON

/// Per-decode state shared by the `Decodable` types through `userInfo`: warnings, limits and
/// counters. One per call to ``ScreenDecoder``, never global.
final class DecodingContext {
    static let key = CodingUserInfoKey(rawValue: "SDUIScreen.DecodingContext")!

    let limits: DecodingLimits
    private(set) var warnings: [DecodeWarning] = []
    /// Component nesting depth that owns each warning (0 = the screen itself).
    private var owners: [Int] = []
    var componentDepth = 0
    /// Paths of the components being decoded, innermost last (a child's path extends its parent's).
    var componentPaths: [String] = []
    var stackDepth = 0
    private var componentCount = 0
    private var firstPathOfID: [String: String] = [:]

    init(limits: DecodingLimits) {
        self.limits = limits
    }

    func warn(_ code: DecodeWarning.Code, _ path: String, _ message: String) {
        warnings.append(DecodeWarning(code, path: path, message: message))
        owners.append(componentDepth)
    }

    var mark: Int { warnings.count }

    /// Drops warnings raised since `mark` (a component that became a placeholder explains itself once).
    func rollback(to mark: Int) {
        warnings.removeSubrange(mark...)
        owners.removeSubrange(mark...)
    }

    /// Whether a warning since `mark` belongs to the component at `depth` itself (not a child).
    func hasOwnWarning(since mark: Int, depth: Int) -> Bool {
        owners[mark...].contains(depth)
    }

    func countComponent(at path: String) throws(ScreenError) {
        componentCount += 1
        if componentCount > limits.maxComponents {
            throw .limitExceeded(path: path, limit: "components", value: limits.maxComponents)
        }
    }

    func register(id: String, at path: String) {
        if let first = firstPathOfID[id] {
            warn(.duplicateID, path, "duplicate id \(JSONPath.quoted(id)) (first used at \(first))")
        } else {
            firstPathOfID[id] = path
        }
    }
}

extension Decoder {
    var context: DecodingContext {
        guard let context = userInfo[DecodingContext.key] as? DecodingContext else {
            preconditionFailure("SDUIScreen types decode only through ScreenDecoder")
        }
        return context
    }

    var path: String { JSONPath.string(codingPath) }
}

/// A field-level problem found by validation (range, enum value, URL form), thrown inside a
/// component and turned into its `invalid` placeholder.
struct FieldProblem: Error {
    var codingPath: [any CodingKey]
    var reason: String
}

/// The path and one-line reason of an error thrown while decoding a component's fields.
func explain(_ error: any Error) -> (path: String, reason: String, warning: String) {
    switch error {
    case let problem as FieldProblem:
        let path = JSONPath.string(problem.codingPath)
        return (path, problem.reason, problem.reason)
    case DecodingError.keyNotFound(let key, let ctx):
        let path = JSONPath.string(ctx.codingPath)
        return (path, "missing \"\(key.stringValue)\"", "missing required field \"\(key.stringValue)\"")
    case DecodingError.typeMismatch(_, let ctx), DecodingError.valueNotFound(_, let ctx),
         DecodingError.dataCorrupted(let ctx):
        let path = JSONPath.string(ctx.codingPath)
        let field = ctx.codingPath.last.map { $0.intValue != nil && $0.stringValue.isEmpty ? "[\($0.intValue!)]" : "\"\($0.stringValue)\"" } ?? "value"
        let reason = "\(field) \(ctx.debugDescription)"
        return (path, reason, reason)
    default:
        return ("$", "\(error)", "\(error)")
    }
}

/// Absolute `http`/`https` URL with a host and no whitespace or control characters.
func isHTTPURL(_ s: String) -> Bool {
    let utf8 = Array(s.utf8)
    let lower = utf8.prefix(8).map { $0 | ($0 >= 0x41 && $0 <= 0x5a ? 0x20 : 0) }
    let schemeLength: Int
    if lower.starts(with: Array("https://".utf8)) { schemeLength = 8 }
    else if lower.starts(with: Array("http://".utf8)) { schemeLength = 7 }
    else { return false }
    guard utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7f }) else { return false }
    let rest = utf8.dropFirst(schemeLength)
    let host = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    return !host.isEmpty && host.first != UInt8(ascii: ":") && host.first != UInt8(ascii: "@")
}

extension KeyedDecodingContainer {
    /// An optional field: absent or `null` gives `nil`; an invalid value gives `nil` and a warning.
    func lenient<T: Decodable>(
        _ type: T.Type, _ key: Key, _ context: DecodingContext, defaultDescription: String,
        validate: (T) -> String? = { _ in nil }
    ) -> T? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        var path: String { JSONPath.string(codingPath + [key]) }
        do {
            let value = try decode(T.self, forKey: key)
            if let problem = validate(value) {
                context.warn(.invalidOptionalField, path, "\"\(key.stringValue)\" \(problem); using the default \(defaultDescription)")
                return nil
            }
            return value
        } catch {
            let (_, reason, _) = explain(error)
            context.warn(.invalidOptionalField, path, "\(reason); using the default \(defaultDescription)")
            return nil
        }
    }

    /// An optional string enum with a default.
    func lenientEnum<E: RawRepresentable<String>>(_ type: E.Type, _ key: Key, _ context: DecodingContext, default value: E) -> E {
        let raw = lenient(String.self, key, context, defaultDescription: JSONPath.quoted(value.rawValue)) { s in
            E(rawValue: s) == nil ? "has unknown value \(JSONPath.quoted(s))" : nil
        }
        return raw.flatMap(E.init(rawValue:)) ?? value
    }

    /// A required string enum; an unknown value makes the component invalid.
    func requiredEnum<E: RawRepresentable<String>>(_ type: E.Type, _ key: Key) throws -> E {
        let s = try decode(String.self, forKey: key)
        guard let value = E(rawValue: s) else {
            throw FieldProblem(codingPath: codingPath + [key], reason: "\"\(key.stringValue)\" has unknown value \(JSONPath.quoted(s))")
        }
        return value
    }

    /// A required absolute http(s) URL.
    func requiredURL(_ key: Key) throws -> String {
        let s = try decode(String.self, forKey: key)
        guard isHTTPURL(s) else {
            throw FieldProblem(codingPath: codingPath + [key], reason: "\"\(key.stringValue)\" is not an absolute http(s) URL: \(JSONPath.quoted(s))")
        }
        return s
    }
}

/// Canonical spelling of a number in messages and renderings: `1`, `1.5`, `1e+300`, `0` for -0.
public func canonicalNumber(_ d: Double) -> String {
    d == 0 ? "0" : JSONSerializer.formatNumber(d)
}
