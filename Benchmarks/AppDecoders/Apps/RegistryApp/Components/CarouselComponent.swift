import UIKit

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

    func makeView() -> UIView {
        let scrollView = UIScrollView()
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.accessibilityLabel = accessibilityTitle
        scrollView.accessibilityIdentifier = identifier

        let pageStack = UIStackView()
        pageStack.axis = .horizontal
        pageStack.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(pageStack)

        for page in pages {
            let label = UILabel()
            label.text = page.title
            label.textAlignment = .center
            label.font = .preferredFont(forTextStyle: .title2)
            label.translatesAutoresizingMaskIntoConstraints = false
            pageStack.addArrangedSubview(label)
            label.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor).isActive = true
        }

        NSLayoutConstraint.activate([
            pageStack.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
            pageStack.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
            pageStack.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
            pageStack.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
            pageStack.heightAnchor.constraint(equalTo: scrollView.frameLayoutGuide.heightAnchor),
            scrollView.heightAnchor.constraint(equalToConstant: 180),
        ])

        DispatchQueue.main.async { [initialPage] in
            scrollView.setContentOffset(CGPoint(x: scrollView.bounds.width * CGFloat(initialPage), y: 0), animated: false)
        }
        return scrollView
    }
}
