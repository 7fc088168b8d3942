import Foundation
import CSDUIFuzzEngine
import SDUIPlatform

/// When a fuzzing job runs its inputs in a fork server's child (``ForkServer``).
public enum ForkServerMode: String, Codable, Sendable, CaseIterable {
    /// In the job's own process, until its skipped crashes are seen to leak fast (at least
    /// ``ForkServer/leakPerSkippedCrash`` bytes each, over 64 skips); then in a child. On Linux
    /// only: on Darwin, libdispatch refuses to run in the child of a process that has used it.
    /// (Known memory errors alone do not make it fork: measured on the registry benchmark decoder,
    /// whose stack overflows end a job every few seconds, forking ran 0.86x as fast as restarting.)
    case auto
    /// In a child from the first input.
    case always
    /// Always in the job's own process (what the harness did before the fork server).
    case never
}

/// Runs inputs in a child process forked from the fuzzing job once it is set up (`fork_server.c`).
/// A crash-dense decoder leaks what a skipped crash's frames held (Swift releases nothing on a
/// `siglongjmp`); a decoder whose screens hold a megabyte of objects each then fills a job's memory
/// within seconds, and every job that ends early pays libFuzzer's start-up and corpus load again.
/// The child runs input after input as the job would (known crash sites and hangs skipped there)
/// until it has grown by ``growthLimitBytes``, then exits; the next input forks a fresh child from
/// the clean job. Coverage comes back through a shared copy of the counters. A child that dies of a
/// memory error (a stack overflow, a wild pointer) leaves the sanitizer report's site behind: the
/// input is skipped when the campaign knows the site, else kept as `crash-<site>` for triage, and
/// the job fuzzes on. An input whose child dies otherwise or stays silent past the deadline is run
/// again in the job's own process, where libFuzzer and the sanitizer report it as usual.
public final class ForkServer {
    /// A skipped crash that leaks at least this much on average (over a window of 64 skips) makes
    /// ``ForkServerMode/auto`` switch to the fork server (measured by ``heldBytes()``). The registry
    /// benchmark decoder, which keeps a few KB per skip (its handlers' objects), stays in process;
    /// one that keeps a megabyte per screen (its leaking twin; the real decoder of issue 39 kept
    /// some 700 KB per input) does not.
    public static let leakPerSkippedCrash = 128 << 10

    /// How much a child may grow before it makes way for a fresh one.
    public let growthLimitBytes: Int
    /// How long the job waits for the child's verdict on one input (nil: as long as it takes).
    public let deadlineMilliseconds: Int?
    private let body: ([UInt8]) -> Int32

    /// `body` runs in the child, on each input; what it returns is the input's verdict (a nonzero
    /// low byte: the run was left, a skipped crash or hang, and the child checks its growth at once).
    public init(growthLimitBytes: Int, deadlineMilliseconds: Int?, body: @escaping ([UInt8]) -> Int32) {
        self.growthLimitBytes = growthLimitBytes
        self.deadlineMilliseconds = deadlineMilliseconds
        self.body = body
    }

    /// The body's verdict on `input`, run in the child; nil when the child died or stayed silent
    /// (the caller runs the input in its own process).
    public func run(_ input: [UInt8]) -> Int32? {
        var verdict: Int32 = 0
        // The child keeps the context for its whole life: the server lives as long as its harness.
        let context = Unmanaged.passUnretained(self).toOpaque()
        let status = input.withUnsafeBufferPointer { buffer in
            sdui_fork_server_run(buffer.baseAddress, buffer.count, { bytes, count, context in
                let server = Unmanaged<ForkServer>.fromOpaque(context!).takeUnretainedValue()
                return server.body(Array(UnsafeBufferPointer(start: bytes, count: count)))
            }, context, UInt64(growthLimitBytes), UInt64(deadlineMilliseconds ?? 0), &verdict)
        }
        return status == 0 ? verdict : nil
    }

    /// Children forked so far, and how many of them died during an input.
    public static var children: Int { Int(sdui_fork_server_children()) }
    public static var lost: Int { Int(sdui_fork_server_lost()) }
    /// Inputs whose child died of a memory error, skipped or kept by their site.
    public static var memoryErrors: Int { Int(sdui_fork_server_memory_errors()) }
    /// Whether this process is a fork server's child.
    public static var isChild: Bool { sdui_fork_server_is_child() != 0 }

    /// What this process holds, for telling a leak: the sanitizer allocator's count of bytes in use
    /// where there is one (a resident size also grows as ASan's quarantine of freed memory fills, by
    /// up to 256 MB, which on the registry benchmark decoder looked like a leak of 128 KB a skip),
    /// else the resident size.
    static func heldBytes() -> Int? {
        let heap = sdui_fork_server_heap_bytes()
        return heap >= 0 ? Int(heap) : Platform.residentBytes(of: ProcessInfo.processInfo.processIdentifier)
    }

    /// Kills and reaps the child, if one runs (the next ``run(_:)`` forks a fresh one). A process
    /// has one child at a time: a server that goes away takes it along.
    public func stop() { sdui_fork_server_stop() }

    deinit { sdui_fork_server_stop() }

    /// Whether `mode` may fork on this system (``ForkServerMode/auto`` stays in process on Darwin).
    public static func allowed(_ mode: ForkServerMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .auto: HostOS.current == .linux
        }
    }
}

/// What a child says of one input: how its guarded run ended, and what the check found.
struct ChildVerdict: Equatable {
    var outcome: CrashSites.Outcome
    var notAPayload = false
    /// An invariant broke: the job runs the input again itself, to stop as libFuzzer expects.
    var violated = false

    init(outcome: CrashSites.Outcome, notAPayload: Bool = false, violated: Bool = false) {
        self.outcome = outcome
        self.notAPayload = notAPayload
        self.violated = violated
    }

    init(_ raw: Int32) {
        outcome = CrashSites.Outcome(rawValue: raw & 0xff) ?? .completed
        notAPayload = raw & 0x100 != 0
        violated = raw & 0x200 != 0
    }

    var raw: Int32 { outcome.rawValue | (notAPayload ? 0x100 : 0) | (violated ? 0x200 : 0) }
}
