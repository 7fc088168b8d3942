import SwiftUI

struct HeroBlock: Decodable {
    let title: String
    let subtitle: String?
    let imageURL: URL?
    let height: CGFloat?

    private enum CodingKeys: String, CodingKey {
        case title
        case subtitle
        case imageURL = "image_url"
        case height
    }
}

struct HeroBlockView: View {
    let block: HeroBlock

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            AsyncImage(url: block.imageURL) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                LinearGradient(colors: [.indigo, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
            }
            .frame(height: block.height ?? 240)
            .clipped()

            VStack(alignment: .leading, spacing: 4) {
                Text(block.title)
                    .font(.largeTitle.bold())
                if let subtitle = block.subtitle {
                    Text(subtitle)
                        .font(.title3)
                }
            }
            .foregroundColor(.white)
            .shadow(radius: 6)
            .padding()
        }
    }
}
