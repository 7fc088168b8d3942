import Foundation

final class ButtonComponent: Component {
    let identifier: String?
    let title: String
    let deeplink: URL?

    init(identifier: String?, title: String, deeplink: URL?) {
        self.identifier = identifier
        self.title = title
        self.deeplink = deeplink
    }
}

final class SpacerComponent: Component {
    let identifier: String?
    let height: CGFloat

    init(identifier: String?, height: CGFloat) {
        self.identifier = identifier
        self.height = height
    }
}
