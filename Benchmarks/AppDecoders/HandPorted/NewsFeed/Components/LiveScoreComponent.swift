import Foundation

final class LiveScoreComponent: Component {
    let homeTeam: String
    let awayTeam: String
    let homeScore: Int
    let awayScore: Int
    let periods: [String]
    let currentPeriod: Int
    let periodLabel: String

    private enum CodingKeys: String, CodingKey {
        case homeTeam
        case awayTeam
        case homeScore
        case awayScore
        case periods
        case currentPeriod
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        homeTeam = try container.decode(String.self, forKey: .homeTeam)
        awayTeam = try container.decode(String.self, forKey: .awayTeam)
        homeScore = try container.decodeIfPresent(Int.self, forKey: .homeScore) ?? 0
        awayScore = try container.decodeIfPresent(Int.self, forKey: .awayScore) ?? 0
        periods = try container.decode([String].self, forKey: .periods)
        currentPeriod = try container.decode(Int.self, forKey: .currentPeriod)
        // The scores service counts periods from 1.
        periodLabel = periods[currentPeriod - 1]
        try super.init(from: decoder)
    }
}
