import Foundation

struct OneTextLineData: ViewDataComponent {
    static let viewType = "one_text_line"

    let titleText: String

    private enum CodingKeys: String, CodingKey {
        case titleText = "title_text"
    }
}
