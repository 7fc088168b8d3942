import Foundation

@MainActor
protocol Component: AnyObject {
    var identifier: String? { get }
}

@MainActor
protocol ContainerComponent: Component {
    var children: [Component] { get set }
}
