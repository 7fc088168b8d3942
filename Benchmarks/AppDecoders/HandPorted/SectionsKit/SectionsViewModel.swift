import Foundation

@MainActor
final class SectionsViewModel: ObservableObject {
    @Published private(set) var screenName: ScreenName
    @Published private(set) var sections: [Section]
    @Published var selectedTabs: [String: Int] = [:]
    @Published var isRefreshing = false

    init(screenName: ScreenName, sections: [Section]) {
        self.screenName = screenName
        self.sections = sections
    }

    static func parse(_ data: Data) throws -> SectionsViewModel {
        let response = try JSONDecoder().decode(SectionsResponse.self, from: data)
        let viewModel = SectionsViewModel(screenName: response.screenName, sections: response.contents)
        for case .tabs(let tabs) in response.contents {
            viewModel.selectedTabs[tabs.id] = tabs.tabs.firstIndex(of: tabs.selected)!
        }
        return viewModel
    }

    func select(tab index: Int, in section: TabsSection) {
        selectedTabs[section.id] = index
    }
}
