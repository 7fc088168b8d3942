import Foundation
import Testing
import TestSupport
import SDUIPayload
@testable import SDUIScreen

/// Real SDUI payloads of other protocols (DivKit, Adaptive Cards, Beagle, Stac): none crashes the
/// decoder; each is a typed error or a screen with warnings, never silently "fine".
@Suite(.enabled(if: TestPaths.externalDataAvailable, "needs ../shared/external"))
struct ForeignPayloadTests {
    static let folders = ["divkit", "divkit-schema", "adaptivecards", "beagle", "stac"]

    static let files: [String] = folders.flatMap { folder in
        TestPaths.files(under: TestPaths.external.appendingPathComponent(folder))
            .filter { $0.hasSuffix(".json") }
            .map { folder + "/" + $0 }
    }

    @Test func foreignPayloadsArePresent() {
        #expect(Self.files.count > 700)
    }

    @Test(arguments: folders)
    func everyForeignPayloadIsAnErrorOrWarns(_ folder: String) throws {
        let files = Self.files.filter { $0.hasPrefix(folder + "/") }
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try TestPaths.bytes(TestPaths.external.appendingPathComponent(file))
            let outcome: Result<Screen, ScreenError> = onSmallStack {
                do throws(ScreenError) { return .success(try ScreenDecoder().decode(bytes).screen) } catch { return .failure(error) }
            }
            switch outcome {
            case .success(let screen):
                #expect(!screen.warnings.isEmpty, "\(file) decoded as a clean v1 screen")
            case .failure(let error):
                #expect(error.path != nil || error.byteOffset != nil, "\(file): \(error) has no location")
            }
        }
    }
}
