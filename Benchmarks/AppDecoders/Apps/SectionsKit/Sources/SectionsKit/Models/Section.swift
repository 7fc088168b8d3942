import SwiftUI

enum Section: Decodable {
    case title(TitleSection)
    case plusTitle(PlusTitleSection)
    case banner(BannerSection)
    case grid(GridSection)
    case tabs(TabsSection)

    enum ComponentType: String, Decodable {
        case title = "TITLE"
        case plusTitle = "PLUS_TITLE"
        case banner = "BANNER"
        case grid = "PRODUCT_GRID"
        case tabs = "SEGMENTED_TABS"
    }

    private enum CodingKeys: String, CodingKey {
        case sectionComponentType
        case section
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(ComponentType.self, forKey: .sectionComponentType)

        switch type {
        case .title:
            self = .title(try container.decode(TitleSection.self, forKey: .section))
        case .plusTitle:
            self = .plusTitle(try container.decode(PlusTitleSection.self, forKey: .section))
        case .banner:
            self = .banner(try container.decode(BannerSection.self, forKey: .section))
        case .grid:
            self = .grid(try container.decode(GridSection.self, forKey: .section))
        case .tabs:
            self = .tabs(try container.decode(TabsSection.self, forKey: .section))
        }
    }
}

struct TitleSection: Decodable {
    let title: String
    let style: SectionStyle?
}

struct PlusTitleSection: Decodable {
    let title: String
    let subtitle: String
    let deeplink: URL?
    let style: SectionStyle?
}

struct BannerSection: Decodable {
    let imageURL: URL
    let title: String?
    let aspectRatio: CGFloat?
    let style: SectionStyle?

    private enum CodingKeys: String, CodingKey {
        case imageURL = "imageUrl"
        case title
        case aspectRatio
        case style
    }
}

struct GridSection: Decodable {
    struct Item: Decodable, Identifiable {
        let id: String
        let title: String
        let imageURL: URL?
        let price: String?

        private enum CodingKeys: String, CodingKey {
            case id
            case title
            case imageURL = "imageUrl"
            case price
        }
    }

    let title: String?
    let columns: Int
    let items: [Item]
    let rowCount: Int
    let style: SectionStyle?

    private enum CodingKeys: String, CodingKey {
        case title
        case columns
        case items
        case style
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        columns = try container.decodeIfPresent(Int.self, forKey: .columns) ?? 2
        items = try container.decode([Item].self, forKey: .items)
        rowCount = items.count / columns + (items.count % columns == 0 ? 0 : 1)
        style = try container.decodeIfPresent(SectionStyle.self, forKey: .style)
    }
}

struct TabsSection: Decodable {
    let id: String
    let tabs: [String]
    let selected: String
    let style: SectionStyle?
}
