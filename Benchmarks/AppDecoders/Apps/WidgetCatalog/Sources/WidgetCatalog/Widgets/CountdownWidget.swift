import Foundation

@Widget("countdown")
public struct CountdownWidget: Widget, Decodable {
    public let label: String
    public let totalSeconds: Int
    public let secondsPerTick: Int

    private enum CodingKeys: String, CodingKey { case label, totalSeconds = "total_seconds", ticks }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        totalSeconds = try container.decode(Int.self, forKey: .totalSeconds)
        let ticks = try container.decodeIfPresent(Int.self, forKey: .ticks) ?? 1
        secondsPerTick = totalSeconds / ticks
    }
}
