import Foundation

/// GitHub Actions' job summary: Markdown a step appends to the file `$GITHUB_STEP_SUMMARY` names
/// (every step of a job adds to the same file). The gate and `sdui fuzz regress` write theirs with
/// `--format github`.
public enum GitHubStepSummary {
    /// Appends `markdown` when `environment` names a summary file; false when it names none.
    @discardableResult
    public static func append(_ markdown: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return false }
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(markdown.utf8))
        return true
    }
}
