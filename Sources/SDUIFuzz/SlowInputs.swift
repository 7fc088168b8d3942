import Foundation
import SDUIPlugIn

/// Keeps inputs that decoded slowly (but within the timeout) next to the crash artifacts.
final class SlowInputs: @unchecked Sendable {
    var prefix: String?
    var thresholdNanoseconds: UInt64
    /// libFuzzer's `-timeout`: an input that took longer is a timeout, even when libFuzzer's alarm
    /// (checked once a second) did not catch it in time.
    var timeoutNanoseconds: UInt64
    /// At most this many distinct slow inputs per artifact folder, over all of a campaign's jobs:
    /// one slow family can otherwise write hundreds of near-copies.
    let limit = 20

    init(_ configuration: FuzzHarnessConfiguration) {
        prefix = configuration.artifactPrefix
        thresholdNanoseconds = UInt64(max(0, configuration.slowMilliseconds)) * 1_000_000
        timeoutNanoseconds = UInt64(max(1, configuration.timeoutSeconds ?? 1_200)) * 1_000_000_000
    }

    /// Whether the input was slow; a slow one is written as a `slow-<ms>ms-<hash>` artifact while the
    /// folder holds fewer than ``limit`` distinct inputs; the same input again keeps one file, with
    /// its slowest time. One past the timeout is written as `timeout-<hash>`, which triage replays
    /// and reports as a timeout. Each is recorded in `log` too.
    @discardableResult
    func record(_ bytes: [UInt8], nanoseconds: UInt64, log: OutcomeLog? = nil) -> Bool {
        guard nanoseconds >= thresholdNanoseconds else { return false }
        let ms = nanoseconds / 1_000_000
        let pastTimeout = nanoseconds >= timeoutNanoseconds
        let kept = keep(bytes, ms: ms, pastTimeout: pastTimeout)
        log?.append(.slowInput(milliseconds: Int(ms), pastTimeout: pastTimeout, file: kept))
        return true
    }

    /// Writes the input as its artifact; the file's path, or nil when it was not written.
    private func keep(_ bytes: [UInt8], ms: UInt64, pastTimeout: Bool) -> String? {
        guard let prefix else { return nil }
        let hash = String(StableHash.fnv1a64(bytes), radix: 16)
        let fm = FileManager.default
        if pastTimeout {
            let name = prefix + "timeout-" + hash
            if !fm.fileExists(atPath: name) {
                _ = fm.createFile(atPath: name, contents: Data(bytes))
                FileHandle.standardError.write(Data("SDUIHarness: input took \(ms) ms, past the timeout (\(timeoutNanoseconds / 1_000_000) ms): kept as \(name)\n".utf8))
            }
            return name
        }
        let kept = keptSlow(prefix: prefix)
        if let same = kept.first(where: { $0.hash == hash }) {
            guard ms > same.ms else { return same.path }  // kept already, at least this slow
            try? fm.removeItem(atPath: same.path)
        } else if kept.count >= limit {
            return nil
        }
        let name = prefix + "slow-\(ms)ms-" + hash
        _ = fm.createFile(atPath: name, contents: Data(bytes))
        FileHandle.standardError.write(Data("SDUIHarness: slow input: \(ms) ms (threshold \(thresholdNanoseconds / 1_000_000) ms), kept as \(name)\n".utf8))
        return name
    }

    /// The slow inputs kept so far, counted in the folder, not in this process: fork mode runs many
    /// short-lived jobs.
    private func keptSlow(prefix: String) -> [(path: String, ms: UInt64, hash: String)] {
        let folder = prefix.hasSuffix("/") ? prefix : (prefix as NSString).deletingLastPathComponent
        let stem = prefix.hasSuffix("/") ? "" : (prefix as NSString).lastPathComponent
        let directory = folder.isEmpty ? "." : folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(stem + "slow-") else { return nil }
            // slow-<ms>ms-<hash>
            let parts = name.dropFirst(stem.count + 5).split(separator: "-", maxSplits: 1)
            guard parts.count == 2, parts[0].hasSuffix("ms"), let ms = UInt64(parts[0].dropLast(2)) else { return nil }
            return ((directory as NSString).appendingPathComponent(name), ms, String(parts[1]))
        }
    }
}
