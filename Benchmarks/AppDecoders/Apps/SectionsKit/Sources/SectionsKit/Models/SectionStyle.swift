import SwiftUI

struct SectionStyle: Decodable {
    var titleWeight: Font.Weight = .semibold
    var padding = EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    var spacing: CGFloat = 8
    var showsDivider = false

    private enum CodingKeys: String, CodingKey {
        case titleWeight
        case padding
        case spacing
        case showsDivider
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let weight = try container.decodeIfPresent(String.self, forKey: .titleWeight) {
            titleWeight = Font.Weight(serverName: weight)
        }
        if let values = try container.decodeIfPresent([CGFloat].self, forKey: .padding) {
            padding = EdgeInsets(cssValues: values)
        }
        spacing = try container.decodeIfPresent(CGFloat.self, forKey: .spacing) ?? spacing
        showsDivider = try container.decodeIfPresent(Bool.self, forKey: .showsDivider) ?? showsDivider
    }
}

extension Font.Weight {
    init(serverName: String) {
        switch serverName.lowercased() {
        case "ultralight": self = .ultraLight
        case "thin": self = .thin
        case "light": self = .light
        case "medium": self = .medium
        case "semibold": self = .semibold
        case "bold": self = .bold
        case "heavy": self = .heavy
        case "black": self = .black
        default: self = .regular
        }
    }
}

extension EdgeInsets {
    /// Padding the way the web team writes it: [all], [vertical, horizontal] or [top, right, bottom, left].
    init(cssValues values: [CGFloat]) {
        switch values.count {
        case 1:
            self.init(top: values[0], leading: values[0], bottom: values[0], trailing: values[0])
        case 2:
            self.init(top: values[0], leading: values[1], bottom: values[0], trailing: values[1])
        default:
            self.init(top: values[0], leading: values[3], bottom: values[2], trailing: values[1])
        }
    }
}
