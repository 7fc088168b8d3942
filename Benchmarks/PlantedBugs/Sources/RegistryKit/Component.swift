import Foundation

/// A component of a decoded screen. Subclasses read their own keys in `init(object:registry:)`;
/// containers make their children through the registry, with themselves as the parent.
@MainActor
public class Component {
    public let typeName: String
    public let id: String?
    public weak var parent: Component?
    public internal(set) var children: [Component] = []
    /// The first component of a screen stays under the navigation bar.
    public internal(set) var isPinned = false
    public internal(set) var accessibilityID: String?
    let insets: EdgeInsets
    /// Sent with the impression event when the component is first shown.
    let impressionID: String?
    /// Called by the cell when the component scrolls on screen.
    var onAppear: (@MainActor () -> Void)?

    required init(object: JSONObject, registry: ComponentRegistry) throws {
        typeName = object["type"] as? String ?? "component"
        id = object["id"] as? String
        accessibilityID = id
        if let padding = object["padding"] as? [Int] {
            #if SHALLOW_FIXED
            try require(padding.count >= 4, "s08", "padding needs four edges")
            insets = EdgeInsets(top: padding[0], leading: padding[1], bottom: padding[2], trailing: padding[3])
            #else
            insets = EdgeInsets(top: padding[0], leading: padding[1], bottom: padding[2], trailing: padding[3]) // shallow: s08
            #endif
        } else {
            insets = .zero
        }
        if let analytics = object["analytics"] as? JSONObject {
            #if SHALLOW_FIXED
            impressionID = try need(analytics["impression_id"] as? String, "s09", "impression id")
            #else
            let impression = analytics["impression_id"] as! String                     // shallow: s09
            impressionID = impression
            #endif
        } else {
            impressionID = nil
        }
    }

    /// One line of the debug description; subclasses say what they show.
    var summary: String { typeName }

    func describe(into lines: inout [String], depth: Int) {
        lines.append(String(repeating: "  ", count: depth) + summary + (id.map { " #\($0)" } ?? ""))
        for child in children { child.describe(into: &lines, depth: depth + 1) }
    }
}

struct EdgeInsets: Equatable {
    var top = 0, leading = 0, bottom = 0, trailing = 0
    static let zero = EdgeInsets()
}

/// A colour from a `#RRGGBB` string.
struct RGBColor: Equatable {
    let red: UInt8, green: UInt8, blue: UInt8

    init(hex: String) throws {
        #if SHALLOW_FIXED
        let value = try need(UInt32(hex.dropFirst(), radix: 16), "s10", "hex colour \(hex)")
        #else
        let value = UInt32(hex.dropFirst(), radix: 16)!                                // shallow: s10
        #endif
        red = UInt8(truncatingIfNeeded: value >> 16)
        green = UInt8(truncatingIfNeeded: value >> 8)
        blue = UInt8(truncatingIfNeeded: value)
    }

    var hex: String { "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined() }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// The screen the components are laid out for, in points.
enum ScreenMetrics {
    static let width = 390
    static let rowHeight = 120
}
