import Foundation

final class CountdownComponent: Component {
    let identifier: String?
    let title: String
    let endsAt: Date
    let tint: UIColor

    init(identifier: String?, title: String, endsAt: Date, tint: UIColor) {
        self.identifier = identifier
        self.title = title
        self.endsAt = endsAt
        self.tint = tint
    }
}
