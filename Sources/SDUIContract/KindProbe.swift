import SDUIJSON
import SDUIPlugIn

/// Which discriminator values of a response a client does not decode, asked of the client itself.
///
/// Many decoders keep a kind they do not know instead of dropping it: an item holding the kind's
/// string and a `nil` payload, a registry's fallback that shows "Unknown component: promo". Their
/// rendering then has a component for it, and matching kinds with the payload would count it as
/// shown. So each kind the rendering seems to show, and the golden did not, is put to the client
/// once more in one of its places with a value no decoder knows: a client that renders the two
/// alike (the name put back in the unknown value's place) does not know the kind either. Nothing
/// of the decoder's sources is needed, so it works alike for every client: a product, a command,
/// a decoder named where it lives.
struct KindProbe: Sendable {
    var accounting: ComponentAccounting
    /// Kinds asked about per response, at most: one decode each.
    var limit = 16

    /// The values of `root`'s discriminators that `client` renders as it renders a kind it does not know.
    /// - Parameters:
    ///   - rendering: the client's own rendering of `root` (before redaction and accounting).
    ///   - golden: the kinds its golden shows are known (shown before) and not asked about again.
    func unknownKinds(in root: JSONValue, rendering: Rendering, golden: Rendering?, client: any ContractClient) async -> Set<String> {
        guard !rendering.isRejected else { return [] }
        let shownNow = ComponentAccounting.RenderedTally(rendering.components).kinds
        let shownBefore = golden.map { ComponentAccounting.RenderedTally($0.components).kinds } ?? []
        // Most checks show the golden's kinds and nothing new: nothing to ask, no walk of the payload.
        guard shownNow.contains(where: { k in !shownBefore.contains(k) && !shownBefore.contains { ComponentAccounting.kind($0, names: k) } }) else { return [] }
        var unknown = Set<String>()
        var sent: SentContent?  // counted once, if a client in process needs it
        for (value, steps) in candidates(in: root, shownNow: shownNow, shownBefore: shownBefore).prefix(limit) {
            let text = RequirementProbe.serialize(root, replacing: steps, with: .value(.string(RequirementProbe.unknownSentinel)))
            guard case .success(let other) = await client.render(Array(text.utf8)) else { continue }
            guard RequirementProbe.rendersAlike(rendering, value: value, unknown: other) else { continue }
            // A decoder whose value keeps every kind's payload alike (a `type` field beside one
            // optional sibling per kind) renders every kind as an unknown one: its code says
            // which it knows (a view factory's `case "banner":`). Without its code (a client in
            // this process), a stand-in that shows what the response sends is taken as known:
            // a kept item with no payload, a fallback naming the kind, shows none of it.
            if let strings = client.decoderStrings() {
                if strings.contains(value) { continue }
            } else {
                let counted = sent ?? SentContent(payload: root)
                sent = counted
                if Self.showsSentContent(rendering, unknown: other, sent: counted) { continue }
            }
            unknown.insert(value)
        }
        return unknown
    }

    /// Each discriminator value (once, at its first place) that names a kind shown now and none shown before.
    func candidates(in root: JSONValue, shownNow: Set<String>, shownBefore: Set<String>) -> [(String, [RequirementProbe.PathStep])] {
        func names(_ kinds: Set<String>, _ v: String) -> Bool { kinds.contains(v) || kinds.contains { ComponentAccounting.kind($0, names: v) } }
        var out: [(String, [RequirementProbe.PathStep])] = []
        var asked = Set<String>()
        var work: [(JSONValue, [RequirementProbe.PathStep])] = [(root, [])]
        while let (value, steps) = work.popLast() {
            switch value {
            case .object(let members):
                if let m = members.first(where: { accounting.isDiscriminator($0.key) }), case .string(let kind) = m.value {
                    let v = ComponentAccounting.normalized(kind)
                    if !v.isEmpty, names(shownNow, v), !names(shownBefore, v), asked.insert(kind).inserted {
                        out.append((kind, steps + [.key(m.key)]))
                    }
                }
                for m in members.reversed() { work.append((m.value, steps + [.key(m.key)])) }
            case .array(let elements):
                for (i, e) in elements.enumerated().reversed() { work.append((e, steps + [.index(i)])) }
            default:
                break
            }
        }
        return out
    }

    /// Whether the components that stand in for the kind (those whose rendering with the unknown
    /// value holds that value) show any string the response sends.
    static func showsSentContent(_ rendering: Rendering, unknown: Rendering, sent: SentContent) -> Bool {
        var pairs = Array(zip(rendering.components, unknown.components))
        while let (mine, other) = pairs.popLast() {
            if other.line.contains(RequirementProbe.unknownSentinel),
               mine.attributes.contains(where: { $0.sentContent.map { sent.count(of: $0) > 0 } ?? false }) { return true }
            pairs.append(contentsOf: zip(mine.children, other.children))
        }
        return false
    }
}
