import Foundation

/// What a timeout found under the sanitizers means for the app, once its input is replayed in a
/// build without them (``TimeoutReplay``).
public enum TimeoutLabel: String, Sendable, Codable, Hashable, CaseIterable {
    /// Without sanitizers it still takes the timeout or longer: the app freezes on it.
    case hang
    /// The cost grows faster than the input (measured on smaller versions of it): a larger response
    /// freezes the app, whatever this one costs.
    case slowdown
    /// Fast and linear without sanitizers: the price of AddressSanitizer and coverage. Reported,
    /// and not a failure of the campaign.
    case instrumentation
}

/// One input of a growth measurement: a smaller version of the timeout's document (or the whole).
public struct ScalingPoint: Sendable, Codable, Hashable {
    /// Bytes of the document the decoder read (inflated).
    public var bytes: Int
    /// Median seconds without sanitizers.
    public var seconds: Double
    public init(bytes: Int, seconds: Double) {
        self.bytes = bytes
        self.seconds = seconds
    }
}

/// A timeout's input replayed without sanitizers or coverage: what it costs there, how big it is,
/// and the label that follows (``TimeoutVerdict``).
public struct TimeoutMeasurement: Sendable, Codable, Hashable {
    public var label: TimeoutLabel
    /// The campaign's `-timeout`, in seconds.
    public var timeoutSeconds: Int
    /// Median seconds of the input in the build without sanitizers (CPU time of the decoding thread,
    /// see ``FuzzReplay``); nil when no run ended before the deadline.
    public var plainSeconds: Double?
    /// Runs the median is of: up to ``TimeoutReplay/runs``, fewer when they took the timeout's worth.
    public var runs: Int
    /// The input as the fuzzer wrote it.
    public var inputBytes: Int
    /// The document the decoder read: the inflated size when the input is compressed.
    public var inflatedBytes: Int
    /// `gzip`, `zlib` or `raw-deflate` when the input was compressed.
    public var encoding: String?
    /// Deepest nesting of `{` and `[` in the document.
    public var depth: Int
    /// The document at a quarter, a half and all of its size (``ScaledDocument``), timed alike.
    public var scaling: [ScalingPoint]
    /// The smallest growth exponent between successive sizes (1: linear, 2: quadratic); nil when
    /// the smaller versions ran too fast to tell.
    public var exponent: Double?
    /// Why the label, in a phrase.
    public var reason: String

    /// Whether the finding fails the campaign: a hang or a slowdown is the app's, instrumentation is not.
    public var failsCampaign: Bool { label != .instrumentation }

    /// `instrumentation: 0.04 s without sanitizers, 150 KB inflated from 1.4 KB deflate, depth 305, linear`.
    public var summary: String {
        var parts: [String] = []
        if let plainSeconds {
            parts.append(Self.seconds(plainSeconds) + " CPU without sanitizers (median of \(runs))")
        } else {
            parts.append("no run ended before the deadline without sanitizers")
        }
        let size = encoding.map { "\(Self.size(inflatedBytes)) inflated from \(Self.size(inputBytes)) \($0)" } ?? Self.size(inputBytes)
        parts.append(size)
        parts.append("depth \(depth)")
        if let exponent { parts.append(exponent < TimeoutVerdict.superlinearExponent ? String(format: "linear (n^%.1f)", exponent) : String(format: "grows as n^%.1f", exponent)) }
        return "\(label.rawValue): " + parts.joined(separator: ", ")
    }

    static func seconds(_ s: Double) -> String { s < 0.01 ? String(format: "%.1f ms", s * 1000) : String(format: "%.2f s", s) }
    static func size(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : bytes < 1 << 20 ? String(format: "%.1f KB", Double(bytes) / 1024) : String(format: "%.1f MB", Double(bytes) / 1048576)
    }
}

/// Labels a timeout from what was measured without sanitizers. A pure function of the numbers, so
/// the rule is tested on its own.
///
/// Why growth is measured on smaller versions of the input, not against the seeds' cost per byte:
/// the seeds are other documents, of another shape (a flat 2 KB sample against a 150 KB document
/// 305 levels deep), and the per-byte cost of one shape differs from another's by an order of
/// magnitude in a linear decoder (a nesting level costs a container, two bytes do not); small seeds
/// are moreover dominated by the decoder's fixed cost. The same document cut to a half and a
/// quarter (``ScaledDocument``: the same nesting and the same kinds of elements, fewer of them) is
/// the one comparison where only the size changes. A cut document that the decoder rejects early
/// would look superlinear, so every step (a quarter to a half, a half to the whole) must show the
/// growth for a slowdown to be claimed: the smallest step's exponent is the one that counts.
public enum TimeoutVerdict {
    /// Without sanitizers, a decode that still takes this share of the timeout is a hang. The whole
    /// timeout: it is the campaign's own word for "too slow for a screen" (`--timeout`), and a
    /// shorter bar would call a sanitizer's slowdown on a busy CI machine a hang.
    public static let hangShare = 1.0
    /// Without sanitizers, slower than this (the harness's slow-input threshold) is said in the
    /// reason even when the label excuses the timeout.
    public static let slowSeconds = 0.1
    /// A growth exponent from here up is a slowdown (1 is linear, 2 quadratic; `n log n` over a
    /// doubling is about 1.1).
    public static let superlinearExponent = 1.5
    /// Below this, a time is mostly the clock's and the decoder's fixed cost: no exponent from it.
    public static let noiseFloorSeconds = 0.002

    public static func label(timeoutSeconds: Int, plainSeconds: Double?, scaling: [ScalingPoint]) -> (TimeoutLabel, exponent: Double?, reason: String) {
        let exponent = growthExponent(scaling)
        guard let plainSeconds else {
            return (.hang, exponent, "no run ended before the deadline: the app would hang too")
        }
        if plainSeconds >= Double(timeoutSeconds) * hangShare {
            return (.hang, exponent, "still past the \(timeoutSeconds) s timeout without sanitizers: the app would freeze on it")
        }
        if let exponent, exponent >= superlinearExponent {
            return (.slowdown, exponent, "the cost grows faster than the input: a larger response freezes the app")
        }
        // Growth not measured, and slow: nothing says it is the sanitizers' price, so it is the app's.
        if exponent == nil, plainSeconds >= slowSeconds {
            return (.slowdown, nil, "slow without sanitizers and its growth could not be measured on smaller versions of it: taken as the app's")
        }
        let growth = exponent == nil ? "too fast to measure its growth" : "linear in the input"
        let slow = plainSeconds >= slowSeconds ? " (slow, but within the timeout)" : ""
        return (.instrumentation, exponent, "\(growth) without sanitizers\(slow): the price of AddressSanitizer and coverage; not a failure")
    }

    /// The smallest log-log slope between successive sizes whose smaller time is above the noise
    /// floor; nil when no such pair.
    public static func growthExponent(_ points: [ScalingPoint]) -> Double? {
        let sorted = points.sorted { $0.bytes < $1.bytes }
        var slopes: [Double] = []
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.bytes > 0 && b.bytes > a.bytes && a.seconds >= noiseFloorSeconds {
            // A slope over sizes closer than 1.5× is mostly noise.
            guard Double(b.bytes) / Double(a.bytes) >= 1.5 else { continue }
            slopes.append(log(b.seconds / a.seconds) / log(Double(b.bytes) / Double(a.bytes)))
        }
        return slopes.min()
    }
}
