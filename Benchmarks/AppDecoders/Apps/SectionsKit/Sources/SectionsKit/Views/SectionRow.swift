import SwiftUI

struct SectionRow: View {
    let section: Section
    @ObservedObject var viewModel: SectionsViewModel

    var body: some View {
        switch section {
        case .title(let title):
            Text(title.title)
                .font(.title2.weight(title.style?.titleWeight ?? .semibold))
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(title.style?.padding ?? EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        case .plusTitle(let plusTitle):
            HStack(alignment: .firstTextBaseline) {
                Text(plusTitle.title)
                    .font(.headline.weight(plusTitle.style?.titleWeight ?? .semibold))
                Spacer()
                if let deeplink = plusTitle.deeplink {
                    Link(plusTitle.subtitle, destination: deeplink)
                        .font(.subheadline)
                } else {
                    Text(plusTitle.subtitle)
                        .font(.subheadline)
                        .foregroundColor(.secondary)
                }
            }
            .padding(plusTitle.style?.padding ?? EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        case .banner(let banner):
            BannerSectionView(banner: banner)
        case .grid(let grid):
            GridSectionView(grid: grid)
        case .tabs(let tabs):
            TabsSectionView(tabs: tabs, selection: Binding(
                get: { viewModel.selectedTabs[tabs.id] ?? 0 },
                set: { viewModel.select(tab: $0, in: tabs) }
            ))
        }
    }
}

struct BannerSectionView: View {
    let banner: BannerSection

    var body: some View {
        AsyncImage(url: banner.imageURL) { phase in
            switch phase {
            case .success(let image):
                image.resizable().aspectRatio(banner.aspectRatio, contentMode: .fill)
            case .failure:
                Color.secondary.opacity(0.2)
            case .empty:
                ProgressView()
            @unknown default:
                EmptyView()
            }
        }
        .frame(maxWidth: .infinity)
        .overlay(alignment: .bottomLeading) {
            if let title = banner.title {
                Text(title)
                    .font(.headline)
                    .foregroundColor(.white)
                    .shadow(radius: 4)
                    .padding()
            }
        }
        .clipShape(RoundedRectangle(cornerRadius: 16))
        .padding(banner.style?.padding ?? EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
    }
}

struct TabsSectionView: View {
    let tabs: TabsSection
    @Binding var selection: Int

    var body: some View {
        Picker("", selection: $selection) {
            ForEach(Array(tabs.tabs.enumerated()), id: \.offset) { index, tab in
                Text(tab).tag(index)
            }
        }
        .pickerStyle(.segmented)
        .padding(tabs.style?.padding ?? EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
    }
}
