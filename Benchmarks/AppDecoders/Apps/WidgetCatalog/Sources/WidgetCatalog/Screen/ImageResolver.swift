import Foundation

/// Finds a bundled image class by name (the design system registers them at launch).
enum ImageResolver {
    static func resolve(_ name: String) -> AnyObject? {
        guard let imageClass = NSClassFromString("UIImage") as? NSObject.Type else { return nil }
        return imageClass.perform(NSSelectorFromString("imageNamed:"), with: name)?.takeUnretainedValue()
    }
}
