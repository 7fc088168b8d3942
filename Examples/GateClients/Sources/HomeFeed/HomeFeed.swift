import Foundation

// Seed shape 2 as an app decodes it: an envelope, then a list of contents, each a `viewType` and a
// `content` object decoded as the type the view type names. An app version knows a fixed set of
// view types; an unknown one decodes to an empty default that the view factory shows as nothing.
//
//   { "responseData": { "screenName": "Home", "contents": [
//       { "viewType": "TitleViewType", "content": { "title": "Hello" } } ] } }

/// An app release: which view types its decoder knows.
public struct AppVersion: Sendable {
    public var name: String
    public var knownViewTypes: Set<ViewType>

    /// 5.2: titles, banners, product lists.
    public static let v5_2 = AppVersion(name: "5.2", knownViewTypes: [.title, .banner, .productList])
    /// 5.3: also coupons.
    public static let v5_3 = AppVersion(name: "5.3", knownViewTypes: [.title, .banner, .productList, .coupon])
}

public enum ViewType: String, Sendable, Hashable {
    case title = "TitleViewType"
    case banner = "BannerViewType"
    case productList = "ProductListViewType"
    case coupon = "CouponViewType"
}

public struct HomeResponse: Decodable, Sendable {
    public let responseData: HomeScreen
}

public struct HomeScreen: Decodable, Sendable {
    public let screenName: String
    public let contents: [HomeContent]
}

public struct HomeContent: Decodable, Sendable {
    public let viewType: String
    public let content: ContentInfo

    enum CodingKeys: String, CodingKey { case viewType, content }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        viewType = try c.decode(String.self, forKey: .viewType)
        let version = decoder.userInfo[.appVersion] as? AppVersion ?? .v5_3
        guard let type = ViewType(rawValue: viewType), version.knownViewTypes.contains(type) else {
            content = .unknown  // DefaultContentInfo in the app: nothing to show, no error
            return
        }
        switch type {
        case .title: content = .title(try c.decode(TitleContent.self, forKey: .content))
        case .banner: content = .banner(try c.decode(BannerContent.self, forKey: .content))
        case .productList: content = .productList(try c.decode(ProductListContent.self, forKey: .content))
        case .coupon: content = .coupon(try c.decode(CouponContent.self, forKey: .content))
        }
    }
}

public enum ContentInfo: Sendable {
    case title(TitleContent)
    case banner(BannerContent)
    case productList(ProductListContent)
    case coupon(CouponContent)
    case unknown
}

public struct TitleContent: Decodable, Sendable {
    public let title: String
    public let subtitle: String?
}

public struct BannerContent: Decodable, Sendable {
    public let imageUrl: String
    public let title: String?
    public let deeplink: String?
}

public struct ProductListContent: Decodable, Sendable {
    public let title: String
    public let products: [Product]
}

public struct Product: Decodable, Sendable {
    public let id: String
    public let name: String
    public let price: String
    public let rating: Double?
}

public struct CouponContent: Decodable, Sendable {
    public let code: String
    public let discount: String
}

extension CodingUserInfoKey {
    static let appVersion = CodingUserInfoKey(rawValue: "appVersion")!
}

public enum HomeFeed {
    /// Decodes a response body as the given app version does.
    public static func decode(_ json: Data, appVersion: AppVersion) throws -> HomeScreen {
        let decoder = JSONDecoder()
        decoder.userInfo[.appVersion] = appVersion
        return try decoder.decode(HomeResponse.self, from: json).responseData
    }
}

/// What a content becomes on screen.
public enum HomeView: Sendable {
    case header(title: String, subtitle: String?)
    case banner(imageURL: String, title: String?, deeplink: String?)
    case productCarousel(title: String, products: [Product])
    case coupon(code: String, discount: String)
}

public enum HomeViewFactory {
    /// One view per content the app knows; unknown contents show nothing.
    public static func views(for screen: HomeScreen) -> [HomeView] {
        screen.contents.compactMap { item in
            switch item.content {
            case .title(let t): .header(title: t.title, subtitle: t.subtitle)
            case .banner(let b): .banner(imageURL: b.imageUrl, title: b.title, deeplink: b.deeplink)
            case .productList(let p): .productCarousel(title: p.title, products: p.products)
            case .coupon(let c): .coupon(code: c.code, discount: c.discount)
            case .unknown: nil
            }
        }
    }
}
