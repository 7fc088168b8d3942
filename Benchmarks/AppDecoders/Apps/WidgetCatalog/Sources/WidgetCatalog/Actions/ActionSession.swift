import Foundation

/// The handlers of the screen on display.
@MainActor
public final class ActionSession {
    private var handlers: [any ActionHandling] = []

    public init() {}

    public func register<Handler: ActionHandling>(_ handler: Handler) {
        handlers.append(handler)
    }

    public func attachDefaultHandlers() {
        register(ActionDispatcher.shared)
    }

    public func send(_ action: WidgetAction) {
        handlers.first { $0.canHandle(action) }?.handle(action)
    }
}
