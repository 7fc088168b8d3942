import SwiftUI

struct TwoTextLineData: ViewDataComponent {
    static let viewType = "two_text_line"

    let titleText: String
    let contentText: String

    private enum CodingKeys: String, CodingKey {
        case titleText = "title_text"
        case contentText = "content_text"
    }

    @MainActor func makeView() -> AnyView {
        AnyView(
            VStack(alignment: .leading, spacing: 4) {
                Text(titleText)
                    .font(.headline)
                Text(contentText)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(.horizontal, 16)
            .padding(.vertical, 8)
        )
    }
}
