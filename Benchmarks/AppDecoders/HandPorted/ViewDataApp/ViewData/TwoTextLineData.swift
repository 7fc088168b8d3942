import Foundation

struct TwoTextLineData: ViewDataComponent {
    static let viewType = "two_text_line"

    let titleText: String
    let contentText: String

    private enum CodingKeys: String, CodingKey {
        case titleText = "title_text"
        case contentText = "content_text"
    }
}
