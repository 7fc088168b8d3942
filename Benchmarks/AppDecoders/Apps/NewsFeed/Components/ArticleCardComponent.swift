import UIKit

final class ArticleCardComponent: Component {
    let title: String
    let summary: String?
    let imageURL: URL?
    let imageAspectRatio: CGFloat
    let byline: String?
    let articleURL: URL

    private enum CodingKeys: String, CodingKey {
        case title
        case summary
        case imageURL = "imageUrl"
        case imageAspectRatio
        case byline
        case articleURL = "url"
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        imageURL = try container.decodeIfPresent(URL.self, forKey: .imageURL)
        imageAspectRatio = try container.decodeIfPresent(CGFloat.self, forKey: .imageAspectRatio) ?? 16.0 / 9.0
        byline = try container.decodeIfPresent(String.self, forKey: .byline)
        articleURL = try container.decode(URL.self, forKey: .articleURL)
        try super.init(from: decoder)
    }
}

extension ArticleCardComponent: ComponentRenderable {
    func makeView() -> UIView {
        let card = UIView()
        card.backgroundColor = .secondarySystemBackground
        card.layer.cornerRadius = 12
        card.clipsToBounds = true

        let imageView = UIImageView()
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.backgroundColor = .tertiarySystemFill
        imageView.translatesAutoresizingMaskIntoConstraints = false

        let titleLabel = UILabel()
        titleLabel.text = title
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.numberOfLines = 3

        let summaryLabel = UILabel()
        summaryLabel.text = summary
        summaryLabel.font = .preferredFont(forTextStyle: .subheadline)
        summaryLabel.textColor = .secondaryLabel
        summaryLabel.numberOfLines = 2
        summaryLabel.isHidden = summary == nil

        let bylineLabel = UILabel()
        bylineLabel.text = byline?.uppercased()
        bylineLabel.font = .preferredFont(forTextStyle: .caption2)
        bylineLabel.textColor = tint

        let textStack = UIStackView(arrangedSubviews: [bylineLabel, titleLabel, summaryLabel])
        textStack.axis = .vertical
        textStack.spacing = 6
        textStack.translatesAutoresizingMaskIntoConstraints = false

        card.addSubview(imageView)
        card.addSubview(textStack)
        NSLayoutConstraint.activate([
            imageView.topAnchor.constraint(equalTo: card.topAnchor),
            imageView.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            imageView.trailingAnchor.constraint(equalTo: card.trailingAnchor),
            imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor, multiplier: 1 / imageAspectRatio),
            textStack.topAnchor.constraint(equalTo: imageView.bottomAnchor, constant: 12),
            textStack.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            textStack.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            textStack.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
        ])

        if let imageURL {
            ImageLoader.shared.load(imageURL, into: imageView)
        }
        return card
    }
}
