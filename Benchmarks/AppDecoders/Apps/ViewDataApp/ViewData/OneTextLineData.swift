import SwiftUI

struct OneTextLineData: ViewDataComponent {
    static let viewType = "one_text_line"

    let titleText: String

    private enum CodingKeys: String, CodingKey {
        case titleText = "title_text"
    }

    @MainActor func makeView() -> AnyView {
        AnyView(OneTextLineView(data: self))
    }
}

struct OneTextLineView: View {
    let data: OneTextLineData

    var body: some View {
        Text(data.titleText)
            .font(.title3.bold())
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(.horizontal, 16)
            .padding(.vertical, 12)
    }
}
