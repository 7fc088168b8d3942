/// One line saying why a decoder rejected a response, naming the JSON path when the error knows it.
///
/// `DecodingError`s (what `Codable` decoders throw) become `keyNotFound at $.views[2].content: no
/// value for key "title"`; other errors are written with their type, e.g. `HomeError.unknownScreen("x")`.
public enum RejectionReason {
    public static func describe(_ error: any Error) -> String {
        let text: String
        if let decoding = error as? DecodingError {
            text = describe(decoding)
        } else {
            let described = String(describing: error)
            let typeName = String(describing: type(of: error))
            text = described.hasPrefix(typeName) ? described : "\(typeName).\(described)"
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    static func describe(_ error: DecodingError) -> String {
        func at(_ context: DecodingError.Context) -> String { "at " + jsonPath(context.codingPath) }
        func detail(_ context: DecodingError.Context) -> String {
            var s = context.debugDescription
            if let underlying = context.underlyingError { s += " (\(underlying))" }
            return s
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "keyNotFound \(at(context)): no value for key \(RenderedAttribute.quoted(key.stringValue))"
        case .typeMismatch(let type, let context):
            return "typeMismatch \(at(context)): expected \(type): \(detail(context))"
        case .valueNotFound(let type, let context):
            return "valueNotFound \(at(context)): expected \(type), found null: \(detail(context))"
        case .dataCorrupted(let context):
            return "dataCorrupted \(at(context)): \(detail(context))"
        @unknown default:
            return String(describing: error)
        }
    }

    /// `$.views[2].content`, from a `codingPath`.
    public static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var out = "$"
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                out += "[\(index)]"
            } else if let first = key.stringValue.first, first.isLetter || first == "_",
                      key.stringValue.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                out += "." + key.stringValue
            } else {
                out += "[" + RenderedAttribute.quoted(key.stringValue) + "]"
            }
        }
        return out
    }
}
