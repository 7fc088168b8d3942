import Foundation

// Seed shape 4: `view_items`, each a `view_type` with `view_data` (snake_case); a class per kind of
// view data, chosen by `view_type`; unknown types give nil data. A factory makes a view per item
// and the screen stacks them vertically.

public struct ViewItemsResponse: Decodable {
    public let viewItems: [ViewItem]

    enum CodingKeys: String, CodingKey { case viewItems = "view_items" }
}

public struct ViewItem: Decodable {
    public let viewType: String
    public let viewData: ViewData?

    enum CodingKeys: String, CodingKey { case viewType = "view_type", viewData = "view_data" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        viewType = try container.decode(String.self, forKey: .viewType)
        switch viewType {
        case "one_text_line": viewData = try container.decode(OneTextLineViewData.self, forKey: .viewData)
        case "two_text_line": viewData = try container.decode(TwoTextLineViewData.self, forKey: .viewData)
        case "text_button": viewData = try container.decode(TextButtonViewData.self, forKey: .viewData)
        case "one_image": viewData = try container.decode(OneImageViewData.self, forKey: .viewData)
        default: viewData = nil
        }
    }
}

public class ViewData: Decodable {
    public let titleText: String?

    enum CodingKeys: String, CodingKey { case titleText = "title_text" }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        titleText = try container.decodeIfPresent(String.self, forKey: .titleText)
    }
}

public final class OneTextLineViewData: ViewData {}

public final class TwoTextLineViewData: ViewData {
    public let contentText: String?

    enum TwoKeys: String, CodingKey { case contentText = "content_text" }

    public required init(from decoder: any Decoder) throws {
        contentText = try decoder.container(keyedBy: TwoKeys.self).decodeIfPresent(String.self, forKey: .contentText)
        try super.init(from: decoder)
    }
}

public final class TextButtonViewData: ViewData {
    public let action: String?
    public let badgeCount: Int?

    enum ButtonKeys: String, CodingKey { case action, badgeCount = "badge_count" }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ButtonKeys.self)
        action = try container.decodeIfPresent(String.self, forKey: .action)
        badgeCount = try container.decodeIfPresent(Int.self, forKey: .badgeCount)
        try super.init(from: decoder)
    }

    /// The badge on the button; the badge view takes a UInt8.
    func badgeLabel() -> String? {
        guard let badgeCount else { return nil }
        let badge = UInt8(badgeCount)
        return badge > 99 ? "99+" : "\(badge)"
    }
}

public struct ImageSize: Decodable {
    public let width: Int
    public let height: Int
}

public final class OneImageViewData: ViewData {
    public let imageString: String?
    public let imageSize: ImageSize?

    enum ImageKeys: String, CodingKey { case imageString = "image_string", imageSize = "image_size" }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ImageKeys.self)
        imageString = try container.decodeIfPresent(String.self, forKey: .imageString)
        imageSize = try container.decodeIfPresent(ImageSize.self, forKey: .imageSize)
        try super.init(from: decoder)
    }

    /// "16:9", for the image view's aspect constraint.
    func aspectRatioLabel() -> String {
        guard let size = imageSize else { return "" }
        let divisor = greatestCommonDivisor(size.width, size.height)
        return "\(size.width / divisor):\(size.height / divisor)"
    }

    /// A blank RGBA bitmap shown until the image has loaded.
    func placeholderBitmap() -> [UInt8] {
        guard let size = imageSize, size.width > 0, size.height > 0 else { return [] }
        return [UInt8](repeating: 0xEE, count: size.width * size.height * 4)
    }
}

func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a.magnitude, b.magnitude)
    while b != 0 { (a, b) = (b, a % b) }
    return Int(truncatingIfNeeded: a)
}

public enum ViewItemsLoader {
    /// Response bytes off the wire: gzip (the CDN, which tags responses in the gzip header) or zlib, else JSON.
    public static func decode(_ bytes: [UInt8]) throws -> ViewItemsResponse {
        var json = bytes
        if bytes.count >= 18, bytes[0] == 0x1f, bytes[1] == 0x8b {
            let start = GzipHeader.payloadStart(in: bytes)
            guard start < bytes.count else { throw Inflater.Failed(status: -3) }
            json = try Inflater.inflate(Array(bytes[start...]), windowBits: -15)
        } else if bytes.count >= 2, bytes[0] == 0x78 {
            json = try Inflater.inflate(bytes, windowBits: 15)
        }
        return try JSONDecoder().decode(ViewItemsResponse.self, from: Data(json))
    }
}

enum GzipHeader {
    /// Where the deflate data starts after a gzip header (RFC 1952, 2.3), skipping the optional
    /// fields. Our CDN puts its edge tag in the extra field.
    static func payloadStart(in bytes: [UInt8]) -> Int {
        let flags = bytes[3]
        var position = 10
        if flags & 0x04 != 0 {  // FEXTRA
            let length = Int(bytes[10]) | Int(bytes[11]) << 8
            let edgeTag = String(decoding: bytes[12 ..< 12 + length], as: UTF8.self)
            if edgeTag.hasPrefix("edge=") { lastEdge = String(edgeTag.dropFirst(5)) }
            position = 12 + length
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
            while position < bytes.count, bytes[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 0x02 != 0 { position += 2 }  // FHCRC
        return position
    }

    nonisolated(unsafe) static var lastEdge = ""
}

public enum ViewFactory {
    /// The screen: one view per item, stacked vertically.
    public static func describe(_ response: ViewItemsResponse) -> String {
        response.viewItems.compactMap(makeView(for:)).joined(separator: "\n")
    }

    static func makeView(for item: ViewItem) -> String? {
        switch item.viewData {
        case let data as TwoTextLineViewData:
            return "\(data.titleText ?? "")\n  \(data.contentText ?? "")"
        case let data as TextButtonViewData:
            let badge = data.badgeLabel().map { " (\($0))" } ?? ""
            return "[\(data.titleText ?? "Button")]\(badge)"
        case let data as OneImageViewData:
            let bitmap = data.placeholderBitmap()
            return "<image \(data.imageString ?? "") \(data.aspectRatioLabel()) placeholder \(bitmap.count) B>"
        case let data as OneTextLineViewData:
            return data.titleText ?? ""
        default:
            return nil  // unknown view types have no data and no view
        }
    }
}
