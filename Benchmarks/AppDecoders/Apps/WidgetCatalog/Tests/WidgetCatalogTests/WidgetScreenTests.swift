import Foundation
import Testing
@testable import WidgetCatalog

@Test func decodesTheCatalogScreen() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/Catalog/catalog.json")
    let screen = try WidgetScreen.resolve(Data(contentsOf: sample))
    #expect(screen.widgets.count == 3)
}

@MainActor @Test func theSessionHandsActionsToItsHandlers() {
    let session = ActionSession()
    let mock = ActionHandlerMock()
    session.register(mock)
    session.send(WidgetAction(name: "share", url: nil))
    #expect(mock.handled.count == 1)
}
