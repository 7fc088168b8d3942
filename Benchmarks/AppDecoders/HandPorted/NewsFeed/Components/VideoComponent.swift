import Foundation

final class VideoComponent: Component {
    let title: String
    let videoURL: URL
    let thumbnailURL: URL?
    let duration: Double
    let durationText: String
    let autoplay: Bool

    private enum CodingKeys: String, CodingKey {
        case title
        case videoURL = "videoUrl"
        case thumbnailURL = "thumbnailUrl"
        case duration
        case autoplay
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        videoURL = try container.decode(URL.self, forKey: .videoURL)
        thumbnailURL = try container.decodeIfPresent(URL.self, forKey: .thumbnailURL)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration) ?? 0
        let totalSeconds = Int(duration)
        durationText = String(format: "%d:%02d", totalSeconds / 60, totalSeconds % 60)
        autoplay = try container.decodeIfPresent(Bool.self, forKey: .autoplay) ?? false
        try super.init(from: decoder)
    }
}
