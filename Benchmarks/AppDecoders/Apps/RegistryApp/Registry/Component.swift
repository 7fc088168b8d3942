import UIKit

@MainActor
protocol Component: AnyObject {
    var identifier: String? { get }
    func makeView() -> UIView
}

@MainActor
protocol ContainerComponent: Component {
    var children: [Component] { get set }
}
