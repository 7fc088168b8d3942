import Foundation
import SwiftUI

/// One tile of the board. The server adds widget kinds faster than the app ships, so the props
/// stay untyped and each kind reads what it knows.
struct Widget: Decodable, Identifiable {
    let id: String
    let kind: String
    let props: [String: AnyCodable]
    let content: Content

    enum Content {
        case metric(title: String, value: String)
        case progress(title: String, percent: Int)
        case note(String)
        case unsupported
    }

    private enum CodingKeys: String, CodingKey { case id, kind, props }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        kind = try container.decode(String.self, forKey: .kind)
        props = try container.decodeIfPresent([String: AnyCodable].self, forKey: .props) ?? [:]
        switch kind {
        case "metric":
            content = .metric(title: props.string("title") ?? "", value: props.string("value") ?? "–")
        case "progress":
            let done = props.double("done") ?? 0
            let total = props.double("total") ?? 1
            content = .progress(title: props.string("title") ?? "", percent: Int(done / total * 100))
        case "note":
            content = .note(props.string("text") ?? "")
        default:
            content = .unsupported
        }
    }

    var tint: Color {
        switch content {
        case .progress(_, let percent) where percent >= 100: .green
        case .progress: .orange
        default: .accentColor
        }
    }
}
