import UIKit

final class CountdownComponent: Component {
    let identifier: String?
    let title: String
    let endsAt: Date
    let tint: UIColor

    init(identifier: String?, title: String, endsAt: Date, tint: UIColor) {
        self.identifier = identifier
        self.title = title
        self.endsAt = endsAt
        self.tint = tint
    }

    func makeView() -> UIView {
        let titleLabel = UILabel()
        titleLabel.text = title
        titleLabel.font = .preferredFont(forTextStyle: .headline)

        let timerLabel = UILabel()
        timerLabel.font = .monospacedDigitSystemFont(ofSize: 22, weight: .bold)
        timerLabel.textColor = tint

        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.hour, .minute, .second]
        formatter.zeroFormattingBehavior = .pad
        let endsAt = self.endsAt
        timerLabel.text = formatter.string(from: max(endsAt.timeIntervalSinceNow, 0))
        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak timerLabel] timer in
            guard let timerLabel else {
                timer.invalidate()
                return
            }
            timerLabel.text = formatter.string(from: max(endsAt.timeIntervalSinceNow, 0))
        }

        let stack = UIStackView(arrangedSubviews: [titleLabel, timerLabel])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 4
        stack.accessibilityIdentifier = identifier
        return stack
    }
}
