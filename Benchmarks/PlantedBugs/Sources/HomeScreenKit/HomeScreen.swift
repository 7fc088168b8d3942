import Foundation

// Seed shape 2: an envelope, `viewType` + `content`; an unknown viewType falls back to a default.
//
//   { "responseData": { "screenName": "Home", "contents": [
//       { "viewType": "BViewType", "content": { "title": "This is B ViewType" } } ] } }

public struct HomeResponse: Decodable {
    public let responseData: HomeScreen
}

public struct HomeScreen: Decodable {
    public let screenName: String
    public let apiVersion: String?
    public let experiment: Experiment?
    public let prefetch: Prefetch?
    public let templates: [String: Template]?
    public var contents: [HomeContent]
}

public struct Experiment: Decodable {
    public let name: String
    public let bucket: String?
}

/// Images to warm up before the screen appears.
public struct Prefetch: Decodable {
    public let imageUrls: [String]
    public let pageSize: Int?
}

/// A named style that contents refer to; a template may extend another (`base`).
public struct Template: Decodable {
    public let base: String?
    public let style: [String: String]?
}

public protocol ContentInfo {}

public struct AContentInfo: ContentInfo, Decodable {
    public let title: String?
    public let iconUrl: String?
}

public struct BContentInfo: ContentInfo, Decodable {
    public let title: String?
}

/// Added for the 5.x servers.
public struct CContentInfo: ContentInfo, Decodable {
    public let title: String?
    public let subtitle: String?
}

public struct DefaultContentInfo: ContentInfo, Decodable {
    public init() {}
}

public struct HomeContent: Decodable {
    public let viewType: String
    public let template: String?
    public let content: any ContentInfo

    enum CodingKeys: String, CodingKey { case viewType, template, content }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        viewType = try container.decode(String.self, forKey: .viewType)
        template = try container.decodeIfPresent(String.self, forKey: .template)
        switch viewType {
        case "AViewType": content = try container.decode(AContentInfo.self, forKey: .content)
        case "BViewType": content = try container.decode(BContentInfo.self, forKey: .content)
        case "CViewType": content = try container.decode(CContentInfo.self, forKey: .content)
        default: content = DefaultContentInfo()
        }
    }
}

public enum HomeDecoder {
    public enum Encoding { case plain, gzip, zlib }

    /// Response bytes as they come off the wire: the CDN gzips, the legacy v1 endpoint sends zlib.
    public static func decode(_ bytes: [UInt8]) throws -> HomeScreen {
        let encoding = sniff(bytes)
        let json: [UInt8]
        switch encoding {
        case .gzip: json = try Inflater.inflate(bytes, windowBits: 15 + 16)
        case .zlib: json = try Inflater.inflate(bytes, windowBits: 15)
        case .plain: json = bytes
        }
        var screen = try JSONDecoder().decode(HomeResponse.self, from: Data(json)).responseData
        if encoding == .zlib {
            LegacyEndpoint.movePinnedFirst(&screen.contents)
        }
        return screen
    }

    static func sniff(_ bytes: [UInt8]) -> Encoding {
        if bytes.count >= 2, bytes[0] == 0x1f, bytes[1] == 0x8b { return .gzip }
        if bytes.count >= 2, bytes[0] == 0x78 { return .zlib }
        return .plain
    }
}

enum LegacyEndpoint {
    /// The v1 endpoint (the only one still serving zlib) sends the pinned item last; the app shows it first.
    static func movePinnedFirst(_ contents: inout [HomeContent]) {
        let pinned = contents.removeLast()
        contents.insert(pinned, at: 0)
    }
}
