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

    /// The components of `payload` that `rendering` does not account for.
    /// - Parameter golden: the golden rendering, whose kinds also mark component slots (so a
    ///   discriminator renamed in every component is still found).
    public func notShown(payload: JSONValue, rendering: Rendering, golden: Rendering? = nil) -> [NotShownComponent] {
        guard !rendering.isRejected else { return [] }
        var kinds = Set<String>()
        var pool: [String: Int] = [:]
        var placeholderPaths = Set<String>()
        var pathlessPlaceholders = 0
        func visit(_ components: [RenderedComponent], counting: Bool) {
            var stack = components[...].reversed().map { $0 }
            while let c = stack.popLast() {
                if let placeholder = c.placeholder {
                    if counting {
                        if let path = placeholder.path { placeholderPaths.insert(path) } else { pathlessPlaceholders += 1 }
                    }
                } else {
                    let k = Self.normalized(c.kind)
                    kinds.insert(k)
                    if counting { pool[k, default: 0] += 1 }
                }
                stack.append(contentsOf: c.children.reversed())
            }
        }
        visit(rendering.components, counting: true)
        let renderedCounts = pool
        var goldenCounts: [String: Int]?
        if let golden, !golden.isRejected {
            let before = (pool, placeholderPaths, pathlessPlaceholders)
            pool = [:]
            visit(golden.components, counting: true)
            goldenCounts = pool
            (pool, placeholderPaths, pathlessPlaceholders) = before
        }

        // Every object of the payload, in document order, with its discriminator.
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
        // Component slots: where objects of a rendered kind sit, and the discriminator they use there.
        var slotKeys: [String: String] = [:]
        for o in objects where slotKeys[o.slot] == nil {
            guard let key = o.key, let v = o.value.map(Self.normalized) else { continue }
            if kinds.contains(v) || kinds.contains(where: { Self.kind($0, names: v) }) { slotKeys[o.slot] = key }
        }
        // Slots where the golden already counted a component not shown hold components too, even
        // when no object there is of a kind this rendering shows (every one renamed, say).
        var goldenSlots = Set<String>()
        if let golden, !golden.isRejected {
            for item in golden.notShown {
                goldenSlots.insert(item.slot)
                if slotKeys[item.slot] == nil, objects.contains(where: { $0.slot == item.slot && $0.key == item.key }) {
                    slotKeys[item.slot] = item.key
                }
            }
        }
        // Nothing in the payload is of a kind shown now or before, yet the client shows fewer of
        // the golden's kinds than it did: every component it showed was renamed (a one-component
        // screen whose type changed). The array of discriminated objects is where they were.
        if slotKeys.isEmpty, let goldenCounts, goldenCounts.contains(where: { renderedCounts[$0.key, default: 0] < $0.value }) {
            var candidates: [String: (key: String, count: Int)] = [:]
            for o in objects where o.slot.hasSuffix("[*]") {
                guard let key = o.key, o.value != nil else { continue }
                candidates[o.slot] = (key, (candidates[o.slot]?.count ?? 0) + 1)
            }
            if let best = candidates.sorted(by: { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }).first {
                slotKeys[best.key] = best.value.key
                goldenSlots.insert(best.key)
            }
        }
        guard !slotKeys.isEmpty else { return [] }

        enum State { case unresolved, shown, covered, notShown }
        var state = [State](repeating: .unresolved, count: objects.count)
        func hidden(_ i: Int) -> Bool {  // inside something covered by a placeholder or not shown
            var p = objects[i].parent
            while let q = p {
                if state[q] == .covered || state[q] == .notShown { return true }
                p = objects[q].parent
            }
            return false
        }
        // Placeholders at known paths, then rendered kinds. Slots are visited by how much of the
        // rendering they can explain (then by path), objects within a slot in array order: never
        // in the order of an object's keys, which means nothing in JSON (an extra `related` array
        // written before `contents` must not take the components `contents` shows).
        for i in objects.indices where placeholderPaths.contains(objects[i].path) { state[i] = .covered }
        // How many of a slot's objects the rendering could show if the slot went first, and how
        // much of the slot that is: the slot that explains more goes first, then the one it
        // explains entirely (the real array, not an extra one beside it), then the path.
        var members: [String: [Int]] = [:]
        for i in objects.indices where state[i] == .unresolved && slotKeys[objects[i].slot] != nil { members[objects[i].slot, default: []].append(i) }
        func explained(_ slot: String) -> (count: Int, share: Double) {
            var left = pool, count = 0
            var values = (members[slot] ?? []).map { objects[$0].value.map(Self.normalized) }
            for exact in [true, false] {
                for (n, value) in values.enumerated() {
                    guard let v = value else { continue }
                    let match = exact ? (left[v, default: 0] > 0 ? v : nil) : left.first(where: { $0.value > 0 && Self.kind($0.key, names: v) })?.key
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
        let visitOrder = objects.indices.sorted { (slotOrder[objects[$0].slot] ?? .max, $0) < (slotOrder[objects[$1].slot] ?? .max, $1) }
        for exact in [true, false] {
            for i in visitOrder where state[i] == .unresolved && slotKeys[objects[i].slot] != nil && !hidden(i) {
                guard let v = objects[i].value.map(Self.normalized) else { continue }
                let match = exact ? (pool[v, default: 0] > 0 ? v : nil)
                                  : pool.first(where: { $0.value > 0 && Self.kind($0.key, names: v) })?.key
                if let k = match {
                    pool[k]! -= 1
                    state[i] = .shown
                }
            }
        }
        var leftover = pool.values.reduce(0, +)
        var result: [NotShownComponent] = []
        for i in objects.indices where state[i] == .unresolved && slotKeys[objects[i].slot] != nil && !hidden(i) {
            if pathlessPlaceholders > 0 {
                pathlessPlaceholders -= 1
                state[i] = .covered
            } else if objects[i].value == nil, leftover > 0 {
                leftover -= 1
                state[i] = .shown
            } else {
                state[i] = .notShown
                result.append(NotShownComponent(path: objects[i].path, key: objects[i].key ?? slotKeys[objects[i].slot]!,
                                                value: objects[i].value))
            }
        }
        // A slot where nothing at all is shown is either one the client no longer reads (a renamed
        // discriminator, components moved) or an extra array the client never read (`"related":
        // [{"type": "product"}]` beside the real products). Against a golden they differ: only in
        // the first did the client's count of those kinds fall.
        if let goldenCounts {
            let slotsShowingSomething = Set(objects.indices.filter { state[$0] == .shown || state[$0] == .covered }.map { objects[$0].slot })
            let fell = Set(goldenCounts.filter { renderedCounts[$0.key, default: 0] < $0.value }.map(\.key))
            result.removeAll { item in
                let slot = NotShownComponent.slot(of: item.path)
                guard !slotsShowingSomething.contains(slot), !goldenSlots.contains(slot) else { return false }
                guard let value = item.value.map(Self.normalized) else { return fell.isEmpty }
                return !fell.contains { $0 == value || Self.kind($0, names: value) }
            }
        }
        return result
    }
}
