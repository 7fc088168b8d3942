import SwiftUI

public struct SectionsScreen: View {
    @StateObject private var viewModel: SectionsViewModel
    private let refreshURL: URL?

    init(viewModel: SectionsViewModel, refreshURL: URL? = nil) {
        _viewModel = StateObject(wrappedValue: viewModel)
        self.refreshURL = refreshURL
    }

    @MainActor
    public init(data: Data, refreshURL: URL? = nil) throws {
        self.init(viewModel: try SectionsViewModel.parse(data), refreshURL: refreshURL)
    }

    public var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 0) {
                ForEach(Array(viewModel.sections.enumerated()), id: \.offset) { _, section in
                    SectionRow(section: section, viewModel: viewModel)
                }
            }
        }
        .navigationTitle(viewModel.screenName.rawValue)
        .refreshable {
            if let refreshURL {
                await viewModel.reload(from: refreshURL)
            }
        }
        .overlay(alignment: .top) {
            if viewModel.isRefreshing {
                ProgressView().padding(.top, 8)
            }
        }
    }
}

struct SectionsScreen_Previews: PreviewProvider {
    static let sampleJSON = """
    {
      "screenName": "Home",
      "contents": [
        { "sectionComponentType": "TITLE", "section": { "title": "Today", "style": { "titleWeight": "bold", "padding": [16, 20] } } },
        { "sectionComponentType": "PLUS_TITLE", "section": { "title": "More", "subtitle": "See all", "deeplink": "app://home/more" } },
        {
          "sectionComponentType": "PRODUCT_GRID",
          "section": {
            "title": "For you",
            "columns": 3,
            "items": [
              { "id": "p1", "title": "Headphones", "price": "$59" },
              { "id": "p2", "title": "Charger", "price": "$19" }
            ]
          }
        }
      ]
    }
    """

    static var previews: some View {
        NavigationView {
            SamplePreview(json: sampleJSON)
        }
    }
}

private struct SamplePreview: View {
    let json: String

    var body: some View {
        try! SectionsScreen(data: Data(json.utf8))
    }
}
