import SwiftUI

struct GridSectionView: View {
    let grid: GridSection

    private var columns: [GridItem] {
        Array(repeating: GridItem(.flexible(), spacing: grid.style?.spacing ?? 8), count: max(grid.columns, 1))
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let title = grid.title {
                Text(title)
                    .font(.headline.weight(grid.style?.titleWeight ?? .semibold))
            }
            LazyVGrid(columns: columns, spacing: grid.style?.spacing ?? 8) {
                ForEach(grid.items) { item in
                    VStack(alignment: .leading, spacing: 4) {
                        AsyncImage(url: item.imageURL) { image in
                            image.resizable().scaledToFill()
                        } placeholder: {
                            Color.secondary.opacity(0.15)
                        }
                        .frame(height: 120)
                        .clipShape(RoundedRectangle(cornerRadius: 10))
                        Text(item.title)
                            .font(.subheadline)
                            .lineLimit(2)
                        if let price = item.price {
                            Text(price)
                                .font(.subheadline.bold())
                        }
                    }
                }
            }
            if grid.style?.showsDivider == true {
                Divider()
            }
        }
        .padding(grid.style?.padding ?? EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
    }
}
