import SwiftUI

struct OneImageData: ViewDataComponent {
    static let viewType = "one_image"

    struct ImageSize: Decodable {
        let width: Double
        let height: Double
    }

    let imageString: String
    let imageSize: ImageSize?
    /// Height as a percentage of the width, used to reserve space before the image loads.
    let heightPercent: Int

    private enum CodingKeys: String, CodingKey {
        case imageString = "image_string"
        case imageSize = "image_size"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        imageString = try container.decode(String.self, forKey: .imageString)
        imageSize = try container.decodeIfPresent(ImageSize.self, forKey: .imageSize)
        if let imageSize {
            heightPercent = Int(imageSize.height / imageSize.width * 100)
        } else {
            heightPercent = 75
        }
    }

    @MainActor func makeView() -> AnyView {
        AnyView(OneImageView(data: self))
    }
}

struct OneImageView: View {
    let data: OneImageData

    var body: some View {
        Color.clear
            .aspectRatio(100 / CGFloat(max(data.heightPercent, 1)), contentMode: .fit)
            .overlay {
                AsyncImage(url: URL(string: data.imageString)) { image in
                    image.resizable().scaledToFill()
                } placeholder: {
                    Color(.systemGray5)
                }
            }
            .clipped()
    }
}
