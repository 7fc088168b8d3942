import Foundation
import HomeFeed
import HomeFeedRendering
import SDUIContractTesting
import Testing

@Test func homeStillShowsOnVersion52() async throws {
    let body = try [UInt8](Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("home.json")))
    let client = InProcessClient(name: "ios-5.2", decode: { try HomeFeed.decode(Data($0), appVersion: .v5_2) },
                                 rendering: { HomeFeedRendering.rendering($0) })
    await assertContract(body, matches: "home", client: client)
}
