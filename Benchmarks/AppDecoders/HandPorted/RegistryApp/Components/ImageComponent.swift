import Foundation

final class ImageComponent: Component {
    let identifier: String?
    let url: URL
    let aspectRatio: CGFloat
    let cornerRadius: CGFloat

    init(identifier: String?, url: URL, aspectRatio: CGFloat, cornerRadius: CGFloat) {
        self.identifier = identifier
        self.url = url
        self.aspectRatio = aspectRatio
        self.cornerRadius = cornerRadius
    }
}
