import UIKit

final class ImageComponent: Component {
    let identifier: String?
    let url: URL
    let aspectRatio: CGFloat
    let cornerRadius: CGFloat

    init(identifier: String?, url: URL, aspectRatio: CGFloat, cornerRadius: CGFloat) {
        self.identifier = identifier
        self.url = url
        self.aspectRatio = aspectRatio
        self.cornerRadius = cornerRadius
    }

    func makeView() -> UIView {
        let imageView = UIImageView()
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.layer.cornerRadius = cornerRadius
        imageView.backgroundColor = .secondarySystemFill
        imageView.accessibilityIdentifier = identifier
        imageView.translatesAutoresizingMaskIntoConstraints = false
        imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor, multiplier: 1 / max(aspectRatio, 0.1)).isActive = true

        let url = self.url
        Task { [weak imageView] in
            guard let (data, _) = try? await URLSession.shared.data(from: url) else { return }
            imageView?.image = UIImage(data: data)
        }
        return imageView
    }
}
