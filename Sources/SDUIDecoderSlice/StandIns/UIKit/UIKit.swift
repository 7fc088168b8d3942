// Stand-in for UIKit: the value classes models hold (UIColor, UIFont, UIImage, insets, alignments)
// with their common initializers. No view draws: view code is left out of a decoder slice, and
// `UIView`/`UIViewController` here are empty so that signatures naming them still compile.
@_exported import Foundation
@_exported import CoreGraphics

open class UIColor: NSObject, @unchecked Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        self.init(red: brightness, green: brightness, blue: brightness, alpha: alpha)
    }
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    public convenience init?(named name: String) { self.init(red: 0, green: 0, blue: 0, alpha: 1) }
    public convenience init(cgColor: CGColor) { self.init(red: 0, green: 0, blue: 0, alpha: cgColor.alpha) }
    public convenience init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) { self.init(red: 0, green: 0, blue: 0, alpha: 1) }
    public var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
    public func getRed(_ r: UnsafeMutablePointer<CGFloat>?, green g: UnsafeMutablePointer<CGFloat>?,
                       blue b: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?) -> Bool {
        r?.pointee = red; g?.pointee = green; b?.pointee = blue; a?.pointee = alpha
        return true
    }
    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UIColor else { return false }
        return (red, green, blue, alpha) == (o.red, o.green, o.blue, o.alpha)
    }
    open override var hash: Int { var h = Hasher(); h.combine(red); h.combine(green); h.combine(blue); h.combine(alpha); return h.finalize() }

    public static let black = UIColor(white: 0, alpha: 1), white = UIColor(white: 1, alpha: 1), clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1), darkGray = UIColor(white: 1 / 3, alpha: 1), lightGray = UIColor(white: 2 / 3, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1), green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1), orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1), purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let systemBackground = UIColor(white: 1, alpha: 1), label = UIColor(white: 0, alpha: 1)
    public static let secondaryLabel = UIColor(white: 0.24, alpha: 0.6), systemGray = UIColor(white: 0.56, alpha: 1)
    public static let systemBlue = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1), systemRed = UIColor(red: 1, green: 0.23, blue: 0.19, alpha: 1)
    public static let systemGreen = UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1), tintColor = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
}

public final class UITraitCollection: NSObject, @unchecked Sendable {
    public enum UserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
    public let userInterfaceStyle: UserInterfaceStyle = .light
}

open class UIFont: NSObject, @unchecked Sendable {
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)
    }
    public enum TextStyle: String, Sendable { case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2 }
    public let fontName: String, pointSize: CGFloat
    public init?(name: String, size: CGFloat) { (fontName, pointSize) = (name, size) }
    init(system size: CGFloat) { (fontName, pointSize) = ("system", size) }
    open class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: size) }
    open class func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(system: size) }
    open class func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: size) }
    open class func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: size) }
    open class func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(system: size) }
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont { UIFont(system: 17) }
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(name: fontName, size: size) ?? UIFont(system: size) }
}

open class UIImage: NSObject, @unchecked Sendable {
    public let name: String?
    public let size: CGSize
    public init?(named name: String) { self.name = name; size = .zero }
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) { self.name = name; size = .zero }
    public init?(systemName name: String) { self.name = name; size = .zero }
    public init?(data: Data) { guard !data.isEmpty else { return nil }; name = nil; size = .zero }
    public init?(contentsOfFile path: String) { name = path; size = .zero }
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    public func withRenderingMode(_ mode: RenderingMode) -> UIImage { self }
    public func withTintColor(_ color: UIColor) -> UIImage { self }
}

public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right) }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) { (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing) }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

public enum NSTextAlignment: Int, Sendable { case left, center, right, justified, natural }
public enum NSLineBreakMode: Int, Sendable { case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle }

/// Empty: view code is left out of a slice; signatures that name a view still compile.
open class UIResponder: NSObject {}
open class UIView: UIResponder {
    public enum ContentMode: Int, Sendable { case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right }
}
open class UIViewController: UIResponder {}
