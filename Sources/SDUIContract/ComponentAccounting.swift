import SDUIJSON
import SDUIPlugIn

/// Finds the components a response sends that the client shows nothing for — neither rendered nor a
/// placeholder — without the decoder's help, from the payload's discriminated objects.
///
/// Many app decoders say nothing when they drop a component: an unknown type decodes to an empty
/// fallback, `try?` skips an element, a renamed discriminator key leaves an object unread. The
/// accounting pairs the payload's objects with the rendering instead:
///
/// 1. Objects carrying a discriminator (`type`, `viewType`, `view_type`, `sectionComponentType`, any
///    key ending in `type` or `kind`, or the keys the config names) whose value is a kind the client
///    renders (in this rendering or the golden; compared lowercased, letters and digits only, and a
///    kind may be the value's prefix or suffix) mark their place as a *component slot*
///    (`$.views[*]`, path indices wildcarded). Objects elsewhere (actions, analytics, unknown extra
///    fields) are not components and are never counted.
/// 2. Every object in a component slot — with its discriminator, a renamed one or none — must be
///    accounted for: by a placeholder at its path, by a rendered component of its kind (`PLUS_TITLE`
///    is `plusTitle`; exact matches first), by a placeholder without a path, or (when it has no
///    discriminator) by a rendered component left over.
/// 3. What is left is not shown; its descendants are not reported again.
public struct ComponentAccounting: Sendable {
    /// Discriminator keys named in the config; empty: the built-in rule.
    public var discriminators: [String]

    public init(discriminators: [String] = []) { self.discriminators = discriminators }

    /// Keys used as discriminators when the config names none.
    public static let knownDiscriminators: Set<String> = ["type", "viewType", "view_type", "sectionComponentType",
                                                          "_beagleComponent_", "kind", "component", "__typename"]

    public func isDiscriminator(_ key: String) -> Bool {
        if !discriminators.isEmpty { return discriminators.contains(key) }
        if Self.knownDiscriminators.contains(key) { return true }
        let lower = key.lowercased()
        return lower.hasSuffix("type") || lower.hasSuffix("kind")
    }

    /// Whether a rendered kind names a discriminator value: equal once normalized, or one the
    /// other's prefix or suffix (at least 4 characters: `banner` for `BannerViewType`, `title` for `TITLE_V2`).
    static func kind(_ kind: String, names value: String) -> Bool {
        if kind == value { return true }
        guard min(kind.count, value.count) >= 4 else { return false }
        return value.hasPrefix(kind) || value.hasSuffix(kind) || kind.hasPrefix(value) || kind.hasSuffix(value)
    }

    static func normalized(_ kind: String) -> String {
        String(kind.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    struct Object {
        var path: String
        var slot: String
        var key: String?
        var value: String?
        /// Index of the nearest enclosing object in the list, if any.
        var parent: Int?
    }

    /// What a rendering shows, counted: the normalized kinds it names, how many of each, and its
    /// placeholders (by payload path, and those without one).
    struct RenderedTally {
        var kinds = Set<String>()
        var counts: [String: Int] = [:]
        var placeholderPaths = Set<String>()
        var pathlessPlaceholders = 0

        /// - Parameter unknown: normalized kinds the client does not decode: a component of such a
        ///   kind marks where components sit, and shows none of them.
        init(_ components: [RenderedComponent], unknown: Set<String> = []) {
            var stack = components[...].reversed().map { $0 }
            while let c = stack.popLast() {
                if let placeholder = c.placeholder {
                    if let path = placeholder.path { placeholderPaths.insert(path) } else { pathlessPlaceholders += 1 }
                } else {
                    let k = ComponentAccounting.normalized(c.kind)
                    kinds.insert(k)
                    if !unknown.contains(k) { counts[k, default: 0] += 1 }
                }
                stack.append(contentsOf: c.children.reversed())
            }
        }
    }

    /// The components of `payload` that `rendering` does not account for.
    /// - Parameters:
    ///   - golden: the golden rendering, whose kinds also mark component slots (so a
    ///     discriminator renamed in every component is still found).
    ///   - unknownKinds: discriminator values the client does not decode (``KindProbe``): an object
    ///     of such a kind is not shown, whatever the rendering keeps for it.
    public func notShown(payload: JSONValue, rendering: Rendering, golden: Rendering? = nil,
                         unknownKinds: Set<String> = []) -> [NotShownComponent] {
        guard !rendering.isRejected else { return [] }
        let unknown = Set(unknownKinds.map(Self.normalized))
        let rendered = RenderedTally(rendering.components, unknown: unknown)
        let usableGolden = golden.flatMap { $0.isRejected ? nil : $0 }
        let goldenTally = usableGolden.map { RenderedTally($0.components) }
        // The golden's kinds mark slots too; its counts and placeholders are not this rendering's.
        let kinds = rendered.kinds.union(goldenTally?.kinds ?? [])
        let objects = Self.objects(of: payload, isDiscriminator: isDiscriminator)
        var (slotKeys, goldenSlots) = Self.componentSlots(objects, kinds: kinds, golden: usableGolden)
        if slotKeys.isEmpty, let goldenCounts = goldenTally?.counts,
           let renamed = Self.renamedSlot(objects, rendered: rendered.counts, golden: goldenCounts) {
            slotKeys[renamed.slot] = renamed.key
            goldenSlots.insert(renamed.slot)
        }
        guard !slotKeys.isEmpty else { return [] }
        var resolution = SlotResolution(objects: objects, slotKeys: slotKeys, pool: rendered.counts, unknown: unknown)
        var result = resolution.resolve(placeholderPaths: rendered.placeholderPaths, pathlessPlaceholders: rendered.pathlessPlaceholders)
        // A slot where nothing at all is shown is either one the client no longer reads (a renamed
        // discriminator, components moved) or an extra array the client never read (`"related":
        // [{"type": "product"}]` beside the real products). Against a golden they differ: only in
        // the first did the client's count of those kinds fall.
        if let goldenCounts = goldenTally?.counts {
            let slotsShowingSomething = resolution.slotsShowingSomething
            let fell = Set(goldenCounts.filter { rendered.counts[$0.key, default: 0] < $0.value }.map(\.key))
            result.removeAll { item in
                let slot = NotShownComponent.slot(of: item.path)
                guard !slotsShowingSomething.contains(slot), !goldenSlots.contains(slot) else { return false }
                guard let value = item.value.map(Self.normalized) else { return fell.isEmpty }
                return !fell.contains { $0 == value || Self.kind($0, names: value) }
            }
        }
        return result
    }

    /// Every object of the payload, in document order, with its discriminator.
    static func objects(of payload: JSONValue, isDiscriminator: (String) -> Bool) -> [Object] {
        var objects: [Object] = []
        var work: [(JSONValue, String, Int?)] = [(payload, "$", nil)]
        while let (value, path, parent) = work.popLast() {
            switch value {
            case .object(let members):
                var key: String?, kindValue: String?
                for m in members where isDiscriminator(m.key) {
                    if case .string(let s) = m.value { key = m.key; kindValue = s; break }
                    if key == nil { key = m.key }
                }
                objects.append(Object(path: path, slot: NotShownComponent.slot(of: path), key: key, value: kindValue, parent: parent))
                let me = objects.count - 1
                for m in members.reversed() { work.append((m.value, JSONPath.appending(key: m.key, to: path), me)) }
            case .array(let elements):
                for (i, e) in elements.enumerated().reversed() { work.append((e, "\(path)[\(i)]", parent)) }
            default:
                break
            }
        }
        return objects
    }

    /// Component slots: where objects of a rendered kind sit, and the discriminator they use there;
    /// and the slots where the golden already counted a component not shown (they hold components
    /// too, even when no object there is of a kind this rendering shows: every one renamed, say).
    static func componentSlots(_ objects: [Object], kinds: Set<String>, golden: Rendering?) -> (keys: [String: String], goldenSlots: Set<String>) {
        var slotKeys: [String: String] = [:]
        for o in objects where slotKeys[o.slot] == nil {
            guard let key = o.key, let v = o.value.map(Self.normalized) else { continue }
            if kinds.contains(v) || kinds.contains(where: { Self.kind($0, names: v) }) { slotKeys[o.slot] = key }
        }
        var goldenSlots = Set<String>()
        for item in golden?.notShown ?? [] {
            goldenSlots.insert(item.slot)
            if slotKeys[item.slot] == nil, objects.contains(where: { $0.slot == item.slot && $0.key == item.key }) {
                slotKeys[item.slot] = item.key
            }
        }
        return (slotKeys, goldenSlots)
    }

    /// Nothing in the payload is of a kind shown now or before, yet the client shows fewer of the
    /// golden's kinds than it did: every component it showed was renamed (a one-component screen
    /// whose type changed). The array of discriminated objects is where they were.
    static func renamedSlot(_ objects: [Object], rendered: [String: Int], golden: [String: Int]) -> (slot: String, key: String)? {
        guard golden.contains(where: { rendered[$0.key, default: 0] < $0.value }) else { return nil }
        var candidates: [String: (key: String, count: Int)] = [:]
        for o in objects where o.slot.hasSuffix("[*]") {
            guard let key = o.key, o.value != nil else { continue }
            candidates[o.slot] = (key, (candidates[o.slot]?.count ?? 0) + 1)
        }
        guard let best = candidates.sorted(by: { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }).first else { return nil }
        return (best.key, best.value.key)
    }
}

/// Which of the payload's objects in component slots the rendering shows, covers with a
/// placeholder, or does not show. Placeholders at known paths first, then rendered kinds. Slots are
/// visited by how much of the rendering they can explain (then by path), objects within a slot in
/// array order: never in the order of an object's keys, which means nothing in JSON (an extra
/// `related` array written before `contents` must not take the components `contents` shows).
struct SlotResolution {
    enum State { case unresolved, shown, covered, notShown }
    let objects: [ComponentAccounting.Object]
    let slotKeys: [String: String]
    /// The rendering's kinds not yet matched to an object.
    var pool: [String: Int]
    var state: [State]
    /// Normalized kinds the client does not decode: objects of these are never shown by a rendered kind.
    let unknown: Set<String>

    init(objects: [ComponentAccounting.Object], slotKeys: [String: String], pool: [String: Int], unknown: Set<String> = []) {
        self.objects = objects
        self.slotKeys = slotKeys
        self.pool = pool
        self.unknown = unknown
        self.state = [State](repeating: .unresolved, count: objects.count)
    }

    /// Inside something covered by a placeholder or not shown.
    func hidden(_ i: Int) -> Bool {
        var p = objects[i].parent
        while let q = p {
            if state[q] == .covered || state[q] == .notShown { return true }
            p = objects[q].parent
        }
        return false
    }

    func inSlot(_ i: Int) -> Bool { slotKeys[objects[i].slot] != nil }

    var slotsShowingSomething: Set<String> {
        Set(objects.indices.filter { state[$0] == .shown || state[$0] == .covered }.map { objects[$0].slot })
    }

    /// The objects the rendering does not account for, once every object is resolved.
    mutating func resolve(placeholderPaths: Set<String>, pathlessPlaceholders: Int) -> [NotShownComponent] {
        for i in objects.indices where placeholderPaths.contains(objects[i].path) { state[i] = .covered }
        matchRenderedKinds()
        var leftover = pool.values.reduce(0, +)
        var pathless = pathlessPlaceholders
        var result: [NotShownComponent] = []
        for i in objects.indices where state[i] == .unresolved && inSlot(i) && !hidden(i) {
            if pathless > 0 {
                pathless -= 1
                state[i] = .covered
            } else if objects[i].value == nil, leftover > 0 {
                leftover -= 1
                state[i] = .shown
            } else {
                state[i] = .notShown
                result.append(NotShownComponent(path: objects[i].path, key: objects[i].key ?? slotKeys[objects[i].slot]!, value: objects[i].value))
            }
        }
        return result
    }

    /// Marks as shown the objects whose kind the rendering names (exact names first, then kinds
    /// that name each other), slot by slot in the order explained above.
    private mutating func matchRenderedKinds() {
        let order = visitOrder()
        for exact in [true, false] {
            for i in order where state[i] == .unresolved && inSlot(i) && !hidden(i) {
                guard let v = objects[i].value.map(ComponentAccounting.normalized), !unknown.contains(v) else { continue }
                let match = exact ? (pool[v, default: 0] > 0 ? v : nil)
                                  : pool.first(where: { $0.value > 0 && ComponentAccounting.kind($0.key, names: v) })?.key
                if let k = match {
                    pool[k]! -= 1
                    state[i] = .shown
                }
            }
        }
    }

    /// Objects by their slot's rank, then in document order. A slot ranks by how many of its
    /// objects the rendering could show if it went first, then by how much of the slot that is (the
    /// real array, not an extra one beside it), then by path.
    private func visitOrder() -> [Int] {
        var members: [String: [Int]] = [:]
        for i in objects.indices where state[i] == .unresolved && inSlot(i) { members[objects[i].slot, default: []].append(i) }
        func explained(_ slot: String) -> (count: Int, share: Double) {
            var left = pool, count = 0
            var values = (members[slot] ?? []).map { objects[$0].value.map(ComponentAccounting.normalized) }
            for exact in [true, false] {
                for (n, value) in values.enumerated() {
                    guard let v = value else { continue }
                    let match = exact ? (left[v, default: 0] > 0 ? v : nil) : left.first(where: { $0.value > 0 && ComponentAccounting.kind($0.key, names: v) })?.key
                    if let k = match { left[k]! -= 1; count += 1; values[n] = nil }
                }
            }
            return (count, Double(count) / Double(max(1, members[slot]?.count ?? 0)))
        }
        let scores = Dictionary(uniqueKeysWithValues: slotKeys.keys.map { ($0, explained($0)) })
        let slotOrder = Dictionary(uniqueKeysWithValues: slotKeys.keys.sorted {
            let a = scores[$0]!, b = scores[$1]!
            return a.count != b.count ? a.count > b.count : a.share != b.share ? a.share > b.share : $0 < $1
        }.enumerated().map { ($1, $0) })
        return objects.indices.sorted { (slotOrder[objects[$0].slot] ?? .max, $0) < (slotOrder[objects[$1].slot] ?? .max, $1) }
    }
}
