import SDUIFuzz
import XCTest

/// A `@MainActor` decoder returning a non-`Sendable` screen is called as a generated target calls
/// it (XCTest runs a synchronous test on the main thread, as libFuzzer runs every input).
final class MainActorCallTests: XCTestCase {
    @MainActor final class ViewModel {
        var title: String
        init(title: String) { self.title = title }
        static func parse(_ text: String) throws -> ViewModel {
            guard !text.isEmpty else { throw CocoaError(.coderReadCorrupt) }
            return ViewModel(title: text)
        }
    }

    func testReturnsWhatTheMainActorDecoderReturnedAndThrowsWhatItThrew() throws {
        let model = try MainActorCall.run { try ViewModel.parse("Deals") }
        XCTAssertEqual(MainActor.assumeIsolated { model.title }, "Deals")
        XCTAssertThrowsError(try MainActorCall.run { try ViewModel.parse("") }) { error in
            XCTAssertEqual((error as? CocoaError)?.code, .coderReadCorrupt)
        }
    }
}
