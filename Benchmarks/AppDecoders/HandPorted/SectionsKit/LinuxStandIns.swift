import Foundation

// Stand-ins for the SwiftUI/Combine types the decoder touches (Linux has neither). CGFloat comes from Foundation.

protocol ObservableObject: AnyObject {}

@propertyWrapper
struct Published<Value> {
    var wrappedValue: Value

    init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

enum Font {
    struct Weight: Hashable {
        let value: CGFloat

        static let ultraLight = Weight(value: -0.8)
        static let thin = Weight(value: -0.6)
        static let light = Weight(value: -0.4)
        static let regular = Weight(value: 0)
        static let medium = Weight(value: 0.23)
        static let semibold = Weight(value: 0.3)
        static let bold = Weight(value: 0.4)
        static let heavy = Weight(value: 0.56)
        static let black = Weight(value: 0.62)
    }
}

struct EdgeInsets: Equatable {
    var top: CGFloat
    var leading: CGFloat
    var bottom: CGFloat
    var trailing: CGFloat

    init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}
