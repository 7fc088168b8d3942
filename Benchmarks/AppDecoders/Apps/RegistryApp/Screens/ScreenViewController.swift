import UIKit

final class ScreenViewController: UIViewController {
    private let screenID: String
    private let client: ScreenClient
    private let scrollView = UIScrollView()
    private let activityIndicator = UIActivityIndicatorView(style: .large)
    private var contentView: UIView?

    init(screenID: String, client: ScreenClient) {
        self.screenID = screenID
        self.client = client
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        activityIndicator.center = view.center
        view.addSubview(activityIndicator)
        load()
    }

    private func load() {
        activityIndicator.startAnimating()
        Task {
            defer { activityIndicator.stopAnimating() }
            do {
                let data = try await client.fetchScreen(id: screenID)
                let root = try ScreenBuilder.build(from: data)
                show(root)
            } catch {
                showError(error)
            }
        }
    }

    private func show(_ root: Component) {
        contentView?.removeFromSuperview()
        let rootView = root.makeView()
        rootView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(rootView)
        NSLayoutConstraint.activate([
            rootView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 16),
            rootView.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor, constant: 16),
            rootView.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -16),
            rootView.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -16),
        ])
        contentView = rootView
    }

    private func showError(_ error: Error) {
        let alert = UIAlertController(title: "Something went wrong", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
