import UIKit

final class ButtonComponent: Component {
    let identifier: String?
    let title: String
    let deeplink: URL?

    init(identifier: String?, title: String, deeplink: URL?) {
        self.identifier = identifier
        self.title = title
        self.deeplink = deeplink
    }

    func makeView() -> UIView {
        var configuration = UIButton.Configuration.filled()
        configuration.title = title
        configuration.cornerStyle = .large
        let deeplink = self.deeplink
        let button = UIButton(configuration: configuration, primaryAction: UIAction { _ in
            guard let deeplink else { return }
            UIApplication.shared.open(deeplink)
        })
        button.accessibilityIdentifier = identifier
        return button
    }
}

final class SpacerComponent: Component {
    let identifier: String?
    let height: CGFloat

    init(identifier: String?, height: CGFloat) {
        self.identifier = identifier
        self.height = height
    }

    func makeView() -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        view.heightAnchor.constraint(equalToConstant: height).isActive = true
        return view
    }
}
