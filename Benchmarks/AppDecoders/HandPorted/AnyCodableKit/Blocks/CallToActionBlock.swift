import Foundation

struct CallToActionBlock: Decodable {
    let title: String
    let url: URL
    let prominent: Bool?
}
