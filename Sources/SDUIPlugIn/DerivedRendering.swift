import Foundation

/// What a decoded value shows, derived from the value itself by reflection: the rendering a
/// `DecoderUnderTest` without `rendering:` is gated with, so a team plugs its decoder into the
/// gate with no adapter code.
///
/// The rules (docs/gate.md, "Derived renderings"):
/// - **Components.** Each element of an array of structs, classes or enums is a component. Its kind
///   is, first, the case name of an enum with associated values that it holds (what the decoder
///   understood: `.coupon(CouponContent)` is `coupon`); else the value of its discriminator
///   property (`type`, `viewType`, `view_type`, a name ending in `type` or `kind`); else its type's
///   name. An enum element is a component of its case's name. Kinds are matched to the payload's
///   discriminator values as the gate matches every client's kinds (`coupon` names
///   `CouponViewType`).
/// - **Nothing shown.** A value decoded into a fallback shows nothing, so the payload's item counts
///   as not shown: an enum case without associated values named `unknown`, `unsupported`,
///   `unrecognized`, `fallback`, `undefined`, `unhandled` (or starting with one of these), and
///   `default`, `none`, `empty`, `other` when it is the component itself or its content (a property
///   named `content`, `data`, `payload`, `body`, `view`, `item`, `info`, `component`, `model`,
///   `viewData`); a struct or class whose type's name starts with `Unknown`, `Unsupported`,
///   `Unrecognized`, `Fallback`, `Default` or `Empty`; a `nil` element.
/// - **Attributes.** A component's other stored properties, in declaration order: a string is a
///   text (a link when it holds a URL or a path), a number or a Bool a value, an enum without
///   associated values a value (its case name), a `URL` a link; an `id`/`identifier` property is
///   the component's id; an absent optional is no attribute. A property holding an enum with
///   associated values is an action (case name and its first string) when its name says so
///   (`action`, `onTap`, `tap`, `click`, `press`, `deeplink`); nested structs, dictionaries and the
///   payload of the component's own enum case are flattened (`price.amount`); arrays of scalars
///   are one text, joined; arrays of components are children.
/// - **The screen.** The decoded root's `screenName`/`screen`/`name` string names the screen, its
///   other scalars are screen attributes, and structs it holds (an envelope such as
///   `responseData`) are read as part of it.
///
/// Escape hatches: a type conforming to ``RenderedByItself`` renders itself wherever it appears,
/// and a hand-written `rendering:` on the `DecoderUnderTest` wins over all of this.
public enum DerivedRendering {
    /// The rendering of `value`.
    public static func rendering(of value: Any) -> Rendering {
        if let rendering = value as? Rendering { return rendering }
        if let own = value as? RenderedByItself { return Rendering(components: own.renderedComponents) }
        var screen = ScreenParts()
        let root = unwrap(value)
        readScreen(root, prefix: nil, depth: 0, into: &screen, references: References(of: root))
        return Rendering(screen: screen.name ?? "", attributes: screen.attributes, components: screen.components)
    }

    /// How deep nesting is followed: an absurdly deep value stops here.
    static let maxDepth = 32

    /// The class instances of a rendered value. Models of class-based apps point back up their
    /// tree (`weak var parent`, `unowned let screen`, a delegate) and across it (`next`, a shared
    /// registry or theme): followed like any property, each such reference renders its target's
    /// whole subtree again, and the work grows exponentially with the depth limit. So:
    /// - an object on the path being rendered is never entered again (a cycle);
    /// - an object referenced more than once in the value (a parent its children point to, a
    ///   sibling, a registry every component holds) is a reference, not content: a property
    ///   holding it adds no attributes. Only a list shows it (as a component), where it is listed.
    /// An object referenced once (a component's own style object) is content, as a struct would be.
    final class References {
        /// The objects on the current path from the root (ancestors of what is being read).
        private var onPath: Set<ObjectIdentifier> = []
        /// The objects the value refers to more than once.
        private var shared: Set<ObjectIdentifier> = []

        init(of value: Any?) {
            var seen: Set<ObjectIdentifier> = []
            if let value { count(value, depth: 0, seen: &seen) }
        }

        private func count(_ value: Any, depth: Int, seen: inout Set<ObjectIdentifier>) {
            guard depth < DerivedRendering.maxDepth else { return }
            if type(of: value) is AnyClass {
                let id = ObjectIdentifier(value as AnyObject)
                guard seen.insert(id).inserted else { shared.insert(id); return }
            }
            for child in DerivedRendering.children(of: Mirror(reflecting: value)) {
                count(child.value, depth: depth + 1, seen: &seen)
            }
        }

        /// Puts `value` on the path and says true, unless it is an object already on it (a cycle)
        /// or, `asAttribute` (a property's value, not a list element), one referenced elsewhere too.
        /// Every `enter` that says true is followed by a `leave` of the same value.
        func enter(_ value: Any, asAttribute: Bool = false) -> Bool {
            guard type(of: value) is AnyClass else { return true }
            let id = ObjectIdentifier(value as AnyObject)
            if onPath.contains(id) || (asAttribute && shared.contains(id)) { return false }
            onPath.insert(id)
            return true
        }

        func leave(_ value: Any) {
            guard type(of: value) is AnyClass else { return }
            onPath.remove(ObjectIdentifier(value as AnyObject))
        }
    }

    struct ScreenParts {
        var name: String?
        var attributes: [RenderedAttribute] = []
        var components: [RenderedComponent] = []
    }

    static func readScreen(_ value: Any?, prefix: String?, depth: Int, into screen: inout ScreenParts, references: References) {
        guard let value, depth < maxDepth else { return }
        if let own = value as? RenderedByItself { screen.components += own.renderedComponents; return }
        guard references.enter(value) else { return }
        defer { references.leave(value) }
        readScreenParts(value, prefix: prefix, depth: depth, into: &screen, references: references)
    }

    private static func readScreenParts(_ value: Any, prefix: String?, depth: Int, into screen: inout ScreenParts, references: References) {
        let mirror = Mirror(reflecting: value)
        switch shape(of: value, mirror) {
        case .nothing: return
        case .scalar(let attribute): screen.attributes.append(attribute(prefix ?? "value"))
        case .list(let elements):
            // On the screen, a list of enum cases is components even when none has a payload
            // (`.divider`, `.spacer`); only strings and numbers are text.
            if elements.allSatisfy({ isScalar($0, enumCasesCount: false) }) {
                if let text = joined(elements) { screen.attributes.append(.text(prefix ?? "value", text)) }
            } else {
                screen.components += elements.flatMap { components(of: $0, depth: depth + 1, references: references) }
            }
        case .enumCase:
            screen.components += components(of: value, depth: depth + 1, references: references)
        case .record(let children):
            for (label, child) in children {
                guard let child = unwrap(child) else { continue }
                let name = prefix.map { "\($0).\(label)" } ?? label
                if screen.name == nil, ["screenname", "screen", "name"].contains(normalized(label)), let text = child as? String {
                    screen.name = text
                    continue
                }
                readScreen(child, prefix: name, depth: depth + 1, into: &screen, references: references)
            }
        }
    }

    /// The components one element of a list shows (none for a fallback).
    static func components(of element: Any, depth: Int, references: References) -> [RenderedComponent] {
        guard let value = unwrap(element), depth < maxDepth else { return [] }
        if let own = value as? RenderedByItself { return own.renderedComponents }
        guard references.enter(value) else { return [] }
        defer { references.leave(value) }
        return componentsOf(value, depth: depth, references: references)
    }

    private static func componentsOf(_ value: Any, depth: Int, references: References) -> [RenderedComponent] {
        let mirror = Mirror(reflecting: value)
        switch shape(of: value, mirror) {
        case .nothing, .scalar: return []
        case .list(let elements): return elements.flatMap { components(of: $0, depth: depth + 1, references: references) }
        case .enumCase(let name, let payload):
            if isFallback(name, asContent: true) { return [] }
            var parts = ComponentParts(references: references)
            if let payload { parts.read(payload, prefix: nil, depth: depth + 1) }
            return [parts.component(kind: name)]
        case .record(let children):
            if isFallbackType(value) { return [] }
            var kind: String?
            var discriminator: String?
            var parts = ComponentParts(references: references)
            // An enum with associated values beside a discriminator is the content it selected.
            let hasDiscriminator = children.contains { isDiscriminator($0.0) && unwrap($0.1) is String }
            for (label, child) in children {
                guard let child = unwrap(child) else { continue }
                let childMirror = Mirror(reflecting: child)
                if case .enumCase(let name, let payload) = shape(of: child, childMirror), kind == nil, !isActionLabel(label),
                   isContentLabel(label) || (payload != nil && hasDiscriminator) {
                    // The component's content, as the decoder understood it.
                    if isFallback(name, asContent: true) { return [] }
                    kind = name
                    if let payload { parts.read(payload, prefix: nil, depth: depth + 1) }
                    continue
                }
                if discriminator == nil, isDiscriminator(label), let text = child as? String {
                    discriminator = text
                    continue
                }
                parts.read(child, prefix: label, depth: depth + 1)
            }
            return [parts.component(kind: kind ?? discriminator ?? typeName(of: value))]
        }
    }

    /// A component's attributes, id and children, gathered property by property.
    struct ComponentParts {
        var id: String?
        var attributes: [RenderedAttribute] = []
        var children: [RenderedComponent] = []
        let references: References

        init(references: References) { self.references = references }

        func component(kind: String) -> RenderedComponent {
            RenderedComponent(kind: kind, id: id, attributes: attributes, children: children)
        }

        mutating func read(_ value: Any, prefix: String?, depth: Int) {
            guard let value = DerivedRendering.unwrap(value), depth < DerivedRendering.maxDepth else { return }
            if let own = value as? RenderedByItself { children += own.renderedComponents; return }
            guard references.enter(value, asAttribute: true) else { return }
            defer { references.leave(value) }
            readParts(value, prefix: prefix, depth: depth)
        }

        private mutating func readParts(_ value: Any, prefix: String?, depth: Int) {
            let label = prefix ?? "value"
            let mirror = Mirror(reflecting: value)
            switch DerivedRendering.shape(of: value, mirror) {
            case .nothing: return
            case .scalar(let attribute):
                if id == nil, ["id", "identifier"].contains(DerivedRendering.normalized(label)) {
                    id = (attribute(label)).value
                } else {
                    attributes.append(attribute(label))
                }
            case .list(let elements):
                if elements.allSatisfy({ DerivedRendering.isScalar($0) }) {
                    if let text = DerivedRendering.joined(elements) { attributes.append(.text(label, text)) }
                } else {
                    children += elements.flatMap { DerivedRendering.components(of: $0, depth: depth + 1, references: references) }
                }
            case .enumCase(let name, let payload):
                guard let payload else {
                    if DerivedRendering.isActionLabel(label) { attributes.append(.action(name)) }
                    else if !DerivedRendering.isFallback(name, asContent: false) { attributes.append(.value(label, name)) }
                    return
                }
                if DerivedRendering.isActionLabel(label) {
                    attributes.append(.action(name, DerivedRendering.firstString(in: payload, depth: depth + 1)))
                } else {
                    attributes.append(.value(label, name))
                    read(payload, prefix: "\(label).\(name)", depth: depth + 1)
                }
            case .record(let children):
                for (childLabel, child) in children {
                    read(child, prefix: prefix.map { "\($0).\(childLabel)" } ?? childLabel, depth: depth + 1)
                }
            }
        }
    }

    // MARK: - What a value is

    enum Shape {
        case nothing
        case scalar((String) -> RenderedAttribute)
        case list([Any])
        /// An enum case; `payload` is its associated value(s), nil when it has none.
        case enumCase(String, payload: Any?)
        /// Labelled parts: a struct's or class's stored properties, a dictionary's entries (sorted
        /// by key), a tuple's elements.
        case record([(String, Any)])
    }

    static func shape(of value: Any, _ mirror: Mirror) -> Shape {
        switch value {
        case let s as String: return .scalar { looksLikeLink(s) ? .link($0, s) : .text($0, s) }
        case let s as Substring: return .scalar { .text($0, String(s)) }
        case let c as Character: return .scalar { .text($0, String(c)) }
        case let b as Bool: return .scalar { .value($0, b ? "true" : "false") }
        case let n as any BinaryInteger: return .scalar { .value($0, "\(n)") }
        case let n as any BinaryFloatingPoint: return .scalar { .value($0, "\(n)") }
        case let n as Decimal: return .scalar { .value($0, "\(n)") }
        case let u as URL: return .scalar { .link($0, u.absoluteString) }
        case let d as Date: return .scalar { .value($0, "\(d.timeIntervalSince1970)") }
        case let d as Data: return .scalar { .value($0, "\(d.count) bytes") }
        default: break
        }
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return .nothing }
            return shape(of: wrapped, Mirror(reflecting: wrapped))
        case .collection, .set:
            var elements = mirror.children.map(\.value)
            if mirror.displayStyle == .set { elements.sort { "\($0)" < "\($1)" } }
            return .list(elements)
        case .dictionary:
            var entries: [(String, Any)] = []
            for entry in mirror.children {
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { continue }
                entries.append(("\(pair[0].value)", pair[1].value))
            }
            return .record(entries.sorted { $0.0 < $1.0 })
        case .enum:
            let name = caseName(of: value)
            return .enumCase(name, payload: mirror.children.first?.value)
        case .struct, .class, .tuple:
            var children: [(String, Any)] = []
            for (n, child) in Self.children(of: mirror).enumerated() {
                children.append((child.label.map(cleanLabel) ?? "\(n)", child.value))
            }
            return children.isEmpty ? .nothing : .record(children)
        default:
            // A type reflection says nothing about: its description, as text.
            let text = "\(value)"
            return text.isEmpty ? .nothing : .scalar { .text($0, text) }
        }
    }

    /// A value's stored parts, a class's inherited ones first: a subclass's mirror holds its own
    /// stored properties only, and a registry-style app's `TextComponent: Component` keeps its id,
    /// children and parent in the base class.
    static func children(of mirror: Mirror) -> [Mirror.Child] {
        guard mirror.displayStyle == .class, mirror.superclassMirror != nil else { return Array(mirror.children) }
        var mirrors = [mirror]
        while let base = mirrors[0].superclassMirror { mirrors.insert(base, at: 0) }
        return mirrors.flatMap { $0.children }
    }

    static func isScalar(_ value: Any, enumCasesCount: Bool = true) -> Bool {
        guard let value = unwrap(value) else { return true }
        if case .scalar = shape(of: value, Mirror(reflecting: value)) { return true }
        if enumCasesCount, case .enumCase(_, payload: nil) = shape(of: value, Mirror(reflecting: value)) { return true }
        return false
    }

    static func joined(_ elements: [Any]) -> String? {
        let parts = elements.compactMap { element -> String? in
            guard let value = unwrap(element) else { return nil }
            switch shape(of: value, Mirror(reflecting: value)) {
            case .scalar(let attribute): return attribute("").value
            case .enumCase(let name, nil): return name
            default: return nil
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func firstString(in value: Any, depth: Int) -> String? {
        guard depth < maxDepth, let value = unwrap(value) else { return nil }
        if let s = value as? String { return s }
        if let u = value as? URL { return u.absoluteString }
        for child in Mirror(reflecting: value).children {
            if let found = firstString(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }

    /// `Optional.some(x)` → x, `nil` → nil, anything else as it is.
    static func unwrap(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first?.value else { return nil }
        return unwrap(wrapped)
    }

    /// An enum value's case name: `title` for `.title(TitleContent(…))`.
    static func caseName(of value: Any) -> String {
        if let label = Mirror(reflecting: value).children.first?.label { return label }
        // A case without associated values prints as its name (a raw-value enum too).
        var text = "\(value)"
        if let dot = text.lastIndex(of: ".") { text = String(text[text.index(after: dot)...]) }
        if let paren = text.firstIndex(of: "(") { text = String(text[..<paren]) }
        return text
    }

    static func typeName(of value: Any) -> String {
        var name = String(describing: type(of: value))
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        return name
    }

    /// Property wrappers keep their value in `_name`.
    static func cleanLabel(_ label: String) -> String {
        label.hasPrefix("_") && label.count > 1 ? String(label.dropFirst()) : label
    }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    static let fallbackWords = ["unknown", "unsupported", "unrecognized", "fallback", "undefined", "unhandled"]
    static let contentFallbackWords: Set<String> = ["default", "none", "empty", "other"]
    static let contentLabels: Set<String> = ["content", "contents", "data", "payload", "body", "view", "item", "info", "component",
                                             "model", "viewdata"]

    static func isFallback(_ caseName: String, asContent: Bool) -> Bool {
        let name = normalized(caseName)
        if fallbackWords.contains(where: { name.hasPrefix($0) }) { return true }
        return asContent && contentFallbackWords.contains(name)
    }

    static func isFallbackType(_ value: Any) -> Bool {
        let name = typeName(of: value)
        return ["Unknown", "Unsupported", "Unrecognized", "Fallback", "Default", "Empty"].contains { name.hasPrefix($0) }
    }

    static func isContentLabel(_ label: String) -> Bool { contentLabels.contains(normalized(label)) }

    static func isActionLabel(_ label: String) -> Bool {
        let name = normalized(label)
        return ["action", "ontap", "tap", "click", "press", "deeplink"].contains { name.contains($0) }
    }

    static func isDiscriminator(_ label: String) -> Bool {
        let name = normalized(label)
        return ["type", "viewtype", "kind", "component", "typename"].contains(name) || name.hasSuffix("type") || name.hasSuffix("kind")
    }

    static func looksLikeLink(_ text: String) -> Bool {
        guard !text.contains(" "), text.count > 1 else { return false }
        return text.contains("://") || (text.hasPrefix("/") && !text.hasPrefix("//"))
    }
}

/// A type that says itself what it shows, where reflection would guess wrong: wherever a derived
/// rendering meets a value of this type (a list element, a property), these components stand for it.
public protocol RenderedByItself {
    /// The components this value shows as; empty: nothing (the payload's item counts as not shown).
    var renderedComponents: [RenderedComponent] { get }
}
