import Foundation
import GateTestSupport
import SDUIContractTesting
import XCTest

/// `assertContract` under XCTest (Swift Testing is covered in `AssertContractTests`): it reports
/// through XCTFail there, and a passing or merely changed response records nothing.
final class AssertContractXCTests: XCTestCase {
    func testAPassingAndAChangedResponseDoNotFailUnderXCTest() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-assert-xc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("screen Home\n└─ title title=\"Hi\"\n".utf8).write(to: URL(fileURLWithPath: dir + "/home.txt"))
        let client = InProcessClient(TeamApp.old)
        let same = await assertContract(Array(TeamApp.screen([("title", ["title": "Hi"])]).utf8), matches: "home", client: client,
                                        record: .never, goldenDirectory: dir)
        XCTAssertEqual(same, [])
        let edited = await assertContract(Array(TeamApp.screen([("title", ["title": "Hello"])]).utf8), matches: "home", client: client,
                                          record: .never, goldenDirectory: dir)
        XCTAssertEqual(edited.map(\.rule.id), ["SDUI-C001"])
        XCTAssertEqual(try String(contentsOfFile: dir + "/home.txt", encoding: .utf8), "screen Home\n└─ title title=\"Hi\"\n",
                       "record: .never writes nothing")
    }
}
