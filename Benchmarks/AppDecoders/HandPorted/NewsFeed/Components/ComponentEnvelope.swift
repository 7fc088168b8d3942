import Foundation

struct ComponentEnvelope: Decodable {
    let viewType: String
    let component: Component

    private enum CodingKeys: String, CodingKey {
        case viewType
        case content
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        viewType = try container.decode(String.self, forKey: .viewType)

        let componentType: Component.Type
        switch viewType {
        case "HeadlineViewType":
            componentType = HeadlineComponent.self
        case "ArticleViewType":
            componentType = ArticleCardComponent.self
        case "VideoViewType":
            componentType = VideoComponent.self
        case "LiveScoreViewType":
            componentType = LiveScoreComponent.self
        default:
            componentType = DefaultComponent.self
        }
        component = try componentType.init(from: container.superDecoder(forKey: .content))
    }
}
