import UIKit

final class VideoComponent: Component {
    let title: String
    let videoURL: URL
    let thumbnailURL: URL?
    let duration: Double
    let durationText: String
    let autoplay: Bool

    private enum CodingKeys: String, CodingKey {
        case title
        case videoURL = "videoUrl"
        case thumbnailURL = "thumbnailUrl"
        case duration
        case autoplay
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        videoURL = try container.decode(URL.self, forKey: .videoURL)
        thumbnailURL = try container.decodeIfPresent(URL.self, forKey: .thumbnailURL)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration) ?? 0
        let totalSeconds = Int(duration)
        durationText = String(format: "%d:%02d", totalSeconds / 60, totalSeconds % 60)
        autoplay = try container.decodeIfPresent(Bool.self, forKey: .autoplay) ?? false
        try super.init(from: decoder)
    }
}

extension VideoComponent: ComponentRenderable {
    func makeView() -> UIView {
        let thumbnail = UIImageView()
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.clipsToBounds = true
        thumbnail.layer.cornerRadius = 8
        thumbnail.backgroundColor = .black
        thumbnail.translatesAutoresizingMaskIntoConstraints = false
        if let thumbnailURL {
            ImageLoader.shared.load(thumbnailURL, into: thumbnail)
        }

        let playIcon = UIImageView(image: UIImage(systemName: "play.circle.fill"))
        playIcon.tintColor = .white
        playIcon.translatesAutoresizingMaskIntoConstraints = false

        let durationLabel = UILabel()
        durationLabel.text = durationText
        durationLabel.font = .monospacedDigitSystemFont(ofSize: 12, weight: .semibold)
        durationLabel.textColor = .white
        durationLabel.backgroundColor = UIColor.black.withAlphaComponent(0.6)
        durationLabel.translatesAutoresizingMaskIntoConstraints = false

        let titleLabel = UILabel()
        titleLabel.text = title
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.textColor = tint
        titleLabel.numberOfLines = 2

        thumbnail.addSubview(playIcon)
        thumbnail.addSubview(durationLabel)
        NSLayoutConstraint.activate([
            thumbnail.heightAnchor.constraint(equalTo: thumbnail.widthAnchor, multiplier: 9.0 / 16.0),
            playIcon.centerXAnchor.constraint(equalTo: thumbnail.centerXAnchor),
            playIcon.centerYAnchor.constraint(equalTo: thumbnail.centerYAnchor),
            playIcon.widthAnchor.constraint(equalToConstant: 48),
            playIcon.heightAnchor.constraint(equalToConstant: 48),
            durationLabel.trailingAnchor.constraint(equalTo: thumbnail.trailingAnchor, constant: -8),
            durationLabel.bottomAnchor.constraint(equalTo: thumbnail.bottomAnchor, constant: -8),
        ])

        let stack = UIStackView(arrangedSubviews: [thumbnail, titleLabel])
        stack.axis = .vertical
        stack.spacing = 8
        return stack
    }
}
