import Foundation

/// The text of a source line named by a stack frame's location (`Sources/A/B.swift:42:17`),
/// whitespace collapsed: what a crash signature keys on instead of the line number, so that two
/// bugs in one function differ while edits elsewhere in the file keep a bug's signature.
enum SourceLine {
    static func text(at location: String, packageRoot: String) -> String? {
        let parts = location.split(separator: ":")
        guard parts.count >= 2, let line = Int(parts[1]), line > 0 else { return nil }
        var path = String(parts[0])
        guard path.hasSuffix(".swift") || path.hasSuffix(".c") || path.hasSuffix(".cpp") || path.hasSuffix(".m") else { return nil }
        if !path.hasPrefix("/") { path = packageRoot + "/" + path }
        guard let data = FileManager.default.contents(atPath: path), data.count < 8 << 20 else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return nil }
        let text = lines[line - 1].split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return text.isEmpty ? nil : text
    }
}
