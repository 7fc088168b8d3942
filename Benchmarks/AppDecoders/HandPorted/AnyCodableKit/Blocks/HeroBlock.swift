import Foundation

struct HeroBlock: Decodable {
    let title: String
    let subtitle: String?
    let imageURL: URL?
    let height: CGFloat?

    private enum CodingKeys: String, CodingKey {
        case title
        case subtitle
        case imageURL = "image_url"
        case height
    }
}
