import UIKit

final class StackComponent: ContainerComponent {
    enum Axis {
        case vertical
        case horizontal
    }

    let identifier: String?
    let axis: Axis
    let spacing: CGFloat
    var children: [Component] = []

    init(identifier: String?, axis: Axis, spacing: CGFloat) {
        self.identifier = identifier
        self.axis = axis
        self.spacing = spacing
    }

    func makeView() -> UIView {
        let stackView = UIStackView(arrangedSubviews: children.map { $0.makeView() })
        stackView.axis = axis == .horizontal ? .horizontal : .vertical
        stackView.spacing = spacing
        stackView.alignment = axis == .horizontal ? .center : .fill
        stackView.accessibilityIdentifier = identifier
        return stackView
    }
}
