// Stand-in for SwiftUI: the value types models hold (colors, fonts, insets, alignments, images),
// with their common initializers. No view renders: view code is left out of a decoder slice, and
// `View` here is a marker so that signatures naming it still compile.
@_exported import Foundation
@_exported import Combine
@_exported import CoreGraphics
@_exported import Observation  // as Apple's SwiftUI (iOS 17, macOS 14)

public protocol View {}
public struct AnyView: View {
    public init<V: View>(_ view: V) {}
    public init<V: View>(erasing view: V) {}
}
public struct EmptyView: View { public init() {} }

public struct Color: Hashable, Sendable, View {
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    public var red: Double, green: Double, blue: Double, opacity: Double
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        (self.red, self.green, self.blue, self.opacity) = (red, green, blue, opacity)
    }
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) { self.init(white: white, opacity: opacity) }
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        self.init(red: brightness, green: brightness, blue: brightness, opacity: opacity)
    }
    /// A named asset color: its name is all there is here.
    public init(_ name: String, bundle: Bundle? = nil) { self.init(red: 0, green: 0, blue: 0, opacity: 1) }
    public init(cgColor: CGColor) { self.init(red: 0, green: 0, blue: 0, opacity: Double(cgColor.alpha)) }
    public func opacity(_ opacity: Double) -> Color { Color(red: red, green: green, blue: blue, opacity: opacity) }

    public static let black = Color(white: 0), white = Color(white: 1), gray = Color(white: 0.5), clear = Color(white: 0, opacity: 0)
    public static let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0), yellow = Color(red: 1, green: 1, blue: 0), pink = Color(red: 1, green: 0.75, blue: 0.8)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5), mint = Color(red: 0, green: 0.8, blue: 0.7), teal = Color(red: 0, green: 0.5, blue: 0.5)
    public static let cyan = Color(red: 0, green: 1, blue: 1), indigo = Color(red: 0.3, green: 0, blue: 0.5), brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    public static let primary = Color(white: 0), secondary = Color(white: 0.5), accentColor = Color(red: 0, green: 0.5, blue: 1)
}

public enum ColorScheme: Hashable, Sendable, CaseIterable { case light, dark }

public struct Font: Hashable, Sendable {
    public struct Weight: Hashable, Sendable {
        let value: Double
        public static let ultraLight = Weight(value: -0.8), thin = Weight(value: -0.6), light = Weight(value: -0.4)
        public static let regular = Weight(value: 0), medium = Weight(value: 0.23), semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4), heavy = Weight(value: 0.56), black = Weight(value: 0.62)
    }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
    let description: String
    public static let largeTitle = Font(description: "largeTitle"), title = Font(description: "title")
    public static let title2 = Font(description: "title2"), title3 = Font(description: "title3")
    public static let headline = Font(description: "headline"), subheadline = Font(description: "subheadline")
    public static let body = Font(description: "body"), callout = Font(description: "callout")
    public static let footnote = Font(description: "footnote"), caption = Font(description: "caption"), caption2 = Font(description: "caption2")
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font { Font(description: "system \(size)") }
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight = .regular) -> Font { Font(description: "\(style)") }
    public static func custom(_ name: String, size: CGFloat) -> Font { Font(description: "\(name) \(size)") }
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { Font(description: "\(name) \(size)") }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font(description: "\(name) \(fixedSize)") }
    public func weight(_ weight: Weight) -> Font { self }
    public func bold() -> Font { self }
    public func italic() -> Font { self }
}

public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }
}

public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { self.rawValue = 1 << edge.rawValue }
        public static let top = Set(.top), leading = Set(.leading), bottom = Set(.bottom), trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom]
    }
}

public struct HorizontalAlignment: Hashable, Sendable {
    let id: Int
    public static let leading = HorizontalAlignment(id: 0), center = HorizontalAlignment(id: 1), trailing = HorizontalAlignment(id: 2)
}
public struct VerticalAlignment: Hashable, Sendable {
    let id: Int
    public static let top = VerticalAlignment(id: 0), center = VerticalAlignment(id: 1), bottom = VerticalAlignment(id: 2)
    public static let firstTextBaseline = VerticalAlignment(id: 3), lastTextBaseline = VerticalAlignment(id: 4)
}
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment, vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { (self.horizontal, self.vertical) = (horizontal, vertical) }
    public static let center = Alignment(horizontal: .center, vertical: .center), leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center), top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom), topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top), bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}
public enum TextAlignment: Hashable, Sendable, CaseIterable { case leading, center, trailing }
public enum ContentMode: Hashable, Sendable, CaseIterable { case fit, fill }
public enum Axis: Int8, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2)
    }
}

public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { (self.x, self.y) = (x, y) }
    public static let zero = UnitPoint(x: 0, y: 0), center = UnitPoint(x: 0.5, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1), leading = UnitPoint(x: 0, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0), topTrailing = UnitPoint(x: 1, y: 0), bottomLeading = UnitPoint(x: 0, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)
}

public struct Angle: Hashable, Sendable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static let zero = Angle(radians: 0)
}

public struct Image: Hashable, Sendable, View {
    public let name: String
    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    public init(systemName: String) { self.name = systemName }
    public init(decorative name: String, bundle: Bundle? = nil) { self.name = name }
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }
}

public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
    public let key: String
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
}

public struct Text: View {
    public init(_ content: String) {}
    public init(_ key: LocalizedStringKey) {}
    public init(verbatim content: String) {}
}
