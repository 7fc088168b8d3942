import SwiftUI

struct ProgressBarData: ViewDataComponent {
    static let viewType = "progress_bar"

    let titleText: String
    let current: Int
    let total: Int
    let percent: Int
    let barColorName: String?

    private enum CodingKeys: String, CodingKey {
        case titleText = "title_text"
        case current
        case total
        case barColorName = "bar_color"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        titleText = try container.decode(String.self, forKey: .titleText)
        current = try container.decode(Int.self, forKey: .current)
        total = try container.decode(Int.self, forKey: .total)
        percent = current * 100 / total
        barColorName = try container.decodeIfPresent(String.self, forKey: .barColorName)
    }

    @MainActor func makeView() -> AnyView {
        AnyView(
            VStack(alignment: .leading, spacing: 6) {
                HStack {
                    Text(titleText)
                        .font(.subheadline)
                    Spacer()
                    Text("\(percent)%")
                        .font(.subheadline.monospacedDigit())
                        .foregroundStyle(.secondary)
                }
                ProgressView(value: Double(min(max(percent, 0), 100)), total: 100)
                    .tint(barColorName.map { Color($0) } ?? .accentColor)
            }
            .padding(.horizontal, 16)
            .padding(.vertical, 8)
        )
    }
}
