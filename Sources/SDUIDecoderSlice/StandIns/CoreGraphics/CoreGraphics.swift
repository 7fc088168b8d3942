// Stand-in for CoreGraphics where it does not exist. Foundation on Linux already declares CGFloat,
// CGPoint, CGSize and CGRect; this module re-exports them and adds what models also hold.
@_exported import Foundation

public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public init(scaleX: CGFloat, y: CGFloat) { self.init(a: scaleX, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    public init(translationX: CGFloat, y: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: y) }
    public init(rotationAngle angle: CGFloat) {
        self.init(a: CGFloat(cos(Double(angle))), b: CGFloat(sin(Double(angle))), c: -CGFloat(sin(Double(angle))),
                  d: CGFloat(cos(Double(angle))), tx: 0, ty: 0)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// An opaque color reference: models sometimes keep one.
public final class CGColor: @unchecked Sendable {
    public let components: [CGFloat]?
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { components = [red, green, blue, alpha] }
    public init(gray: CGFloat, alpha: CGFloat) { components = [gray, alpha] }
    public var alpha: CGFloat { components?.last ?? 1 }
}
