import Foundation
import SDUIJSON
import SDUIPayload
import SDUIPlugIn

/// What a change to one value of a response costs an app version, as the gate classifies it: the
/// scale requirements are built on (worst last).
public enum ProbeCost: String, Sendable, Codable, Comparable, CaseIterable {
    /// The rendering is the same.
    case none
    /// The rendering changed, nothing the gate calls breaking (a text, a value).
    case changed
    /// Breaking, without losing a component (an inert button, a new warning, a defaulted field).
    case breaking
    /// A component became a placeholder (unsupported, invalid).
    case placeholder
    /// A component is no longer shown, without a word.
    case notShown = "not-shown"
    /// The whole response is rejected.
    case rejected
    /// The client crashed (or could not answer).
    case crashed

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// What the app still shows is the same or only changed.
    public var isTolerated: Bool { self <= .changed }
}

/// One variant of one value of a response, and what it cost the client.
public struct ProbeObservation: Sendable, Codable, Hashable {
    /// How the value was changed.
    public enum Variant: String, Sendable, Codable, CaseIterable {
        case removed, null
        case asString = "as-string", asNumber = "as-number", asBool = "as-bool", asObject = "as-object", asArray = "as-array"
        /// A string given a value no response has.
        case unknownValue = "unknown-value"
        /// A whole number written `1.0`.
        case wholeAsDecimal = "whole-as-decimal"
        /// A whole number given a fraction (`1.5`).
        case fraction
        /// Past 32 bits (2^31) and past 64 bits (2^64).
        case past32Bits = "past-32-bits", past64Bits = "past-64-bits"
        /// An array emptied.
        case emptied
        /// A discriminator given a value the decoder's own code holds (a literal mined from it):
        /// recorded when the outcome differs from an unknown value's, so the value is one it knows.
        case knownCandidate = "known-candidate"
    }
    /// Where the value is, indices wildcarded: `$.responseData.contents[*].content.code`.
    public var path: String
    /// The generalized path of the component object the value belongs to, and its kind (the value
    /// of its discriminator), when it belongs to one.
    public var componentPath: String?
    public var discriminator: String?
    public var kind: String?
    /// The JSON type the response has there (`integer` for a whole number).
    public var type: String
    /// The value as the response has it, for strings (the discriminator's known values).
    public var stringValue: String?
    public var variant: Variant
    public var cost: ProbeCost
    /// The gate's rules that fired (`SDUI-B008`), or the client's failure.
    public var detail: String
}

/// One response probed for one client.
public struct ProbeResult: Sendable, Codable {
    public var caseID: String
    public var client: String
    public var observations: [ProbeObservation]
    /// Decodes spent (the unchanged response included) and the budget they came from.
    public var decodes: Int
    public var budget: Int
    /// The budget ran out before every value was probed.
    public var truncated: Bool
    /// Why the response could not be probed (the client rejects it as recorded, say).
    public var error: String?
    /// Components the client shows nothing for in the response as recorded (not probed: there is
    /// nothing to lose), by their discriminator's value.
    public var notShown: [NotShownKind] = []

    public struct NotShownKind: Sendable, Codable, Hashable {
        public var componentPath: String
        public var discriminator: String
        public var value: String
    }
}

/// Finds what an app version requires of a response by asking its decoder: every key removed, set
/// to `null`, given each other JSON type; a string given an unknown value; a whole number written
/// `1.0` and `1.5` and pushed past 32 and 64 bits; an array emptied — each variant rendered through
/// the client and compared with the unchanged response's rendering as the gate compares goldens.
///
/// Bounded and deterministic: values are visited in document order; a path (indices wildcarded)
/// within one component kind is probed in at most `instancesPerPath` places; no more than `budget`
/// decodes are spent per response (the result says when it ran out).
public struct RequirementProbe: Sendable {
    public var budget: Int
    public var instancesPerPath: Int
    public var renderer: ResponseRenderer
    /// Values to try in each discriminator (the strings of the client's own code: its binary's or
    /// sources' literals), so the kinds it knows are found even when no response has them.
    public var candidateValues: [String]

    public init(budget: Int = 3000, instancesPerPath: Int = 2, renderer: ResponseRenderer = ResponseRenderer(),
                candidateValues: [String] = []) {
        self.budget = budget
        self.instancesPerPath = instancesPerPath
        // The probe asks about kinds itself (an unknown value and the code's candidates in each
        // discriminator), within its budget: the renderer's own kind probe would ask again per variant.
        var renderer = renderer
        renderer.probesUnknownKinds = false
        self.renderer = renderer
        self.candidateValues = candidateValues
    }

    /// A value in the response, with where it is.
    struct Site {
        var concrete: [PathStep]
        var path: String
        /// The component's path with its indices (`$.contents[3]`), to ask whether it is shown.
        var concreteComponentPath: String?
        var componentPath: String?
        var discriminator: String?
        var kind: String?
        var value: JSONValue
        /// An array's element (`$.items[*]`): probed for its type and `null`, never removed.
        var isElement = false

        /// The component's own discriminator value (`$.items[*].type` of a component at `$.items[*]`).
        var isDiscriminator: Bool {
            guard let componentPath, let discriminator else { return false }
            return path == JSONPath.appending(key: discriminator, to: componentPath)
        }
    }

    enum PathStep: Hashable { case key(String), index(Int) }

    public func probe(_ response: FetchedResponse, caseID: String, client: any ContractClient) async -> ProbeResult {
        var result = ProbeResult(caseID: caseID, client: client.name, observations: [], decodes: 1, budget: budget, truncated: false)
        let run = ProbeRun(response: response, client: client, secrets: Secrets(environment: [:]))
        let base: Rendering
        switch await renderer.render(response, client: client, secrets: run.secrets) {
        case .success(let r) where !r.rendering.isRejected: base = r.rendering
        case .success(let r): result.error = "\(client.name) rejects the response as recorded: \(r.rendering.rejection ?? "")"; return result
        case .failure(let f): result.error = f.description; return result
        }
        // The payload as the app's decoder gets it, parsed (the encoding undone).
        guard let payload = try? PayloadText.decode(response), let root = try? JSONParser().parse(payload) else {
            result.error = "\(caseID): the response is not JSON"
            return result
        }
        let allSites = sites(of: root)
        let notShownPaths = await confirmedNotShown(allSites, root: root, base: base, run: run, result: &result)
        var seen: [String: Int] = [:]
        var candidatesTried = Set<String>()
        for site in allSites {
            if let component = site.concreteComponentPath, notShownPaths.contains(component) {
                if site.isDiscriminator, let disc = site.discriminator, let componentPath = site.componentPath,
                   case .string(let value) = site.value {
                    let kind = ProbeResult.NotShownKind(componentPath: componentPath, discriminator: disc, value: value)
                    if !result.notShown.contains(kind) { result.notShown.append(kind) }
                }
                continue
            }
            let key = (site.kind ?? "") + " " + site.path
            seen[key, default: 0] += 1
            guard seen[key]! <= instancesPerPath else { continue }
            guard await probeVariants(of: site, root: root, base: base, run: run, result: &result) else { return result }
            // A discriminator (once per component slot): which of the code's strings it knows.
            guard site.isDiscriminator, let componentPath = site.componentPath, let disc = site.discriminator, case .string = site.value,
                  !candidateValues.isEmpty, candidatesTried.insert(componentPath + " " + disc).inserted,
                  result.decodes < budget else { continue }
            guard await probeCandidates(at: site, root: root, base: base, run: run, result: &result) else { return result }
        }
        _ = await probeSketchedKinds(allSites, root: root, run: run, result: &result)
        return result
    }

    /// The kinds the client knows (found by their candidates) that no component of the response
    /// has: each sketched from what the decoder reads (``sketch(kind:at:root:run:result:)``) and
    /// probed like a recorded component. False when the budget ran out.
    func probeSketchedKinds(_ allSites: [Site], root: JSONValue, run: ProbeRun, result: inout ProbeResult) async -> Bool {
        let present = Set(allSites.compactMap(\.kind))
        var tried = Set<String>()
        for o in result.observations where o.variant == .knownCandidate {
            guard let kind = o.stringValue, !present.contains(kind), tried.count < Self.sketchedKinds, tried.insert(kind).inserted,
                  let site = allSites.first(where: { $0.isDiscriminator && $0.componentPath == o.componentPath }),
                  let (document, base) = await sketch(kind: kind, at: site, root: root, run: run, result: &result) else { continue }
            for s in sites(of: document) where s.concreteComponentPath == site.concreteComponentPath && !s.isDiscriminator {
                guard await probeVariants(of: s, root: document, base: base, run: run, result: &result) else { return false }
            }
        }
        return true
    }

    /// What every probe of one response shares: the response, the client, the (empty) secrets.
    struct ProbeRun {
        let response: FetchedResponse
        let client: any ContractClient
        let secrets: Secrets

        /// The response with `text` as its body (uncompressed).
        func variant(_ text: String) -> FetchedResponse {
            FetchedResponse(contentEncoding: nil, body: Array(text.utf8), source: response.source)
        }
    }

    /// The components the client shows nothing for, which have nothing to lose and are not probed.
    /// The gate's accounting says which those are by matching kinds loosely (a rendering derived
    /// from `case productGrid` for `"product_grid"`), so the client is asked: a component whose
    /// kind swapped for an unknown one renders otherwise is shown after all, and probed.
    func confirmedNotShown(_ allSites: [Site], root: JSONValue, base: Rendering, run: ProbeRun, result: inout ProbeResult) async -> Set<String> {
        var notShownPaths = Set(base.notShown.map(\.path))
        for site in allSites where site.concreteComponentPath.map(notShownPaths.contains) == true {
            guard site.isDiscriminator, let component = site.concreteComponentPath, result.decodes < budget else { continue }
            result.decodes += 1
            let unknown = Self.serialize(root, replacing: site.concrete, with: .value(.string(Self.unknownSentinel)))
            let (_, _, rendering) = await outcome(of: run.variant(unknown), base: base, client: run.client, secrets: run.secrets)
            var own = base
            own.notShown = []
            // A client that keeps an unknown kind's name still shows nothing for either.
            let alike = if case .string(let current) = site.value { Self.rendersAlike(own, value: current, unknown: rendering) } else { rendering == own }
            if !alike { notShownPaths.remove(component) }
        }
        return notShownPaths
    }

    /// Each variant of one site (removed, null, other types, edges) decoded and costed; false when
    /// the budget ran out (the result is marked truncated).
    func probeVariants(of site: Site, root: JSONValue, base: Rendering, run: ProbeRun, result: inout ProbeResult) async -> Bool {
        for (variant, value) in variants(of: site) {
            guard result.decodes < budget else { result.truncated = true; return false }
            result.decodes += 1
            let text = Self.serialize(root, replacing: site.concrete, with: value)
            var (cost, detail) = await self.cost(of: run.variant(text), base: base, client: run.client, secrets: run.secrets)
            if variant == .unknownValue, cost == .changed, site.isDiscriminator {
                // A kind the client cannot know is one it does not show, whatever its decoded
                // value keeps (a `type` beside optional siblings renders every kind alike): the
                // gate says so of any such kind (KindProbe), so the requirements do too. (A
                // discriminator the rendering does not follow at all, a tracking object's
                // `eventType`, changes nothing and stays free.)
                cost = .notShown
                detail = ([ContractRule.componentNotShown.id] + detail.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
                    .joined(separator: ", ")
            }
            var stringValue: String?
            if case .string(let s) = site.value { stringValue = s }
            result.observations.append(ProbeObservation(
                path: site.path, componentPath: site.componentPath, discriminator: site.discriminator, kind: site.kind,
                type: Self.typeName(site.value), stringValue: stringValue, variant: variant, cost: cost, detail: detail))
        }
        return true
    }

    /// Which of the code's strings a discriminator knows: each tried in its place and compared with
    /// what the client itself shows for a value it does not know (the gate's accounting left out:
    /// it matches kinds loosely, the client does not). False when the budget ran out.
    func probeCandidates(at site: Site, root: JSONValue, base: Rendering, run: ProbeRun, result: inout ProbeResult) async -> Bool {
        guard let componentPath = site.componentPath, let disc = site.discriminator, case .string(let current) = site.value else { return true }
        result.decodes += 1
        let garbage = Self.serialize(root, replacing: site.concrete, with: .value(.string(Self.unknownSentinel)))
        let (_, _, unknownRendering) = await outcome(of: run.variant(garbage), base: base, client: run.client, secrets: run.secrets)
        for candidate in candidateValues where candidate != current {
            guard result.decodes < budget else { result.truncated = true; return false }
            result.decodes += 1
            let text = Self.serialize(root, replacing: site.concrete, with: .value(.string(candidate)))
            let (cost, detail, rendering) = await outcome(of: run.variant(text), base: base, client: run.client, secrets: run.secrets)
            // Known: the client does something else with it than with a value it does not know
            // (a crash on it, where the unknown value does not crash, counts too).
            guard !Self.rendersAlike(rendering, value: candidate, unknown: unknownRendering) else { continue }
            result.observations.append(ProbeObservation(
                path: site.path, componentPath: componentPath, discriminator: disc, kind: site.kind, type: "string",
                stringValue: candidate, variant: .knownCandidate, cost: cost, detail: detail))
        }
        return true
    }

    /// The discriminator value no client knows, in the place of the one a response has.
    static let unknownSentinel = "sdui-unknown-value"

    /// Whether the client does the same with `value` as with a value it does not know. Many keep an
    /// unknown kind's name (`Unknown("promo")`, "unsupported type promo"), so their renderings of
    /// two values they both do not know differ by that name alone: the unknown value's rendering is
    /// compared with the name put back in its place. Compared as the canonical text, which holds
    /// every string of a rendering; the sentinel occurs nowhere else in it.
    static func rendersAlike(_ rendering: Rendering?, value: String, unknown: Rendering?) -> Bool {
        if rendering == unknown { return true }
        guard let rendering, let unknown else { return false }
        return rendering.text == unknown.text.replacingOccurrences(of: unknownSentinel, with: value)
    }

    /// The strings of a decoder's code worth trying as discriminator values: identifier-like, 2 to 64 characters.
    public static func candidates(fromLiterals strings: [String]) -> [String] {
        Array(Set(strings.filter { s in
            (2...64).contains(s.count) && s.first!.isLetter
                && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ".") }
        })).sorted()
    }

    func cost(of response: FetchedResponse, base: Rendering, client: any ContractClient, secrets: Secrets) async -> (ProbeCost, String) {
        let (cost, detail, _) = await outcome(of: response, base: base, client: client, secrets: secrets)
        return (cost, detail)
    }

    /// The cost, its detail, and what the client itself rendered (the gate's accounting left out).
    func outcome(of response: FetchedResponse, base: Rendering, client: any ContractClient,
                 secrets: Secrets) async -> (ProbeCost, String, Rendering?) {
        switch await renderer.render(response, client: client, secrets: secrets, golden: base) {
        case .failure(let failure): return (.crashed, failure.description, nil)
        case .success(let r):
            var own = r.rendering
            own.notShown = []
            let (cost, detail) = classify(r.rendering, base: base)
            return (cost, detail, own)
        }
    }

    /// A variant's rendering against the unchanged response's, as the gate classifies differences.
    func classify(_ rendering: Rendering, base: Rendering) -> (ProbeCost, String) {
        if rendering.isRejected { return (.rejected, rendering.rejection ?? "rejected") }
        let findings = RenderingComparison(contract: "probe").compare(golden: base, current: rendering)
        let ids = Set(findings.map(\.rule.id))
        let detail = ids.sorted().joined(separator: ", ")
        if ids.contains(ContractRule.componentNotShown.id) { return (.notShown, detail) }
        // A component still there that shows nothing of what it showed is not shown either.
        if RenderingComparison(contract: "probe").emptiesAComponent(golden: base, current: rendering) {
            return (.notShown, ([ContractRule.contentNotShown.id] + ids.sorted()).joined(separator: ", "))
        }
        if ids.contains(ContractRule.componentUnsupported.id) || ids.contains(ContractRule.componentInvalid.id) { return (.placeholder, detail) }
        if findings.contains(where: { $0.rule.severity == .breaking }) { return (.breaking, detail) }
        return (findings.isEmpty ? .none : .changed, detail)
    }

    // MARK: - Where the values are

    /// Every member value of every object, in document order, with its component (the nearest
    /// enclosing object that carries a discriminator).
    func sites(of root: JSONValue) -> [Site] {
        var out: [Site] = []
        /// A component: generalized path, discriminator key, kind, concrete path.
        typealias Component = (path: String, key: String, kind: String, concrete: String)
        // (value, concrete steps, concrete path, generalized path, component)
        var stack: [(JSONValue, [PathStep], String, String, Component?)] = [(root, [], "$", "$", nil)]
        while let (value, concrete, concretePath, path, component) = stack.popLast() {
            switch value {
            case .object(let members):
                var here = component
                if let m = members.first(where: { renderer.accounting.isDiscriminator($0.key) }), case .string(let kind) = m.value {
                    here = (path, m.key, kind, concretePath)
                }
                var children: [(JSONValue, [PathStep], String, String, Component?)] = []
                for m in members {
                    let childPath = JSONPath.appending(key: m.key, to: path)
                    out.append(Site(concrete: concrete + [.key(m.key)], path: childPath, concreteComponentPath: here?.concrete,
                                    componentPath: here?.path, discriminator: here?.key, kind: here?.kind, value: m.value))
                    children.append((m.value, concrete + [.key(m.key)], JSONPath.appending(key: m.key, to: concretePath), childPath, here))
                }
                stack.append(contentsOf: children.reversed())
            case .array(let elements):
                // The elements themselves: a `null` item in a list the app cannot take, or an item
                // of another type, breaks it as surely as a key of the item would.
                for (i, e) in elements.enumerated() {
                    out.append(Site(concrete: concrete + [.index(i)], path: path + "[*]", concreteComponentPath: component?.concrete,
                                    componentPath: component?.path, discriminator: component?.key, kind: component?.kind, value: e,
                                    isElement: true))
                }
                for (i, e) in elements.enumerated().reversed() {
                    stack.append((e, concrete + [.index(i)], JSONPath.appending(index: i, to: concretePath), path + "[*]", component))
                }
            default: break
            }
        }
        return out
    }

    /// The variants of one value: removed, null, each other type, and its type's own edge cases.
    func variants(of site: Site) -> [(ProbeObservation.Variant, Replacement)] {
        var out: [(ProbeObservation.Variant, Replacement)] = site.isElement ? [(.null, .value(.null))] : [(.removed, .remove), (.null, .value(.null))]
        let type = Self.typeName(site.value)
        if type != "string" { out.append((.asString, .value(.string("sdui-probe")))) }
        if type != "number" && type != "integer" { out.append((.asNumber, .value(.number(7)))) }
        if type != "boolean" { out.append((.asBool, .value(.bool(true)))) }
        if type != "object" { out.append((.asObject, .value(.object([])))) }
        if type != "array" { out.append((.asArray, .value(.array([])))) }
        switch site.value {
        case .string: out.append((.unknownValue, .value(.string(Self.unknownSentinel))))
        case .number(let d) where type == "integer":
            let n = Int64(d)
            out.append((.wholeAsDecimal, .raw("\(n).0")))
            out.append((.fraction, .raw("\(n).5")))
            out.append((.past32Bits, .raw(d < 0 ? "-2147483649" : "2147483648")))
            out.append((.past64Bits, .raw(d < 0 ? "-18446744073709551617" : "18446744073709551616")))
        case .array(let elements) where !elements.isEmpty: out.append((.emptied, .value(.array([]))))
        default: break
        }
        return out
    }

    enum Replacement { case remove, value(JSONValue), raw(String) }

    static let rawMarker = "\u{1}sdui-raw\u{1}"

    /// The response with the value at `steps` replaced (or its member removed), as JSON text.
    static func serialize(_ root: JSONValue, replacing steps: [PathStep], with replacement: Replacement) -> String {
        var raw: String?
        let new: JSONValue?
        switch replacement {
        case .remove: new = nil
        case .value(let v): new = v
        case .raw(let text): raw = text; new = .string(rawMarker)
        }
        let changed = replace(root, steps[...], with: new)
        var text = JSONSerializer.string(changed)
        if let raw { text = text.replacingOccurrences(of: JSONSerializer.string(.string(rawMarker)), with: raw) }
        return text
    }

    static func replace(_ value: JSONValue, _ steps: ArraySlice<PathStep>, with new: JSONValue?) -> JSONValue {
        guard let step = steps.first else { return new ?? .null }
        switch (value, step) {
        case (.object(var members), .key(let key)):
            guard let i = members.firstIndex(where: { $0.key == key }) else { return value }
            if steps.count == 1, new == nil { members.remove(at: i) } else {
                members[i].value = replace(members[i].value, steps.dropFirst(), with: new)
            }
            return .object(members)
        case (.array(var elements), .index(let i)) where i < elements.count:
            elements[i] = replace(elements[i], steps.dropFirst(), with: new)
            return .array(elements)
        default: return value
        }
    }

    /// JSON Schema's type names, `integer` for a whole number.
    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number(let d): d == d.rounded() && abs(d) < 9e15 ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .elided(let e): e.isObject ? "object" : "array"
        }
    }
}

/// The payload text of a response, its encoding undone (as the gate reads it).
enum PayloadText {
    struct NotDecodable: Error {}

    static func decode(_ response: FetchedResponse) throws -> [UInt8] {
        let declared = try response.contentEncoding.map { try DeclaredEncoding(contentEncoding: $0) }
        let payload = try PayloadDecoder(limits: .default).decode(response.body, declared: declared)
        let text = payload.text
        return text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text
    }
}
