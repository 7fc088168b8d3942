import SwiftUI
import UIKit

struct CardView: View, Identifiable {
    let card: Card
    @State private var pressed = false
    var id: String { card.id }

    var body: some View {
        VStack(alignment: .leading) {
            Text(card.id).font(.headline)
        }
        .padding()
        .background(card.tint)
    }

    struct Style: Decodable {
        let cornerRadius: Double
    }
}

struct HomeView: View {
    let screen: Screen?
    var body: some View {
        List(screen?.cards ?? []) { card in CardView(card: card) }
    }
}

final class CardCell: UITableViewCell {
    @IBOutlet weak var titleLabel: UILabel!
    override func prepareForReuse() { super.prepareForReuse() }
    func configure(with card: Card) { titleLabel.text = card.id }
}

extension Card {
    var style: CardView.Style { CardView.Style(cornerRadius: 8) }
    func makeView() -> some View { CardView(card: self) }
    var label: UILabel {
        let label = UILabel()
        label.text = id
        return label
    }
}

#Preview {
    CardView(card: try! Screen.parse(Data(previewJSON.utf8)).cards[0])
}
