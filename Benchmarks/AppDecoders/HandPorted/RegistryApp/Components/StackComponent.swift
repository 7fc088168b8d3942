import Foundation

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
}
