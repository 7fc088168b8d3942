import UIKit

final class FeedViewController: UIViewController {

    private let service: FeedService
    private let scrollView = UIScrollView()
    private let stackView = UIStackView()
    private let refreshControl = UIRefreshControl()

    init(service: FeedService) {
        self.service = service
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Top Stories"
        view.backgroundColor = .systemBackground

        scrollView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.alwaysBounceVertical = true
        scrollView.refreshControl = refreshControl
        refreshControl.addTarget(self, action: #selector(reload), for: .valueChanged)
        view.addSubview(scrollView)

        stackView.axis = .vertical
        stackView.spacing = 16
        stackView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stackView)

        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),

            stackView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 16),
            stackView.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor, constant: 16),
            stackView.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -16),
            stackView.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -16),
        ])

        reload()
    }

    @objc private func reload() {
        service.fetchFeed { [weak self] result in
            DispatchQueue.main.async {
                self?.refreshControl.endRefreshing()
                switch result {
                case .success(let screen):
                    self?.render(screen)
                case .failure(let error):
                    self?.showError(error)
                }
            }
        }
    }

    private func render(_ screen: FeedScreen) {
        title = screen.screenName
        stackView.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for component in screen.components {
            guard let renderable = component as? ComponentRenderable else { continue }
            let componentView = renderable.makeView()
            stackView.addArrangedSubview(componentView)
            if let previous = stackView.arrangedSubviews.dropLast().last {
                stackView.setCustomSpacing(component.topSpacing, after: previous)
            }
        }
    }

    private func showError(_ error: Error) {
        let alert = UIAlertController(title: "Couldn't load the feed", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Retry", style: .default) { [weak self] _ in self?.reload() })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)
    }
}
