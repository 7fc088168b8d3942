import Foundation
import SDUIPlugIn

/// When goldens are written: one vocabulary for the gate's commands and for `assertContract`, as
/// swift-snapshot-testing's record modes. `sdui contract check` is `never`, `sdui contract record`
/// is `missing`, `record --update` is `all`, and in CI each is `never`; `assertContract` takes
/// `record:`, else `SDUI_RECORD`, else `never` in CI and `missing` elsewhere (``effective(_:environment:)``).
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write: compare, and a missing golden is a failure.
    case never
    /// Write goldens that are missing; compare the others.
    case missing
    /// Write goldens that are missing or differ.
    case all

    /// Whether this process runs in CI: `CI` set to `true`, `1` or `yes` (GitHub Actions, GitLab,
    /// Buildkite, CircleCI and others set it). The one CI detection of the gate and its test helper.
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        ["true", "1", "yes"].contains(environment["CI"]?.lowercased() ?? "")
    }

    /// A test's mode: the one its code names, else `SDUI_RECORD=never|missing|all`, else `never` in
    /// CI, else `missing` (as swift-snapshot-testing's record modes: what the code says wins).
    public static func effective(_ mode: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if let mode { return mode }
        if let value = environment["SDUI_RECORD"], let forced = RecordMode(rawValue: value.lowercased()) { return forced }
        return isCI(environment) ? .never : .missing
    }
}

/// What checking one rendering against its golden concluded. The caller writes (or not) and
/// reports; the decision is made once, here, for the runner and for `assertContract` alike.
public enum GoldenVerdict: Sendable {
    /// Byte-identical to the golden, or different only in what the rendering model does not hold
    /// (trailing whitespace edited by hand).
    case pass
    /// Compared, and the renderings differ: every difference, classified.
    case differs([Finding])
    /// Write the rendering as the golden: `nil` when there was none, else the differences it
    /// replaces (empty when the old golden could not be read or differs only in formatting).
    case write(replacing: [Finding]?)
    /// There is no golden and the mode writes none.
    case missing
    /// The golden is not a rendering: why, with the line it could not read.
    case unreadable(String)
}

public enum GoldenCheck {
    /// Checks `current` (whose canonical text is `text`) against `golden` (the golden file's text,
    /// `nil` when it does not exist) under `mode`; `contract` names the findings.
    /// `sent`: the strings the response carries, so content still sent and no longer shown is
    /// found (``RenderingComparison/compare(golden:current:sent:)``).
    public static func verify(_ current: Rendering, text: String, against golden: String?, mode: RecordMode,
                              contract: String, sent: @autoclosure () -> SentContent? = nil) -> GoldenVerdict {
        guard let golden else { return mode == .never ? .missing : .write(replacing: nil) }
        if golden == text { return .pass }
        let goldenTree: Rendering
        do throws(RenderingParseError) {
            goldenTree = try Rendering.parse(golden)
        } catch {
            return mode == .all ? .write(replacing: []) : .unreadable(error.description)
        }
        let findings = RenderingComparison(contract: contract).compare(golden: goldenTree, current: current, sent: sent())
        if mode == .all { return .write(replacing: findings) }
        return findings.isEmpty ? .pass : .differs(findings)
    }
}
