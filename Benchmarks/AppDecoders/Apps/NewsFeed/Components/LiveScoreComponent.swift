import UIKit

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

extension LiveScoreComponent: ComponentRenderable {
    func makeView() -> UIView {
        func teamLabel(_ name: String, score: Int) -> UILabel {
            let label = UILabel()
            label.text = "\(name)  \(score)"
            label.font = .systemFont(ofSize: 20, weight: .semibold)
            label.textAlignment = .center
            return label
        }

        let liveBadge = UILabel()
        liveBadge.text = "LIVE · \(periodLabel)"
        liveBadge.font = .systemFont(ofSize: 12, weight: .heavy)
        liveBadge.textColor = tint

        let scores = UIStackView(arrangedSubviews: [teamLabel(homeTeam, score: homeScore), teamLabel(awayTeam, score: awayScore)])
        scores.axis = .horizontal
        scores.distribution = .fillEqually

        let stack = UIStackView(arrangedSubviews: [liveBadge, scores])
        stack.axis = .vertical
        stack.alignment = .fill
        stack.spacing = 6
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        stack.backgroundColor = .secondarySystemBackground
        stack.layer.cornerRadius = 12
        return stack
    }
}
