import Foundation

extension UIColor {
    /// "#RRGGBB" or "#RRGGBBAA"; nil for anything else.
    convenience init?(hexString: String) {
        guard hexString.hasPrefix("#") else { return nil }
        let digits = String(hexString.dropFirst())
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
            return nil
        }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: CGFloat((rgba >> 24) & 0xFF) / 255,
            green: CGFloat((rgba >> 16) & 0xFF) / 255,
            blue: CGFloat((rgba >> 8) & 0xFF) / 255,
            alpha: CGFloat(rgba & 0xFF) / 255
        )
    }
}
