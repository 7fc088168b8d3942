import Foundation

// Stand-ins for the SwiftUI types the decoder touches (Linux has no SwiftUI).

struct Color: Equatable {
    enum RGBColorSpace {
        case sRGB
        case sRGBLinear
        case displayP3
    }

    let red: Double
    let green: Double
    let blue: Double
    let opacity: Double

    init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }
}
