import CSDUIFuzzEngine

/// Crash sites a campaign has already met, so a crash-dense decoder does not make the fuzzer
/// restart after every crash (see `crash_sites.c`). A campaign's processes share one file of known
/// sites. Inside ``run(_:_:)`` a crash at a known site is skipped and the process goes on; a crash
/// at a new site is added to the file and its input kept as a `crash-<site>` artifact, then
/// skipped too. Each kept input is confirmed later by a replay in a fresh process (triage), so
/// nothing a process in an odd state made up is reported as a bug.
public enum CrashSites {
    /// How a guarded run ended.
    public enum Outcome: Int32, Sendable {
        /// The body returned.
        case completed = 0
        /// It crashed at a site already known; nothing was kept.
        case skippedKnownSite = 1
        /// It crashed at a new site; the input was kept in the artifact folder.
        case keptNewSite = 2
        /// It ran into a hang already known and was ended early (see ``watchHangs(checkAfterMilliseconds:keepAfterMilliseconds:)``).
        case skippedKnownHang = 3
        /// It ran past the timeout at a new hang; the input was kept as a `timeout-<site>` artifact.
        case keptNewHang = 4
    }

    /// Installs the handlers over the current ones (call it after libFuzzer has installed its
    /// own, e.g. on the first input). `artifactPrefix`: where inputs of new sites are kept (nil:
    /// a new site is left to the previous handler, libFuzzer's). False when not installed.
    @discardableResult
    public static func install(knownSitesFile path: String, artifactPrefix: String?) -> Bool {
        sdui_crash_sites_install(path, artifactPrefix) == 0
    }

    /// Watches the runs of the calling thread for hangs (see `hang_watch.c`): a run that has taken
    /// `checkAfterMilliseconds` and is inside a hang the campaign already met (the same call chain
    /// into the loop, shared through the known-sites file) ends early as ``Outcome/skippedKnownHang``;
    /// one past `keepAfterMilliseconds` (the timeout) is a new hang, kept and ended as
    /// ``Outcome/keptNewHang``. A run is only ended where every frame under the hang's chain is the
    /// program's own code. Call after ``install(knownSitesFile:artifactPrefix:)``. False when not started.
    @discardableResult
    public static func watchHangs(checkAfterMilliseconds: Int, keepAfterMilliseconds: Int) -> Bool {
        guard checkAfterMilliseconds > 0, keepAfterMilliseconds >= checkAfterMilliseconds else { return false }
        return sdui_hang_watch_start(UInt64(checkAfterMilliseconds) * 1_000_000, UInt64(keepAfterMilliseconds) * 1_000_000) == 0
    }

    /// Runs `body` on `input` with skipping armed. Whatever a crashed body held is leaked: bound
    /// the crashes one process skips. Escaping on purpose: a crashed body never releases what it
    /// retained, which `withoutActuallyEscaping` would rightly report as an escape.
    public static func run(_ input: [UInt8], _ body: @escaping () -> Void) -> Outcome {
        let box = Unmanaged.passRetained(Box(body))
        defer { box.release() }
        let raw = input.withUnsafeBufferPointer { buffer in
            sdui_crash_sites_run(buffer.baseAddress, buffer.count, { context in
                Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue().body()
            }, box.toOpaque())
        }
        return Outcome(rawValue: raw) ?? .completed
    }

    /// Whether the Swift runtime's record of every fatal error's message (appended to on each
    /// one, never shortened) is emptied after each skip: on Linux when libswiftCore's symbol
    /// table can be read; otherwise each skipped runtime fatal error costs a little more than the last.
    public static var resetsRuntimeMessage: Bool { sdui_crash_sites_runtime_message_reset() != 0 }

    /// Crashes at known sites this process skipped.
    public static var skipped: Int { Int(sdui_crash_sites_recoveries()) }

    /// Runs this process ended early at a known hang.
    public static var hangsSkipped: Int { Int(sdui_hang_watch_skipped()) }

    /// Hang sites this process knows.
    public static var knownHangs: Int { Int(sdui_hang_watch_known()) }

    /// Sites this process knows (its own and those the file held when last read).
    public static var known: Int { Int(sdui_crash_sites_count()) }

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
