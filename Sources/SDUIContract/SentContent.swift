import SDUIJSON
import SDUIPlugIn

/// The strings a response carries, counted, with where each first occurs: what the gate looks a
/// golden's shown text up in to tell a content edit (the text is no longer sent) from a breakage
/// (the text is still sent, at any path, and no longer shown).
///
/// Any path, because that is what breakages do: a renamed key moves the text
/// (`$.items[0].banner.headline` → `$.items[0].hero_banner.headline`), a renamed kind leaves it
/// where it was, and the decoder's view of the response — not the response — is what changed.
public struct SentContent: Sendable, Hashable {
    private let payload: JSONValue
    private var counts: [String: Int] = [:]

    /// The string values of `payload` (not its keys), counted.
    public init(payload: JSONValue) {
        self.payload = payload
        var work: [JSONValue] = [payload]
        while let value = work.popLast() {
            switch value {
            case .string(let s): counts[s, default: 0] += 1
            case .object(let members): for m in members { work.append(m.value) }
            case .array(let elements): work.append(contentsOf: elements)
            default: break
            }
        }
    }

    /// How many times the response carries `value` as a string.
    public func count(of value: String) -> Int { counts[value, default: 0] }

    /// Where the response first carries `value` (document order). Looked up when a finding names
    /// it, not for every string: most checks never ask.
    public func path(of value: String) -> String? {
        guard counts[value] != nil else { return nil }
        var work: [(JSONValue, String)] = [(payload, "$")]
        while let (node, path) = work.popLast() {
            switch node {
            case .string(let s) where s == value: return path
            case .object(let members):
                for m in members.reversed() { work.append((m.value, JSONPath.appending(key: m.key, to: path))) }
            case .array(let elements):
                for (i, e) in elements.enumerated().reversed() { work.append((e, JSONPath.appending(index: i, to: path))) }
            default: break
            }
        }
        return nil
    }
}

extension RenderedAttribute {
    /// What of this attribute is content the server sends and the user sees or follows: a text, a
    /// value that reads as a link, an action's target. Styles, flags and numbers are not: the same
    /// `primary` or `1` is in many places of a response and says nothing about one component.
    var sentContent: String? {
        switch role {
        case .text: value.isEmpty ? nil : value
        case .value: isLinkLike ? value : nil
        case .action: target
        case .style: nil
        }
    }
}
