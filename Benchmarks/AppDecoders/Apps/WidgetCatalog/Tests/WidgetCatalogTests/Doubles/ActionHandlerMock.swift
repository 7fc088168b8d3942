@testable import WidgetCatalog

@MainActor
final class ActionHandlerMock: ActionHandling {
    var handled: [WidgetAction] = []
    func canHandle(_ action: WidgetAction) -> Bool { true }
    func handle(_ action: WidgetAction) { handled.append(action) }
}
