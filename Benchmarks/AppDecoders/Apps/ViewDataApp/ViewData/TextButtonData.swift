import SwiftUI

struct TextButtonData: ViewDataComponent {
    static let viewType = "text_button"

    let titleText: String
    let link: URL?

    private enum CodingKeys: String, CodingKey {
        case titleText = "title_text"
        case linkString = "link"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        titleText = try container.decode(String.self, forKey: .titleText)
        if let linkString = try container.decodeIfPresent(String.self, forKey: .linkString) {
            link = URL(string: linkString)!
        } else {
            link = nil
        }
    }

    @MainActor func makeView() -> AnyView {
        AnyView(TextButtonView(data: self))
    }
}

struct TextButtonView: View {
    let data: TextButtonData
    @Environment(\.openURL) private var openURL

    var body: some View {
        Button {
            if let link = data.link {
                openURL(link)
            }
        } label: {
            Text(data.titleText)
                .font(.body.weight(.semibold))
                .frame(maxWidth: .infinity)
                .padding(.vertical, 12)
        }
        .buttonStyle(.borderedProminent)
        .padding(.horizontal, 16)
    }
}
