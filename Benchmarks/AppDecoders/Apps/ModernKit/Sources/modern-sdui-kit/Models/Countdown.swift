import Foundation

public struct Countdown: Decodable, Sendable {
    public let label: String
    public let minutes: Int
    public let seconds: Int

    private enum CodingKeys: String, CodingKey { case label, remaining }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        let remaining = try container.decode(String.self, forKey: .remaining)
        guard remaining.contains(/\d/) else {
            throw DecodingError.dataCorruptedError(forKey: .remaining, in: container, debugDescription: "no digits in \(remaining)")
        }
        let parts = remaining.split(separator: ":")
        minutes = Int(parts[0]) ?? 0
        seconds = Int(parts[1]) ?? 0
    }
}
