import Combine
import SwiftUI

final class ViewItemsViewModel: ObservableObject {
    @Published private(set) var items: [any ViewDataComponent] = []
    @Published var errorMessage: String?

    private let service: ViewItemsService
    private var cancellables = Set<AnyCancellable>()

    init(service: ViewItemsService) {
        self.service = service
        service.items
            .sink { [weak self] items in self?.items = items }
            .store(in: &cancellables)
        service.failures
            .map { $0.localizedDescription }
            .sink { [weak self] message in self?.errorMessage = message }
            .store(in: &cancellables)
    }

    init(previewItems: [any ViewDataComponent]) {
        self.service = ViewItemsService()
        self.items = previewItems
    }

    func refresh() {
        service.refresh()
    }
}
