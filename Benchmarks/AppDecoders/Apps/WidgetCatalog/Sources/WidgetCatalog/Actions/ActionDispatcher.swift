import Foundation
import ObjectiveC

/// What a screen hands its actions to.
@MainActor
public protocol ActionHandling: AnyObject {
    func canHandle(_ action: WidgetAction) -> Bool
    func handle(_ action: WidgetAction)
}

/// Routes an action to the `@objc` method named after it (`open_url` → `open_url:`), so product
/// teams add actions by adding methods in extensions.
@MainActor
public final class ActionDispatcher: NSObject, ActionHandling {
    public static let shared = ActionDispatcher()

    public func canHandle(_ action: WidgetAction) -> Bool {
        responds(to: NSSelectorFromString(action.name + ":"))
    }

    public func handle(_ action: WidgetAction) {
        let selector = NSSelectorFromString(action.name + ":")
        guard responds(to: selector) else { return }
        _ = perform(selector, with: action.url)
    }

    /// Every action the app knows, for the debug menu.
    public var knownActions: [String] {
        var count: UInt32 = 0
        guard let methods = class_copyMethodList(ActionDispatcher.self, &count) else { return [] }
        defer { free(methods) }
        return (0..<Int(count)).map { NSStringFromSelector(method_getName(methods[$0])) }
    }

    @objc func open_url(_ url: String?) {
        guard let url, let target = URL(string: url) else { return }
        NotificationCenter.default.post(name: .openURL, object: target)
    }
}

extension Notification.Name {
    static let openURL = Notification.Name("WidgetCatalog.openURL")
}
