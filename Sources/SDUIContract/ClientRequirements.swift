import Foundation

/// What one app version requires from the server, built from probing its decoder on recorded
/// responses (``RequirementProbe``): per component kind, each key with the JSON types it accepts,
/// whether it is required and whether `null` is accepted; each discriminator's known values and
/// what an unknown value costs.
public struct ClientRequirements: Sendable, Codable {
    public var client: String
    /// The responses probed, and the decodes spent on them.
    public var responses: [String]
    public var decodes: Int
    public var budget: Int
    /// Responses whose budget ran out before every value was probed.
    public var truncated: [String]
    /// Responses that could not be probed, and why.
    public var errors: [String]
    public var fields: [Field]
    public var discriminators: [Discriminator]

    /// One key of a component kind (or of the envelope, with no kind).
    public struct Field: Sendable, Codable, Hashable {
        public var kind: String?
        /// The component's path and discriminator key, when the key belongs to a component.
        public var componentPath: String?
        public var discriminator: String?
        /// The key's generalized path: `$.responseData.contents[*].content.code`.
        public var path: String
        /// The JSON types the responses have there.
        public var seenTypes: [String]
        /// The JSON types the client accepts there (seen, and probed types that cost nothing breaking).
        public var acceptedTypes: [String]
        /// Removing the key costs more than a change.
        public var required: Bool
        /// What removing it costs.
        public var removalCost: ProbeCost?
        /// `null` is accepted (nil: not probed).
        public var nullable: Bool?
        /// What the edges of its type cost (`fraction: rejected`, `past-32-bits: crashed`, `emptied: not-shown`).
        public var edges: [String: ProbeCost]
        /// For strings whose unknown value breaks: the values the responses have.
        public var knownValues: [String]?
        public var unknownValueCost: ProbeCost?

        /// The key's path within its component (`.content.code`), or its whole path.
        public var relativePath: String {
            guard let componentPath, path.hasPrefix(componentPath) else { return path }
            return String(path.dropFirst(componentPath.count))
        }
    }

    /// A discriminator key, its known values (those the client renders) and what an unknown value costs.
    public struct Discriminator: Sendable, Codable, Hashable {
        public var componentPath: String
        public var key: String
        /// Values whose items the client shows (changing the value costs something).
        public var knownValues: [String]
        /// Values the responses have that the client shows nothing for already.
        public var ignoredValues: [String]
        public var unknownValueCost: ProbeCost?
    }

    /// Aggregates the observations of every response probed for one client. A key seen in several
    /// places, or responses, is as demanding as its most demanding place.
    public static func build(client: String, results: [ProbeResult]) -> ClientRequirements {
        var requirements = ClientRequirements(
            client: client, responses: results.map(\.caseID), decodes: results.reduce(0) { $0 + $1.decodes },
            budget: results.first?.budget ?? 0, truncated: results.filter(\.truncated).map(\.caseID),
            errors: results.compactMap { r in r.error.map { "\(r.caseID): \($0)" } }, fields: [], discriminators: [])
        struct Key: Hashable { var kind: String?; var path: String }
        var order: [Key] = []
        var groups: [Key: [ProbeObservation]] = [:]
        for o in results.flatMap(\.observations) {
            let key = Key(kind: o.kind, path: o.path)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(o)
        }
        var discriminators = DiscriminatorSet()
        for key in order {
            let observations = groups[key]!
            requirements.fields.append(field(path: key.path, observations))
            discriminators.add(path: key.path, observations)
        }
        // Values of components the client already shows nothing for.
        for kind in results.flatMap(\.notShown) { discriminators.addIgnored(kind) }
        requirements.discriminators = discriminators.all
        // Grouped as they are read: the envelope first, then each kind in the order it first appears.
        var kindOrder: [String?] = [nil]
        for f in requirements.fields where !kindOrder.contains(f.kind) { kindOrder.append(f.kind) }
        requirements.fields = kindOrder.flatMap { kind in requirements.fields.filter { $0.kind == kind } }
        return requirements
    }

    /// The worst cost the probes of one variant found among `observations`.
    static func worst(_ variant: ProbeObservation.Variant, _ observations: [ProbeObservation]) -> ProbeCost? {
        observations.filter { $0.variant == variant }.map(\.cost).max()
    }

    /// What one key at one path requires, from every observation of it.
    static func field(path: String, _ observations: [ProbeObservation]) -> Field {
        let first = observations[0]
        let seen = Array(Set(observations.map(\.type))).sorted()
        var accepted = Set(seen)
        // The number probe is a whole number (7): it shows `integer` is accepted; a fraction
        // is accepted when the `1.5` probe of a whole number costs nothing breaking.
        let typeVariants: [(ProbeObservation.Variant, String)] = [(.asString, "string"), (.asNumber, "integer"), (.asBool, "boolean"),
                                                                  (.asObject, "object"), (.asArray, "array")]
        for (variant, type) in typeVariants { if let cost = worst(variant, observations), cost.isTolerated { accepted.insert(type) } }
        if let fraction = worst(.fraction, observations), fraction.isTolerated { accepted.insert("number") }
        if accepted.contains("number") { accepted.remove("integer") }
        let removal = worst(.removed, observations)
        let null = worst(.null, observations)
        var edges: [String: ProbeCost] = [:]
        for variant in [ProbeObservation.Variant.wholeAsDecimal, .fraction, .past32Bits, .past64Bits, .emptied] {
            if let cost = worst(variant, observations) { edges[variant.rawValue] = cost }
        }
        var field = Field(kind: first.kind, componentPath: first.componentPath, discriminator: first.discriminator, path: path,
                          seenTypes: seen, acceptedTypes: accepted.sorted(), required: removal.map { !$0.isTolerated } ?? false,
                          removalCost: removal, nullable: null.map(\.isTolerated), edges: edges)
        if let unknown = worst(.unknownValue, observations), !unknown.isTolerated {
            field.knownValues = Array(Set(observations.compactMap(\.stringValue))).sorted()
            field.unknownValueCost = unknown
        }
        return field
    }

    /// The components' discriminators, in the order they were first met: their values are the kinds.
    struct DiscriminatorSet {
        private var byID: [String: Discriminator] = [:]
        private var order: [String] = []
        var all: [Discriminator] { order.map { byID[$0]! } }

        private mutating func entry(_ componentPath: String, _ key: String) -> String {
            let id = componentPath + " " + key
            if byID[id] == nil {
                order.append(id)
                byID[id] = Discriminator(componentPath: componentPath, key: key, knownValues: [], ignoredValues: [], unknownValueCost: nil)
            }
            return id
        }

        /// The observations of one path, when it is a component's discriminator.
        mutating func add(path: String, _ observations: [ProbeObservation]) {
            let first = observations[0]
            guard let componentPath = first.componentPath, let disc = first.discriminator,
                  path == componentPath + "." + disc || path == componentPath + "[\"\(disc)\"]" else { return }
            let id = entry(componentPath, disc)
            let probed = observations.filter { $0.variant == .unknownValue }
            // Known: values whose item an unknown value would cost, and the code's own
            // strings that the decoder treats otherwise than an unknown value.
            let known = Set(probed.filter { !$0.cost.isTolerated }.compactMap(\.stringValue))
                .union(observations.filter { $0.variant == .knownCandidate }.compactMap(\.stringValue))
            let ignored = Set(probed.filter(\.cost.isTolerated).compactMap(\.stringValue)).subtracting(known)
            var d = byID[id]!
            d.knownValues = Array(Set(d.knownValues).union(known)).sorted()
            d.ignoredValues = Array(Set(d.ignoredValues).union(ignored).subtracting(d.knownValues)).sorted()
            if let unknown = probed.filter({ !$0.cost.isTolerated }).map(\.cost).max() {
                d.unknownValueCost = max(d.unknownValueCost ?? .none, unknown)
            }
            byID[id] = d
        }

        /// A value of a component the client already shows nothing for.
        mutating func addIgnored(_ kind: ProbeResult.NotShownKind) {
            let id = entry(kind.componentPath, kind.discriminator)
            if !byID[id]!.knownValues.contains(kind.value), !byID[id]!.ignoredValues.contains(kind.value) {
                byID[id]!.ignoredValues = (byID[id]!.ignoredValues + [kind.value]).sorted()
            }
        }
    }

    /// The field for a kind and path.
    public func field(kind: String?, path: String) -> Field? {
        fields.first { $0.kind == kind && $0.path == path }
    }
}

// MARK: - The readable report and the diff between app versions

extension ClientRequirements {
    /// One line per requirement, by kind: what a backend engineer reads before changing a response.
    public var report: String {
        var out = "\(client): what this app version requires (\(responses.count) response\(responses.count == 1 ? "" : "s"), "
            + "\(decodes) decodes, budget \(budget) per response)\n"
        for t in truncated { out += "  budget ran out on \(t): some values were not probed\n" }
        for e in errors { out += "  not probed: \(e)\n" }
        for d in discriminators {
            out += "  \(d.componentPath).\(d.key): known values \(d.knownValues.map { "\"\($0)\"" }.joined(separator: ", "))"
            if !d.ignoredValues.isEmpty { out += "; shows nothing for \(d.ignoredValues.map { "\"\($0)\"" }.joined(separator: ", "))" }
            out += d.unknownValueCost.map { "; an unknown value costs \(Self.says($0))" } ?? ""
            out += "\n"
        }
        var lastKind: String?? = .none
        for f in fields where f.path != (f.componentPath.map { $0 + "." + (f.discriminator ?? "") } ?? "") {
            if lastKind != .some(f.kind) {
                out += f.kind.map { "  \($0):\n" } ?? "  the envelope:\n"
                lastKind = .some(f.kind)
            }
            out += "    \(f.kind == nil ? f.path : f.relativePath): \(f.line)\n"
        }
        return out
    }

    static func says(_ cost: ProbeCost) -> String {
        switch cost {
        case .none: "nothing"
        case .changed: "a change"
        case .breaking: "a breaking change"
        case .placeholder: "a placeholder"
        case .notShown: "the item, silently"
        case .rejected: "the whole screen"
        case .crashed: "a crash"
        }
    }
}

extension ClientRequirements.Field {
    /// `string, required (removed: the whole screen); null rejected; past-32-bits: a crash`.
    public var line: String {
        var parts = [acceptedTypes.joined(separator: "|")]
        if required, let removalCost { parts.append("required (missing: \(ClientRequirements.says(removalCost)))") } else { parts.append("optional") }
        if let nullable { parts.append(nullable ? "null accepted" : "null not accepted") }
        if let knownValues, let unknownValueCost {
            parts.append("values \(knownValues.prefix(8).map { "\"\($0)\"" }.joined(separator: ", "))\(knownValues.count > 8 ? ", …" : "")"
                         + " (another: \(ClientRequirements.says(unknownValueCost)))")
        }
        for (edge, cost) in edges.sorted(by: { $0.key < $1.key }) where !cost.isTolerated {
            parts.append("\(edge): \(ClientRequirements.says(cost))")
        }
        return parts.joined(separator: "; ")
    }
}

/// What differs between the requirements of app versions, requirement by requirement:
/// "`content.code`: string, required — ios-5.3 only".
public enum RequirementsDiff {
    public static func text(_ clients: [ClientRequirements]) -> String {
        guard clients.count > 1 else { return "" }
        struct Key: Hashable, Comparable {
            var kind: String; var path: String
            static func < (a: Key, b: Key) -> Bool { (a.kind, a.path) < (b.kind, b.path) }
        }
        var lines: [Key: [String: String]] = [:]
        for c in clients {
            for f in c.fields where !(f.discriminator.map { f.path.hasSuffix("." + $0) } ?? false) {
                lines[Key(kind: f.kind ?? "", path: f.kind == nil ? f.path : f.relativePath), default: [:]][c.client] = f.line
            }
        }
        var out = "Between \(clients.map(\.client).joined(separator: ", ")):\n"
        var differences = 0
        for key in lines.keys.sorted() {
            let byClient = lines[key]!
            let distinct = Set(clients.map { byClient[$0.client] ?? "—" })
            guard distinct.count > 1 else { continue }
            differences += 1
            out += "  \(key.kind.isEmpty ? "" : key.kind + " ")\(key.path):\n"
            for c in clients { out += "    \(c.client): \(byClient[c.client] ?? "not read (no response has it, or the client drops the item)")\n" }
        }
        for c in clients {
            for d in c.discriminators {
                let others = clients.filter { $0.client != c.client }.flatMap { $0.discriminators.filter { $0.key == d.key }.flatMap(\.knownValues) }
                let only = d.knownValues.filter { !others.contains($0) }
                if !only.isEmpty {
                    differences += 1
                    out += "  \(d.key): \(only.map { "\"\($0)\"" }.joined(separator: ", ")) shown by \(c.client) only\n"
                }
            }
        }
        return differences == 0 ? out + "  no difference\n" : out
    }
}
