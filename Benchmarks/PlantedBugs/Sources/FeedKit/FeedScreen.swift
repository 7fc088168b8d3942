import Foundation

// Seed shape 1: a flat list of views, discriminator `type`, every field inline.
//
//   { "title": "Main", "views": [ { "type": "text", "text": "GREEN" },
//     { "type": "button", "text": "Click Here", "action": "navigate", "destination": "/details" } ] }
//
// One struct with an optional field for every kind of view; the renderer switches on `type` and
// unknown types render nothing.

public struct FeedScreen: Codable {
    public let title: String
    public let version: String?
    public let layout: FeedLayout?
    public let views: [FeedView]

    public static func decode(_ json: Data) throws -> FeedScreen {
        try JSONDecoder().decode(FeedScreen.self, from: json)
    }
}

public struct FeedLayout: Codable {
    public let style: String?
    public let spacing: Int?
}

public struct FeedView: Codable {
    public let type: String
    public let text: String?
    public let style: String?
    // button
    public let action: String?
    public let destination: String?
    // image
    public let url: String?
    public let width: Int?
    public let height: Int?
    public let scale: Int?
    // grid
    public let items: [String]?
    public let columns: Int?
    // analytics
    public let logId: Int?
}
