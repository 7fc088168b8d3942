import SDUIPlugIn

// What the user stops seeing though the server still sends it. Decoders fail softly in many ways
// (a kind kept as an item with no payload, a registry's visible fallback, a wrapper that swallows
// an item's decode error, a renamed key leaving an optional sibling empty), and each leaves the
// same trace: a text the golden showed is still in the response and no longer on the screen. A
// content edit changes the text in the response; a breakage leaves it there.

extension RenderingComparison {
    /// `content-not-shown` findings, and which components they are about.
    struct LostContent {
        var findings: [Finding] = []
        /// Golden components no longer rendered whose content the response still sends: not removed.
        var removedPaths = Set<String>()
        /// Current components that show less of what is still sent.
        var ownersNow = Set<String>()
    }

    /// Each value the golden showed is counted where it was shown, where it is shown now and in the
    /// response: what is still sent beyond what is still shown is lost, and charged to the golden's
    /// components (document order) whose counterpart no longer shows it.
    func lostContent(old: [Node], new: [Node], golden: Rendering, current: Rendering, pathMap: [String: String],
                     sent: SentContent) -> LostContent {
        var missing = Self.missingValues(old: old, new: new, golden: golden, current: current, sent: sent)
        guard !missing.isEmpty else { return LostContent() }
        var currentByPath: [String: Node] = [:]
        new.forEachNode { currentByPath[$0.path] = $0 }
        var lost = LostContent()
        old.forEachNode { node in
            let counterpart = pathMap[node.path].flatMap { currentByPath[$0] }
            let stillShown = Set(counterpart?.component.attributes.compactMap(\.sentContent) ?? [])
            var values: [String] = []
            for v in node.component.attributes.compactMap(\.sentContent) where !stillShown.contains(v) {
                guard let m = missing[v], m > 0 else { continue }
                missing[v] = m - 1
                values.append(v)
            }
            guard !values.isEmpty else { return }
            let what = Self.describe(values, sent: sent)
            if let counterpart {
                lost.findings.append(finding(.contentNotShown, counterpart.path,
                                             "\(describe(node)) no longer shows what the response still sends: \(what)", node.line, counterpart.line))
                lost.ownersNow.insert(counterpart.path)
            } else {
                lost.findings.append(finding(.contentNotShown, node.path,
                                             "\(describe(node)) is no longer shown, though the response still sends it: \(what)", node.line, nil))
                lost.removedPaths.insert(node.path)
            }
        }
        let header = golden.attributes.compactMap(\.sentContent).filter { v in
            guard let m = missing[v], m > 0 else { return false }
            missing[v] = m - 1
            return true
        }
        if !header.isEmpty {
            lost.findings.append(finding(.contentNotShown, "$", "the screen no longer shows what the response still sends: \(Self.describe(header, sent: sent))",
                                         Self.headerLine(golden), Self.headerLine(current)))
        }
        return lost
    }

    /// Value → how many of the golden's showings of it the response still sends and the current
    /// rendering does not show (only values with at least one).
    static func missingValues(old: [Node], new: [Node], golden: Rendering, current: Rendering, sent: SentContent) -> [String: Int] {
        var before: [String: Int] = [:], now: [String: Int] = [:]
        for v in golden.attributes.compactMap(\.sentContent) { before[v, default: 0] += 1 }
        for v in current.attributes.compactMap(\.sentContent) { now[v, default: 0] += 1 }
        old.forEachNode { for v in $0.component.attributes.compactMap(\.sentContent) { before[v, default: 0] += 1 } }
        new.forEachNode { for v in $0.component.attributes.compactMap(\.sentContent) { now[v, default: 0] += 1 } }
        var missing: [String: Int] = [:]
        for (v, n) in before {
            let m = min(n, sent.count(of: v)) - now[v, default: 0]
            if m > 0 { missing[v] = m }
        }
        return missing
    }

    /// `"Spring sale" (sent at $.items[0].hero.title), …`: at most three.
    static func describe(_ values: [String], sent: SentContent) -> String {
        values.prefix(3).map { v in RenderedAttribute.quoted(v) + (sent.path(of: v).map { " (sent at \($0))" } ?? "") }
            .joined(separator: ", ") + (values.count > 3 ? " and \(values.count - 3) more" : "")
    }

    /// The current components that stand in for a kind the client does not decode: a kind the
    /// gate's accounting reports not shown (newly) whose name a component still shows, as its kind
    /// (an item kept with the kind's string and no payload) or in a text (a registry's fallback
    /// "Unknown component: promo"). Value → their paths.
    func standIns(_ golden: Rendering, _ current: Rendering, new: [Node]) -> [String: [String]] {
        let before = Set(golden.notShown.map(\.identity))
        let values = Set(current.notShown.filter { !before.contains($0.identity) }.compactMap(\.value))
        guard !values.isEmpty else { return [:] }
        var out: [String: [String]] = [:]
        new.forEachNode { node in
            guard !node.isPlaceholder else { return }
            let kind = ComponentAccounting.normalized(node.kind)
            for v in values where kind == ComponentAccounting.normalized(v)
                || (v.count >= 3 && node.component.attributes.contains { $0.value.contains(v) }) {
                out[v, default: []].append(node.path)
            }
        }
        return out
    }
}

extension [Node] {
    /// Every node, depth first, in document order.
    func forEachNode(_ body: (Node) -> Void) {
        for node in self {
            body(node)
            node.children.forEachNode(body)
        }
    }
}

extension RenderingComparison {
    /// Whether a component that showed content in `golden` is still there in `current` and shows
    /// none of it: what a decoder that fails softly does with a key it needs (an optional sibling
    /// left `nil`, a registry's default for a missing value). Removing that key breaks the
    /// component as surely as rejecting the response, so requirements count it as not shown.
    public func emptiesAComponent(golden: Rendering, current: Rendering) -> Bool {
        guard !golden.isRejected, !current.isRejected else { return false }
        let old = Node.tree(golden.components, layout: layout, prefix: layout.root)
        let new = Node.tree(current.components, layout: layout, prefix: layout.root)
        var state = AlignmentState()
        align(old, new, into: &state)
        var currentByPath: [String: Node] = [:]
        new.forEachNode { currentByPath[$0.path] = $0 }
        var emptied = false
        old.forEachNode { node in
            guard !emptied, node.component.attributes.contains(where: { $0.sentContent != nil }),
                  let now = state.pathMap[node.path].flatMap({ currentByPath[$0] }), !now.isPlaceholder else { return }
            // Anything it still shows (a value that no longer reads as a link is still shown) keeps it.
            emptied = !now.component.attributes.contains { $0.role != .style && !$0.value.isEmpty } && now.children.isEmpty
        }
        return emptied
    }
}
