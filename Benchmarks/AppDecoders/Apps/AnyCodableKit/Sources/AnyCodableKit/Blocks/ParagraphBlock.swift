import SwiftUI

struct ParagraphBlock: Decodable {
    enum Style: String, Decodable {
        case body
        case footnote
        case quote
    }

    let text: String
    let style: Style?
}

struct ParagraphBlockView: View {
    let block: ParagraphBlock

    var body: some View {
        switch block.style ?? .body {
        case .body:
            Text(block.text)
                .font(.body)
                .padding(.horizontal)
        case .footnote:
            Text(block.text)
                .font(.footnote)
                .foregroundColor(.secondary)
                .padding(.horizontal)
        case .quote:
            HStack(spacing: 12) {
                Rectangle()
                    .fill(Color.accentColor)
                    .frame(width: 4)
                Text(block.text)
                    .font(.body.italic())
            }
            .fixedSize(horizontal: false, vertical: true)
            .padding(.horizontal)
        }
    }
}
