import SwiftUI
import FlexLayoutKit

public struct BlockView: View {
    let block: Block

    public var body: some View {
        FlexStack(direction: .row, gap: 8) {
            switch block {
            case .banner(let banner): Text(banner.title)
            case .countdown(let countdown): Text("\(countdown.label) \(countdown.minutes):\(countdown.seconds)")
            case .rating(let rating): StarsView(percent: rating.filledPercent)
            case .unsupported: EmptyView()
            }
        }
    }
}

struct StarsView: View {
    let percent: Int
    var body: some View { FlexBox { Text("\(percent)%") } }
}
