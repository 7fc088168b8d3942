import Foundation

struct CarouselPage {
    let title: String
    let imageURL: URL?
    let deeplink: URL?

    init(json: [String: Any]) {
        title = json["title"] as? String ?? ""
        imageURL = (json["image_url"] as? String).flatMap(URL.init(string:))
        deeplink = (json["deeplink"] as? String).flatMap(URL.init(string:))
    }
}

final class CarouselComponent: Component {
    let identifier: String?
    let pages: [CarouselPage]
    let initialPage: Int
    let accessibilityTitle: String

    init(identifier: String?, pages: [CarouselPage], initialPage: Int) {
        self.identifier = identifier
        self.pages = pages
        self.initialPage = initialPage
        self.accessibilityTitle = pages[initialPage].title
    }
}
