import Foundation

/// A crash site as the fuzz engine knows it (`crash_sites.c`): the signal, the faulting instruction
/// and the frames below it down to the first in the program's own code, each as (image, offset),
/// hashed, so it is the same in every process of a campaign. Its 16 hexadecimal digits are a line
/// of the campaign's shared file of known sites (the skip list) and name the input kept for the site
/// (`crash-<key>`); triage reads it back from that name, and the report lists, per signature, the
/// site keys its inputs were kept under, so the skip list, the artifacts and the report name a site alike.
public struct CrashSiteKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let value: UInt64

    public init(_ value: UInt64) { self.value = value }

    /// From its 16 hexadecimal digits (as the shared file and artifact names write it).
    public init?(hex: some StringProtocol) {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// From the name of an input the engine kept for a new site (`crash-<16 hex digits>`); nil for
    /// any other artifact (libFuzzer's own `crash-<sha1>`, a timeout, an out-of-memory).
    public init?(artifactName name: String) {
        guard name.hasPrefix("crash-") else { return nil }
        self.init(hex: name.dropFirst("crash-".count))
    }

    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func < (a: CrashSiteKey, b: CrashSiteKey) -> Bool { a.value < b.value }

    /// The keys of a shared file of known sites, in the order they were met (lines that are not a
    /// key, such as one a killed process left half-written, are passed over).
    public static func known(inFile path: String) -> [CrashSiteKey] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { CrashSiteKey(hex: $0) }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let key = CrashSiteKey(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not 16 hexadecimal digits: \(text)"))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
