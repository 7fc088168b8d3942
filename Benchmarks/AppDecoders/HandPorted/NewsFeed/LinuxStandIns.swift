import Foundation

// Stand-in for the UIKit type the decoder touches (Linux has no UIKit). CGFloat comes from Foundation.

class UIColor {
    let red: CGFloat
    let green: CGFloat
    let blue: CGFloat
    let alpha: CGFloat

    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
