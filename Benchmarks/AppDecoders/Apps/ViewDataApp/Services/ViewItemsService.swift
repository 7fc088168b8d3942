import Combine
import Foundation

final class ViewItemsService {
    let items = PassthroughSubject<[any ViewDataComponent], Never>()
    let failures = PassthroughSubject<Error, Never>()

    private let session: URLSession
    private let endpoint: URL
    private var cancellables = Set<AnyCancellable>()

    init(session: URLSession = .shared, endpoint: URL = URL(string: "https://api.example.co.kr/v1/home/view-items")!) {
        self.session = session
        self.endpoint = endpoint
    }

    func refresh() {
        session.dataTaskPublisher(for: endpoint)
            .map(\.data)
            .decode(type: ViewItemsResponse.self, decoder: JSONDecoder())
            .map(\.viewItems)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] completion in
                if case .failure(let error) = completion {
                    self?.failures.send(error)
                }
            } receiveValue: { [weak self] viewItems in
                self?.items.send(viewItems)
            }
            .store(in: &cancellables)
    }
}
