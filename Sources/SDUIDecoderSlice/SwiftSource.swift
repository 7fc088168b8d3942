/// Swift text the harness writes around a user's code (the slice's `#sourceLocation`, generated
/// targets and manifests), in one place so every writer quotes and calls alike.
public enum SwiftSource {
    /// A string literal holding `s`.
    public static func stringLiteral(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The decode expression with `try` in front (a warning where nothing throws, never an error).
    public static func tried(_ expression: String) -> String {
        let trimmed = expression.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("try") ? trimmed : "try " + trimmed
    }
}

import Foundation
