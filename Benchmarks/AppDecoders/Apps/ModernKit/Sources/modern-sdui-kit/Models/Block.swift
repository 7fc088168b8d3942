import Foundation

public enum Block: Decodable, Sendable {
    case banner(Banner)
    case countdown(Countdown)
    case rating(Rating)
    case unsupported(String)

    private enum CodingKeys: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "banner": self = .banner(try Banner(from: decoder))
        case "countdown": self = .countdown(try Countdown(from: decoder))
        case "rating_summary": self = .rating(try Rating(from: decoder))
        default:
            #if MODERN_SDUI_STRICT
            self = .unsupported(type)
            #else
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown block \(type)")
            #endif
        }
    }
}
