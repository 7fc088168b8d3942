import UIKit

final class LabelComponent: Component {
    enum Style: String {
        case title
        case headline
        case body
        case caption
    }

    let identifier: String?
    let text: String
    let style: Style
    let color: UIColor?
    let numberOfLines: Int

    init(identifier: String?, text: String, style: Style, color: UIColor?, numberOfLines: Int) {
        self.identifier = identifier
        self.text = text
        self.style = style
        self.color = color
        self.numberOfLines = numberOfLines
    }

    func makeView() -> UIView {
        let label = UILabel()
        label.text = text
        label.numberOfLines = numberOfLines
        label.adjustsFontForContentSizeCategory = true
        switch style {
        case .title: label.font = .preferredFont(forTextStyle: .title1)
        case .headline: label.font = .preferredFont(forTextStyle: .headline)
        case .body: label.font = .preferredFont(forTextStyle: .body)
        case .caption: label.font = .preferredFont(forTextStyle: .caption1)
        }
        label.textColor = color ?? .label
        label.accessibilityIdentifier = identifier
        return label
    }
}
