import UIKit

final class ImageLoader {
    static let shared = ImageLoader()

    private let cache = NSCache<NSURL, UIImage>()
    private let session = URLSession(configuration: .default)

    func load(_ url: URL, into imageView: UIImageView) {
        if let cached = cache.object(forKey: url as NSURL) {
            imageView.image = cached
            return
        }
        session.dataTask(with: url) { [weak self, weak imageView] data, _, _ in
            guard let data, let image = UIImage(data: data) else { return }
            self?.cache.setObject(image, forKey: url as NSURL)
            DispatchQueue.main.async {
                imageView?.image = image
            }
        }.resume()
    }
}
