import SDUIPlugIn

/// Compares a golden rendering with the current one and classifies every difference.
///
/// It works on ``Rendering`` alone, whatever decoder produced it. Components are aligned level by
/// level (longest common subsequence on what each shows, then moves, then pairing what is left by
/// id, kind and position), so an inserted component is one `component-added` and not a cascade of
/// changes. Warnings are compared after translating the golden's paths through that alignment, so
/// inserting a component never looks like a new warning. Breaking findings come from new warnings
/// (their code says which rule), new placeholders, and components the payload sends that the
/// client no longer shows; a changed finding at a component that also has a breaking one is
/// dropped, because the breaking one explains it.
public struct RenderingComparison {
    public let contract: String
    /// How positions in the rendering map to JSON paths (to place warnings on components).
    public var layout: ComponentLayout

    public init(contract: String, layout: ComponentLayout = .protocolV1) {
        self.contract = contract
        self.layout = layout
    }

    /// - Parameter sent: the strings the current response carries. With it, what the golden showed
    ///   that the response still sends and the rendering no longer shows is breaking
    ///   (`content-not-shown`), and a component is `component-removed` only when the response no
    ///   longer carries what it showed.
    public func compare(golden: Rendering, current: Rendering, sent: SentContent? = nil) -> [Finding] {
        if let rejections = rejectionFindings(golden, current) { return rejections }
        let old = Node.tree(golden.components, layout: layout, prefix: layout.root)
        let new = Node.tree(current.components, layout: layout, prefix: layout.root)
        var state = AlignmentState()
        compareHeaders(golden, current, into: &state)
        align(old, new, into: &state)
        // Warnings, with the golden's paths moved to where their components are now: each new one
        // that is not the golden's breaks, each of the golden's left over is resolved.
        var remaining: [String: Int] = [:]
        for w in golden.warnings {
            remaining[translate(w.path, state.pathMap, old) + ": " + w.message, default: 0] += 1
        }
        let standIns = standIns(golden, current, new: new)
        var breaking = breakingFindings(golden, current, old: old, new: new, state: state, remaining: &remaining, standIns: standIns)
        var changed = state.findings + resolvedFindings(golden, current, old: old, state: state, remaining: &remaining)
        // A changed finding on a component that now has a breaking one is explained by it; so is
        // one on a component that stands in for a kind the client does not know.
        var brokenOwners = Set(breaking.compactMap { owner(of: $0.path ?? "", in: new) }).union(standIns.values.flatMap { $0 })
        if let sent {
            let lost = lostContent(old: old, new: new, golden: golden, current: current, pathMap: state.pathMap, sent: sent)
            breaking += lost.findings
            brokenOwners.formUnion(lost.ownersNow)
            // Removed means the server removed it: one whose content is still sent is not shown.
            changed.removeAll { $0.rule == .componentRemoved && lost.removedPaths.contains($0.path ?? "") }
        }
        changed.removeAll { f in f.rule.severity == .changed && f.rule != .warningResolved && brokenOwners.contains(f.path ?? "") }
        return breaking + changed
    }

    /// When either side is a rejection, the findings (none when both are rejected alike); nil when both decode.
    func rejectionFindings(_ golden: Rendering, _ current: Rendering) -> [Finding]? {
        switch (golden.rejection, current.rejection) {
        case (let g?, let c?):
            return g == c ? [] : [finding(.rejectionChanged, "$", "the response is rejected differently", "rejected " + g, "rejected " + c)]
        case (let g?, nil):
            return [finding(.rejectionChanged, "$", "the golden records a rejection; the response now decodes",
                            "rejected " + g, Self.headerLine(current))]
        case (nil, let c?):
            return [finding(.responseRejected, "$", "the response is now rejected", Self.headerLine(golden), "rejected " + c)]
        case (nil, nil):
            return nil
        }
    }

    /// What breaks: new warnings (each on its component, before and now), placeholders the decoder
    /// did not explain with a warning, and components the payload sends that the client shows nothing for.
    func breakingFindings(_ golden: Rendering, _ current: Rendering, old: [Node], new: [Node], state: AlignmentState,
                          remaining: inout [String: Int], standIns: [String: [String]] = [:]) -> [Finding] {
        var reverse: [String: String] = [:]
        for (from, to) in state.pathMap { reverse[to] = from }
        var breaking: [Finding] = []
        for w in current.warnings {
            let key = w.line
            if let n = remaining[key], n > 0 {
                remaining[key] = n - 1
                continue
            }
            let ownerPath = owner(of: w.path, in: new)
            let now = ownerPath.flatMap { new.node(atPath: $0) }?.line
            let before = ownerPath.flatMap { p in reverse[p] }.flatMap { old.node(atPath: $0) }?.line
            breaking.append(finding(Self.rule(for: w.code), w.path, w.message, before, now ?? w.line))
        }
        let explained = Set(breaking.compactMap { owner(of: $0.path ?? "", in: new) })
        for (path, line, kind) in state.newPlaceholders where !explained.contains(path) {
            breaking.append(finding(kind == .unsupported ? .componentUnsupported : .componentInvalid, path,
                                    "now shown as a placeholder: \(line)", reverse[path].flatMap { old.node(atPath: $0) }?.line, line))
        }
        let shownBefore = Set(golden.notShown.map(\.identity))
        for n in current.notShown where !shownBefore.contains(n.identity) {
            var what = n.value.map { "\(n.key) \(RenderedAttribute.quoted($0)) is sent but neither rendered nor shown as a placeholder" }
                ?? "a component without its \(n.key) is sent and not shown"
            if let value = n.value, let standIn = standIns[value]?.first {
                what = "\(n.key) \(RenderedAttribute.quoted(value)) is a kind this client does not decode: it shows nothing of the component "
                    + "(what stands in for it, \(new.node(atPath: standIn)?.line ?? standIn), renders as any unknown kind does)"
            }
            breaking.append(finding(.componentNotShown, n.path, what, nil, n.line))
        }
        return breaking
    }

    /// What got better: the golden's warnings that no longer occur, and components it recorded as
    /// not shown that are gone or shown now.
    func resolvedFindings(_ golden: Rendering, _ current: Rendering, old: [Node], state: AlignmentState,
                          remaining: inout [String: Int]) -> [Finding] {
        var resolved: [Finding] = []
        for w in golden.warnings {
            let key = translate(w.path, state.pathMap, old) + ": " + w.message
            if let n = remaining[key], n > 0 {
                remaining[key] = n - 1
                resolved.append(finding(.warningResolved, w.path, "warning no longer occurs: \(w.message)", w.line, nil))
            }
        }
        let shownNow = Set(current.notShown.map(\.identity))
        for n in golden.notShown where !shownNow.contains(n.identity) {
            resolved.append(finding(.warningResolved, n.path, "a component the golden records as not shown is gone or shown: \(n.line)", n.line, nil))
        }
        return resolved
    }

    static func headerLine(_ r: Rendering) -> String {
        r.text.prefix { $0 != "\n" }.description
    }

    /// The rule for a new warning, by the decoder's code (protocol v1's codes; any other is `warning-added`).
    static func rule(for code: String?) -> ContractRule {
        switch code {
        case "unknown_component_type"?: .componentUnsupported
        case "invalid_component"?: .componentInvalid
        case "invalid_optional_field"?: .fieldDefault
        case "inert_button"?: .buttonInert
        case "duplicate_id"?: .duplicateID
        case "stack_too_deep"?: .stackTooDeep
        default: .warningAdded
        }
    }

    // MARK: - Header

    private func compareHeaders(_ old: Rendering, _ new: Rendering, into state: inout AlignmentState) {
        if old.screen != new.screen {
            state.findings.append(finding(.screenChanged, "$", "screen name changed", old.screen, new.screen))
        }
        let o = Self.classify(old.attributes), n = Self.classify(new.attributes)
        for (rule, label) in Self.labels where o[label] != n[label] {
            state.findings.append(finding(rule, "$", "screen \(label) changed",
                                          (o[label] ?? []).joined(separator: " "), (n[label] ?? []).joined(separator: " ")))
        }
    }

    // MARK: - Alignment

    struct AlignmentState {
        var findings: [Finding] = []
        /// Golden component path → current component path, for every component that survived.
        var pathMap: [String: String] = [:]
        /// Placeholders where the golden showed a component, or that were added: path, line, kind.
        var newPlaceholders: [(String, String, Placeholder.Kind)] = []
    }

    private static func key(_ node: Node) -> String {
        node.kind + "#" + (node.id ?? "") + " " + node.body
    }

    func align(_ old: [Node], _ new: [Node], into state: inout AlignmentState) {
        let oldKeys = old.map(Self.key), newKeys = new.map(Self.key)
        let difference = newKeys.difference(from: oldKeys)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both lists: unchanged pairs anchor the gaps in between.
        var gaps: [(old: [Int], new: [Int])] = [([], [])]
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) { gaps[gaps.count - 1].old.append(i); i += 1; continue }
            if j < new.count, inserted.contains(j) { gaps[gaps.count - 1].new.append(j); j += 1; continue }
            guard i < old.count, j < new.count else { break }
            matched(old[i], new[j], into: &state)
            gaps.append(([], []))
            i += 1
            j += 1
        }
        // Moves: the same component removed in one place and inserted in another.
        var leftOld = gaps.flatMap(\.old), leftNew = gaps.flatMap(\.new)
        for o in leftOld {
            guard let k = leftNew.firstIndex(where: { newKeys[$0] == oldKeys[o] }) else { continue }
            let n = leftNew.remove(at: k)
            leftOld.removeAll { $0 == o }
            state.findings.append(finding(.componentMoved, new[n].path, "\(describe(new[n])) moved from \(old[o].path)",
                                          old[o].path, new[n].path))
            matched(old[o], new[n], into: &state)
        }
        for gap in gaps {
            resolveGap(old: gap.old.filter(leftOld.contains), new: gap.new.filter(leftNew.contains), old, new, into: &state)
        }
    }

    /// What is left in a gap between anchors: pairs by id, then by kind, then a placeholder for
    /// anything, then by position (replaced); the rest removed or added.
    private func resolveGap(old gOld: [Int], new gNew: [Int], _ old: [Node], _ new: [Node], into state: inout AlignmentState) {
        var gOld = gOld, gNew = gNew
        var pairs: [(Int, Int)] = []
        let matchers: [(Node, Node) -> Bool] = [
            { $0.id != nil && $0.id == $1.id },
            { $0.kind == $1.kind },
            { a, b in a.isPlaceholder || b.isPlaceholder },
            // Something else in the same place: replaced.
            { _, _ in true },
        ]
        for sameEnough in matchers {
            for o in gOld {
                guard let k = gNew.firstIndex(where: { sameEnough(old[o], new[$0]) }) else { continue }
                pairs.append((o, gNew.remove(at: k)))
                gOld.removeAll { $0 == o }
            }
        }
        for (o, n) in pairs.sorted(by: { $0.1 < $1.1 }) { modified(old[o], new[n], into: &state) }
        for o in gOld {
            state.findings.append(finding(.componentRemoved, old[o].path, "\(describe(old[o])) removed", old[o].line, nil))
        }
        for n in gNew {
            if let placeholder = new[n].component.placeholder {
                state.newPlaceholders.append((new[n].path, new[n].line, placeholder.kind))
            }
            state.findings.append(finding(.componentAdded, new[n].path, "\(describe(new[n])) added", nil, new[n].line))
            addedSubtree(new[n].children, into: &state)
        }
    }

    /// Placeholders inside an added component are new too.
    private func addedSubtree(_ nodes: [Node], into state: inout AlignmentState) {
        for node in nodes {
            if let placeholder = node.component.placeholder { state.newPlaceholders.append((node.path, node.line, placeholder.kind)) }
            addedSubtree(node.children, into: &state)
        }
    }

    private func matched(_ old: Node, _ new: Node, into state: inout AlignmentState) {
        state.pathMap[old.path] = new.path
        align(old.children, new.children, into: &state)
    }

    private func modified(_ old: Node, _ new: Node, into state: inout AlignmentState) {
        state.pathMap[old.path] = new.path
        defer {
            if old.kind == new.kind { align(old.children, new.children, into: &state) }
            else { align(old.children, [], into: &state) ; align([], new.children, into: &state) }
        }
        if old.isPlaceholder || new.isPlaceholder {
            // Placeholders are judged by their warnings (new ones break, vanished ones are resolved);
            // a placeholder where a component was breaks even when the decoder says nothing.
            if !old.isPlaceholder, let placeholder = new.component.placeholder {
                state.newPlaceholders.append((new.path, new.line, placeholder.kind))
                state.findings.append(finding(.componentReplaced, new.path, "\(describe(old)) is now \(new.kind)", old.line, new.line))
            }
            return
        }
        guard old.kind == new.kind else {
            state.findings.append(finding(.componentReplaced, new.path, "\(describe(old)) replaced by \(describe(new))", old.line, new.line))
            return
        }
        if old.id != new.id {
            state.findings.append(finding(.idChanged, new.path, "\(new.kind) id changed", old.id ?? "(none)", new.id ?? "(none)"))
        }
        let o = Self.classify(old.component.attributes), n = Self.classify(new.component.attributes)
        for (rule, label) in Self.labels {
            let a = o[label] ?? [], b = n[label] ?? []
            if a != b {
                state.findings.append(finding(rule, new.path, "\(describe(new)) \(label) changed",
                                              a.joined(separator: " "), b.joined(separator: " ")))
            }
        }
    }

    static let labels: [(ContractRule, String)] = [(.textChanged, "text"), (.linkChanged, "link"), (.actionChanged, "action"), (.styleChanged, "style")]

    /// Sorts attributes into what they are: text, link, action or style (a value that does not
    /// read as a link is a style or layout value).
    static func classify(_ attributes: [RenderedAttribute]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for a in attributes {
            let label: String
            switch a.role {
            case .text: label = "text"
            case .style: label = "style"
            case .action: label = "action"
            case .value: label = a.isLinkLike ? "link" : "style"
            }
            result[label, default: []].append(a.text)
        }
        return result
    }

    func describe(_ node: Node) -> String {
        node.kind + (node.id.map { "#" + $0 } ?? "")
    }

    // MARK: - Paths

    /// The component path owning `path` (the longest component path it starts with).
    func owner(of path: String, in nodes: [Node]) -> String? {
        var best: String?
        var level = nodes
        while let next = level.first(where: { path == $0.path || path.hasPrefix($0.path + ".") || path.hasPrefix($0.path + "[") }) {
            best = next.path
            level = next.children
        }
        return best
    }

    /// A golden path rewritten into the current rendering's coordinates.
    private func translate(_ path: String, _ map: [String: String], _ nodes: [Node]) -> String {
        guard let owner = owner(of: path, in: nodes) else { return path }
        guard let moved = map[owner] else { return "(removed)" + path }
        return moved + path.dropFirst(owner.count)
    }

    func finding(_ rule: ContractRule, _ path: String?, _ message: String, _ old: String?, _ new: String?) -> Finding {
        Finding(rule: rule, contract: contract, path: path, message: message, old: old, new: new)
    }
}

/// Where a rendering's components sit in the payload, to put warnings (JSON paths) on components:
/// the top level at `root[i]`, children at `parent + childKey[j]`.
public struct ComponentLayout: Sendable, Hashable {
    public var root: String
    public var children: String
    public init(root: String, children: String) {
        self.root = root
        self.children = children
    }
    /// Protocol v1: `$.components[i]`, `….data.children[j]`.
    public static let protocolV1 = ComponentLayout(root: "$.components", children: ".data.children")
}

/// A rendered component with the JSON path its position implies.
struct Node {
    var component: RenderedComponent
    var path: String
    var line: String
    var body: String
    var children: [Node]

    var kind: String { component.kind }
    var id: String? { component.id }
    var isPlaceholder: Bool { component.isPlaceholder }

    static func tree(_ components: [RenderedComponent], layout: ComponentLayout, prefix: String) -> [Node] {
        components.enumerated().map { i, c in
            let path = "\(prefix)[\(i)]"
            return Node(component: c, path: path, line: c.line, body: c.shown,
                        children: tree(c.children, layout: layout, prefix: path + layout.children))
        }
    }
}

extension [Node] {
    /// The node whose JSON path is `path`.
    func node(atPath path: String) -> Node? {
        var level = self
        while let next = level.first(where: { path == $0.path || path.hasPrefix($0.path + ".") }) {
            if next.path == path { return next }
            level = next.children
        }
        return nil
    }
}

extension NotShownComponent {
    /// What identifies it across responses: where such components sit and what it is, not its index.
    var identity: String { slot + "\u{0}" + key + "\u{0}" + (value ?? "") }
}
