import Foundation

struct RawBlock: Decodable {
    let kind: String
    let attributes: JSONValue
}

struct BlockDocument: Decodable {
    let version: Int
    let blocks: [RawBlock]
    let definitions: [String: RawBlock]?
}

enum Block {
    case hero(HeroBlock)
    case paragraph(ParagraphBlock)
    case productRow(ProductRowBlock)
    case callToAction(CallToActionBlock)
    case divider
}
