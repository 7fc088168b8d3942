import Foundation
import SDUIPlugIn

/// How a crash stopped the process, as triage names it.
public enum CrashKind: String, Sendable, Codable, CaseIterable {
    case crash, timeout, oom, leak
    case sanitizer = "sanitizer"
    case notReproduced = "no-longer-reproduces"
}

/// What tells one crash from another: one type for the three places a campaign tells crashes
/// apart, each seeing a crash with more or less information and naming it at that resolution.
///
/// - ``Resolution-swift.enum/site``: the fuzz engine's (`crash_sites.c`), in the process that
///   crashed, for a Swift trap: the signal, the faulting instruction and the frames below it down
///   to the first in the program's own code, each as (image, offset), hashed. The same in every
///   process of one build. Written as 16 hexadecimal digits: a line of the campaign's shared file
///   of known sites (the skip list) and the name `crash-<key>` of the input kept for the site.
/// - ``Resolution-swift.enum/addresses``: an unsymbolized replay's (triage's first, cheap pass):
///   the kind of stop, the runtime's message with its numbers masked and the offsets of the top
///   frames inside the fuzz binary. One build; inputs alike at this resolution are replayed once.
///   Written `<kind>@<16 hex digits>`.
/// - ``Resolution-swift.enum/source``: a symbolized replay's, the signature: the kind, the
///   message's family and the decoder's own function and `file:line` (see `CrashTriage`). The
///   same across builds and machines, so it names the report's crashes, the kept regression
///   inputs and their sidecars. Written `<kind>-<12 hex digits>`.
///
/// All three are `Codable` as the string they are written as (report.json, sidecars, the skip
/// list), and parse back with ``init(_:)``.
public struct CrashIdentity: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public enum Resolution: String, Sendable, Codable, CaseIterable {
        case site, addresses, source
    }

    public let resolution: Resolution
    /// The kind of stop (nil for a site: the engine keys Swift traps only).
    public let kind: CrashKind?
    /// The hash (a source signature keeps its top 48 bits).
    public let value: UInt64

    private init(resolution: Resolution, kind: CrashKind?, value: UInt64) {
        self.resolution = resolution
        self.kind = kind
        self.value = value
    }

    /// A site key from its hash (as `crash_sites.c` computes it).
    public init(_ value: UInt64) { self.init(resolution: .site, kind: nil, value: value) }

    /// A site key from its 16 hexadecimal digits (as the shared file and artifact names write it).
    public init?(hex: some StringProtocol) {
        guard hex.count == 16, hex.allSatisfy(\.isHexDigit), let value = UInt64(hex, radix: 16) else { return nil }
        self.init(value)
    }

    /// The site key in the name of an input the engine kept for a new site (`crash-<16 hex digits>`);
    /// nil for any other artifact (libFuzzer's own `crash-<sha1>`, a timeout, an out-of-memory).
    @available(*, deprecated, message: "read the artifact once: FuzzArtifact(path:)?.site")
    public init?(artifactName name: String) {
        guard name.hasPrefix("crash-") else { return nil }
        self.init(hex: name.dropFirst("crash-".count))
    }

    /// An unsymbolized replay's identity from the parts it is made of (see the type's notes).
    public static func addresses(kind: CrashKind, parts: [String]) -> CrashIdentity {
        CrashIdentity(resolution: .addresses, kind: kind, value: StableHash.fnv1a64(parts.joined(separator: "|")))
    }

    /// A signature from the parts it is made of (see `CrashTriage`'s `signature`).
    public static func source(kind: CrashKind, parts: [String]) -> CrashIdentity {
        CrashIdentity(resolution: .source, kind: kind, value: StableHash.fnv1a64(parts.joined(separator: "|")) >> 16)
    }

    /// Parses any of the three written forms; nil for anything else.
    public init?(_ text: String) {
        if let site = CrashIdentity(hex: text) { self = site; return }
        if let at = text.lastIndex(of: "@"), let kind = CrashKind(rawValue: String(text[..<at])) {
            let digits = text[text.index(after: at)...]
            guard digits.count == 16, digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16) else { return nil }
            self.init(resolution: .addresses, kind: kind, value: value)
            return
        }
        guard let dash = text.lastIndex(of: "-"), let kind = CrashKind(rawValue: String(text[..<dash])) else { return nil }
        let digits = text[text.index(after: dash)...]
        guard digits.count == 12, digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16) else { return nil }
        self.init(resolution: .source, kind: kind, value: value)
    }

    public var description: String {
        switch resolution {
        case .site: return Self.hex(value, digits: 16)
        case .addresses: return "\(kind?.rawValue ?? "crash")@" + Self.hex(value, digits: 16)
        case .source: return "\(kind?.rawValue ?? "crash")-" + Self.hex(value, digits: 12)
        }
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    public static func < (a: CrashIdentity, b: CrashIdentity) -> Bool { a.description < b.description }

    /// The site keys of a shared file of known sites, in the order they were met (lines that are
    /// not a key, such as one a killed process left half-written, are passed over).
    public static func known(inFile path: String) -> [CrashIdentity] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { CrashIdentity(hex: $0) }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let identity = CrashIdentity(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "not a crash identity (16 hex digits, <kind>@<16 hex digits> or <kind>-<12 hex digits>): \(text)"))
        }
        self = identity
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The fuzz engine's site key, now one resolution of ``CrashIdentity``.
@available(*, deprecated, renamed: "CrashIdentity")
public typealias CrashSiteKey = CrashIdentity
