import Foundation

/// Where a frame is in the source, from its location (`Sources/A/B.swift:42:17`): the file's name
/// and the line, when the location has a line (0 is "no line": code the compiler made up, or a
/// trap merged with another).
package struct SourceSite: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int

    package init?(location: String) {
        let parts = location.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, let line = Int(parts[1]), line > 0 else { return nil }
        let path = String(parts[0])
        guard !path.isEmpty, !path.hasPrefix("<"), !path.hasPrefix("(") else { return nil }
        file = (path as NSString).lastPathComponent
        self.line = line
    }

    /// `File.swift:42`, as titles show it.
    package var description: String { "\(file):\(line)" }
}
