import Foundation

struct TextButtonData: ViewDataComponent {
    static let viewType = "text_button"

    let titleText: String
    let link: URL?

    private enum CodingKeys: String, CodingKey {
        case titleText = "title_text"
        case linkString = "link"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        titleText = try container.decode(String.self, forKey: .titleText)
        if let linkString = try container.decodeIfPresent(String.self, forKey: .linkString) {
            link = URL(string: linkString)!
        } else {
            link = nil
        }
    }
}
