import Foundation
import SDUICrashAnalysis
import SDUIFuzz

/// One crash signature as CI systems are told about it (SARIF, Xcode, JUnit, GitHub): a campaign's
/// finding or a kept input that crashes again in `sdui fuzz regress`. Built from what triage
/// already knows; the formats only lay it out (``CrashFindingFormat``).
public struct CrashFinding: Sendable, Hashable {
    /// The fuzz target or decoder it was found in.
    public var target: String
    public var signature: CrashIdentity
    public var kind: CrashKind
    public var title: String
    public var message: String?
    /// The inputs with this signature; the first reproduces it.
    public var inputs: [String]
    public var reproduce: String?
    /// The user's innermost frame with a source line, as a path the CI system can open: relative
    /// to the folder the report is for (a repository's root) when the file is under it.
    public var site: Site?
    /// Whether it fails the campaign (a timeout that is the price of instrumentation does not):
    /// shown as a note, not an error, where the format has levels.
    public var failsCampaign = true

    public struct Site: Sendable, Hashable {
        public var path: String
        public var line: Int
        /// Whether `path` is relative to the report's base folder.
        public var isRelative: Bool
    }

    public init(target: String, signature: CrashIdentity, kind: CrashKind, title: String, message: String?, inputs: [String],
                reproduce: String?, frames: [CrashAnalysis.Frame], packageRoot: String, baseDirectory: String) {
        self.target = target
        self.signature = signature
        self.kind = kind
        self.title = title
        self.message = message
        self.inputs = inputs
        self.reproduce = reproduce
        self.site = Self.site(frames: frames, packageRoot: packageRoot, baseDirectory: baseDirectory)
    }

    /// A campaign's crash (``TargetResult/Crash``).
    public init(_ crash: TargetResult.Crash, target: String, packageRoot: String, baseDirectory: String) {
        self.init(target: target, signature: crash.signature, kind: crash.kind, title: crash.title, message: crash.message,
                  inputs: crash.inputs, reproduce: crash.reproduce, frames: crash.frames, packageRoot: packageRoot,
                  baseDirectory: baseDirectory)
        failsCampaign = crash.failsCampaign
    }

    /// The folder reports name paths relative to: the root of the git repository `folder` is in
    /// (code scanning and GitHub's annotations resolve paths against it), else `folder` itself.
    public static func reportBase(for folder: String = FileManager.default.currentDirectoryPath) -> String {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) { return url.path }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: folder).standardizedFileURL.path
    }

    /// The frame the title names (``CrashTriage/siteFrame(_:)``) when it has a line, else the
    /// innermost project frame that has one.
    static func site(frames: [CrashAnalysis.Frame], packageRoot: String, baseDirectory: String) -> Site? {
        let candidates = [CrashTriage.siteFrame(frames)].compactMap { $0 } + frames.filter(\.isProject)
        for frame in candidates {
            let parts = frame.location.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 2, let line = Int(parts[1]), line > 0, SourceSite(location: frame.location) != nil else { continue }
            let file = String(parts[0])
            let absolute = file.hasPrefix("/") ? file : (packageRoot as NSString).appendingPathComponent(file)
            let base = baseDirectory.hasSuffix("/") ? baseDirectory : baseDirectory + "/"
            if absolute.hasPrefix(base) { return Site(path: String(absolute.dropFirst(base.count)), line: line, isRelative: true) }
            return Site(path: absolute, line: line, isRelative: false)
        }
        return nil
    }
}
