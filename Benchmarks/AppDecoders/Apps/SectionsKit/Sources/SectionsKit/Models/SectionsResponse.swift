import Foundation

enum ScreenName: String, Decodable {
    case home = "Home"
    case store = "Store"
    case search = "Search"
    case profile = "Profile"
}

struct SectionsResponse: Decodable {
    let screenName: ScreenName
    let contents: [Section]
}
