import SwiftUI

struct PriceListView: View {
    let screen: CachedScreen

    var body: some View {
        List(screen.sections, id: \.label) { section in
            HStack {
                Text(section.label)
                Spacer()
                Text(section.salePrice, format: .currency(code: "EUR"))
                if let badge = section.badge {
                    Text(badge.text).padding(4).background(Color(hex: badge.color))
                }
            }
        }
        .navigationTitle(screen.title)
    }
}

extension Color {
    init(hex: String) {
        let value = UInt64(hex.dropFirst(), radix: 16) ?? 0
        self.init(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
    }
}
