/// An error line of `swiftc`: `path:line:column: error: message`.
struct CompilerDiagnostic: Hashable, Sendable {
    var file: String
    var line: Int
    var column: Int
    var message: String

    /// The errors in a compiler's output (warnings and notes are not why a slice fails).
    static func errors(in output: String) -> [CompilerDiagnostic] {
        output.split(separator: "\n").compactMap { line in
            guard let marker = line.range(of: ": error: ") else { return nil }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let l = Int(location[location.count - 2]), let c = Int(location[location.count - 1]) else { return nil }
            let file = location.dropLast(2).joined(separator: ":")
            return CompilerDiagnostic(file: file, line: l, column: c, message: String(line[marker.upperBound...]))
        }
    }

    /// Errors with no file (a missing module, a broken toolchain).
    static func generalErrors(in output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("error: ") || $0.hasPrefix("<unknown>:0: error: ") }.map(String.init)
    }
}
