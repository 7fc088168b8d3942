import SwiftUI

struct CallToActionBlock: Decodable {
    let title: String
    let url: URL
    let prominent: Bool?
}

struct CallToActionBlockView: View {
    let block: CallToActionBlock

    var body: some View {
        Link(destination: block.url) {
            Text(block.title)
                .font(.headline)
                .frame(maxWidth: .infinity)
                .padding(.vertical, 14)
                .background(block.prominent == true ? Color.accentColor : Color.secondary.opacity(0.15))
                .foregroundColor(block.prominent == true ? .white : .accentColor)
                .clipShape(RoundedRectangle(cornerRadius: 12, style: .continuous))
        }
        .padding(.horizontal)
    }
}
