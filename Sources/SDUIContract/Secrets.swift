/// Values taken from environment variables (`${API_TOKEN}`): expanded only where a request is
/// built, and scrubbed back to `${NAME}` from every rendering, golden, report and message.
public struct Secrets: Sendable {
    private var environment: [String: String]
    /// (value, `${NAME}`), longest value first so overlapping secrets scrub fully.
    private(set) var known: [(String, String)] = []

    public init(environment: [String: String]) { self.environment = environment }

    /// `value` with every `${NAME}` replaced by the variable's value.
    public mutating func expand(_ value: String) -> Result<String, SecretError> {
        var out = ""
        var rest = Substring(value)
        while let start = rest.firstRange(of: "${") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { return .failure(SecretError(message: "unterminated ${ in a header value")) }
            let name = String(rest[start.upperBound..<end])
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                return .failure(SecretError(message: "bad variable name ${\(name)}"))
            }
            guard let secret = environment[name] else {
                return .failure(SecretError(message: "environment variable \(name) is not set"))
            }
            if !secret.isEmpty, !known.contains(where: { $0.0 == secret }) {
                known.append((secret, "${\(name)}"))
                known.sort { $0.0.count > $1.0.count }
            }
            out += secret
            rest = rest[rest.index(after: end)...]
        }
        return .success(out + rest)
    }

    /// `text` with every known secret value replaced by its `${NAME}`.
    public func scrub(_ text: String) -> String {
        guard !known.isEmpty else { return text }
        var text = text
        for (value, name) in known where text.contains(value) {
            text = text.replacing(value, with: name)
        }
        return text
    }
}

public struct SecretError: Error, Sendable, Hashable {
    public var message: String
}
