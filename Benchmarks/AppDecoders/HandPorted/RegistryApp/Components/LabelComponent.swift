import Foundation

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
}
