import Foundation

struct ParagraphBlock: Decodable {
    enum Style: String, Decodable {
        case body
        case footnote
        case quote
    }

    let text: String
    let style: Style?
}
