import SDUIScreen

/// Compares a golden rendering with the current one and classifies every difference.
///
/// Components are aligned level by level (longest common subsequence on what each shows, then
/// moves, then pairing what is left by id, kind and position), so an inserted component is one
/// `component-added` and not a cascade of changes. Warnings are compared after translating the
/// golden's paths through that alignment, so inserting a component never looks like a new warning.
/// Breaking findings come from new warnings (their code says which rule); a changed finding at a
/// component that also has a breaking one is dropped, because the breaking one explains it.
public struct RenderingComparison {
    public let contract: String

    public init(contract: String) { self.contract = contract }

    /// - Parameter warningCodes: the decoder's code for each current warning line (`PATH: message`).
    public func compare(golden: RenderedScreen, current: RenderedScreen,
                        warningCodes: [String: DecodeWarning.Code]) -> [Finding] {
        switch (golden.isRejected, current.isRejected) {
        case (true, true):
            return golden.header == current.header ? [] : [finding(.rejectionChanged, "$", "the response is rejected differently",
                                                                   golden.header, current.header)]
        case (true, false):
            return [finding(.rejectionChanged, "$", "the golden records a rejection; the response now decodes",
                            golden.header, current.header)]
        case (false, true):
            return [finding(.responseRejected, "$", "the response is now rejected", golden.header, current.header)]
        case (false, false):
            break
        }
        var state = AlignmentState()
        compareHeaders(golden.header, current.header, into: &state)
        align(golden.nodes, current.nodes, into: &state)

        // Warnings, with the golden's paths moved to where their components are now.
        var remaining: [String: Int] = [:]
        for w in golden.warnings {
            remaining[translate(w.path, state.pathMap, golden.nodes) + ": " + w.message, default: 0] += 1
        }
        var reverse: [String: String] = [:]
        for (from, to) in state.pathMap { reverse[to] = from }
        var breaking: [Finding] = []
        for w in current.warnings {
            let key = w.line
            if let n = remaining[key], n > 0 {
                remaining[key] = n - 1
                continue
            }
            let rule = Self.rule(for: warningCodes[key])
            // The component it is about, before and now, when there is one.
            let ownerPath = owner(of: w.path, in: current.nodes)
            let now = ownerPath.flatMap { current.nodes.node(atPath: $0) }?.line
            let before = ownerPath.flatMap { p in reverse[p] }.flatMap { golden.nodes.node(atPath: $0) }?.line
            breaking.append(finding(rule, w.path, w.message, before, now ?? w.line))
        }
        var changed = state.findings
        for w in golden.warnings {
            let key = translate(w.path, state.pathMap, golden.nodes) + ": " + w.message
            if let n = remaining[key], n > 0 {
                remaining[key] = n - 1
                changed.append(finding(.warningResolved, w.path, "warning no longer occurs: \(w.message)", w.line, nil))
            }
        }
        // A changed finding on a component that now has a breaking one is explained by it.
        let brokenOwners = Set(breaking.compactMap { owner(of: $0.path ?? "", in: current.nodes) })
        changed.removeAll { f in f.rule.severity == .changed && f.rule != .warningResolved && brokenOwners.contains(f.path ?? "") }
        return breaking + changed
    }

    static func rule(for code: DecodeWarning.Code?) -> ContractRule {
        switch code {
        case .unknownComponentType?: .componentUnsupported
        case .invalidComponent?: .componentInvalid
        case .invalidOptionalField?: .fieldDefault
        case .inertButton?: .buttonInert
        case .duplicateID?: .duplicateID
        case .stackTooDeep?: .stackTooDeep
        case nil: .componentInvalid
        }
    }

    // MARK: - Header

    private func compareHeaders(_ old: String, _ new: String, into state: inout AlignmentState) {
        guard old != new else { return }
        let o = RenderedNode(old).tokens, n = RenderedNode(new).tokens
        if o.first != n.first {
            state.findings.append(finding(.screenChanged, "$.screen", "screen name changed", o.first, n.first))
        }
        let oTitle = o.count > 2 ? o[2] : nil, nTitle = n.count > 2 ? n[2] : nil
        if oTitle != nTitle {
            state.findings.append(finding(.textChanged, "$.title", "screen title changed", oTitle ?? "(none)", nTitle ?? "(none)"))
        }
    }

    // MARK: - Alignment

    struct AlignmentState {
        var findings: [Finding] = []
        /// Golden component path → current component path, for every component that survived.
        var pathMap: [String: String] = [:]
    }

    private static func key(_ node: RenderedNode) -> String {
        node.kind + "#" + (node.id ?? "") + " " + node.body
    }

    private func align(_ old: [RenderedNode], _ new: [RenderedNode], into state: inout AlignmentState) {
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
        // What is left in each gap: pair by id, then by kind, then by position.
        for gap in gaps {
            var gOld = gap.old.filter(leftOld.contains), gNew = gap.new.filter(leftNew.contains)
            var pairs: [(Int, Int)] = []
            let matchers: [(RenderedNode, RenderedNode) -> Bool] = [
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
                state.findings.append(finding(.componentAdded, new[n].path, "\(describe(new[n])) added", nil, new[n].line))
            }
        }
    }

    private func matched(_ old: RenderedNode, _ new: RenderedNode, into state: inout AlignmentState) {
        state.pathMap[old.path] = new.path
        align(old.children, new.children, into: &state)
    }

    private func modified(_ old: RenderedNode, _ new: RenderedNode, into state: inout AlignmentState) {
        state.pathMap[old.path] = new.path
        defer {
            if old.kind == "stack", new.kind == "stack" { align(old.children, new.children, into: &state) }
            else { align(old.children, [], into: &state) ; align([], new.children, into: &state) }
        }
        if old.isPlaceholder || new.isPlaceholder {
            // Placeholders are judged by their warnings (new ones break, vanished ones are resolved).
            if !old.isPlaceholder {
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
        let o = classify(old), n = classify(new)
        for (rule, label) in [(ContractRule.textChanged, "text"), (.linkChanged, "link"), (.actionChanged, "action"), (.styleChanged, "style")] {
            let a = o[label] ?? [], b = n[label] ?? []
            if a != b {
                state.findings.append(finding(rule, new.path, "\(describe(new)) \(label) changed",
                                              a.joined(separator: " "), b.joined(separator: " ")))
            }
        }
    }

    /// Sorts a component's tokens into what they are: text, link, action or style.
    private func classify(_ node: RenderedNode) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var afterArrow = false
        for token in node.tokens {
            let label: String
            if token == "→" { afterArrow = true; continue }
            if afterArrow, ["navigate", "open_url", "dismiss", "inert"].contains(token) { label = "action" }
            else if token.hasPrefix("\"") || token.hasPrefix("alt=") { label = "text" }
            else if token.hasPrefix("[") || token.hasPrefix("ratio=") || token.hasPrefix("spacing=") || token.hasPrefix("height=")
                        || token == "vertical" || token == "horizontal" { label = "style" }
            else { label = "link" }
            result[label, default: []].append(token)
        }
        return result
    }

    private func describe(_ node: RenderedNode) -> String {
        node.kind + (node.id.map { "#" + $0 } ?? "")
    }

    // MARK: - Paths

    /// The component path owning `path` (the longest component path it starts with).
    private func owner(of path: String, in nodes: [RenderedNode]) -> String? {
        var best: String?
        var level = nodes
        while let next = level.first(where: { path == $0.path || path.hasPrefix($0.path + ".") || path.hasPrefix($0.path + "[") }) {
            best = next.path
            level = next.children
        }
        return best
    }

    /// A golden path rewritten into the current rendering's coordinates.
    private func translate(_ path: String, _ map: [String: String], _ nodes: [RenderedNode]) -> String {
        guard let owner = owner(of: path, in: nodes) else { return path }
        guard let moved = map[owner] else { return "(removed)" + path }
        return moved + path.dropFirst(owner.count)
    }

    private func finding(_ rule: ContractRule, _ path: String?, _ message: String, _ old: String?, _ new: String?) -> Finding {
        Finding(rule: rule, contract: contract, path: path, message: message, old: old, new: new)
    }
}

extension [RenderedNode] {
    /// The node whose JSON path is `path`.
    func node(atPath path: String) -> RenderedNode? {
        var level = self
        while let next = level.first(where: { path == $0.path || path.hasPrefix($0.path + ".") }) {
            if next.path == path { return next }
            level = next.children
        }
        return nil
    }
}

extension RenderedNode {
    var isPlaceholder: Bool { kind == "unsupported" || kind == "invalid" }
}
