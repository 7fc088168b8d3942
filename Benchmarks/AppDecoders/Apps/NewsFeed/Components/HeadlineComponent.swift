import UIKit

final class HeadlineComponent: Component {
    let title: String
    let subtitle: String?
    let fontSize: CGFloat

    private enum CodingKeys: String, CodingKey {
        case title
        case subtitle
        case fontSize
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        fontSize = try container.decodeIfPresent(CGFloat.self, forKey: .fontSize) ?? 28
        try super.init(from: decoder)
    }
}

extension HeadlineComponent: ComponentRenderable {
    func makeView() -> UIView {
        let titleLabel = UILabel()
        titleLabel.text = title
        titleLabel.font = .systemFont(ofSize: fontSize, weight: .bold)
        titleLabel.textColor = tint
        titleLabel.numberOfLines = 0

        let stack = UIStackView(arrangedSubviews: [titleLabel])
        stack.axis = .vertical
        stack.spacing = 4

        if let subtitle {
            let subtitleLabel = UILabel()
            subtitleLabel.text = subtitle
            subtitleLabel.font = .preferredFont(forTextStyle: .subheadline)
            subtitleLabel.textColor = .secondaryLabel
            subtitleLabel.numberOfLines = 0
            stack.addArrangedSubview(subtitleLabel)
        }
        stack.isLayoutMarginsRelativeArrangement = true
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: topSpacing, leading: 16, bottom: 0, trailing: 16)
        return stack
    }
}
