import UIKit

protocol ComponentRenderable {
    func makeView() -> UIView
}
