import Foundation

// The screen decoder of a registry-style SDUI app: the response is read with `JSONSerialization`,
// every component object goes through `ComponentRegistry.shared`, which looks its `"type"` up and
// hands the object to that component class's `init(object:registry:)`. Written the common
// non-defensive way: `as!` and `!` on payload values, a `fatalError` for an unknown type. Most
// malformed payloads crash at one of its shallow sites (each marked `// shallow: ID`, one per line);
// three deeper bugs sit behind them (`TemplateStore.expand`, `TickerLayout.frames`, `HeroRenderer.legacy`).
// Decoded buttons and carousels keep themselves alive through their handlers, as such apps' do.
//
// The same files are built twice: `RegistryKit` as written, and `RegistryKitFixed` (links to these
// files, compiled with SHALLOW_FIXED) where every shallow site throws `RegistryError.invalid` instead.
// `LeakyRegistryKit` and `LeakyRegistryKitFixed` are those two with LEAKY: each screen's decode also
// holds a megabyte in a session cache until it returns (DecodeSession.swift).
//
//   { "screen": { "id": "home", "title": "Home" },
//     "templates": { "promo_card": { "ref": "card", "axis": "vertical" }, "card": { "type": "stack", ... } },
//     "components": [ { "type": "text", "text": "Hi", "style": "title" }, { "ref": "promo_card", "children": [...] }, ... ] }

/// A JSON object as `JSONSerialization` hands it over.
public typealias JSONObject = [String: Any]

public enum RegistryError: Error, CustomStringConvertible {
    /// The response is not JSON.
    case notJSON(String)
    /// The response is JSON but not an object.
    case notAnObject
    /// A component the decoder refuses (the SHALLOW_FIXED build; the other one crashes there).
    case invalid(site: String, detail: String)

    public var description: String {
        switch self {
        case .notJSON(let reason): "not JSON: \(reason)"
        case .notAnObject: "the response is not a JSON object"
        case .invalid(let site, let detail): "invalid component (\(site)): \(detail)"
        }
    }
}

#if SHALLOW_FIXED
/// The fixed build's version of a shallow site: a typed error instead of a crash.
@inline(never) func need<T>(_ value: T?, _ site: String, _ detail: String) throws -> T {
    guard let value else { throw RegistryError.invalid(site: site, detail: detail) }
    return value
}

/// The fixed build's guard for a shallow site that is not a missing value (a zero divisor, an index).
@inline(never) func require(_ condition: Bool, _ site: String, _ detail: String) throws {
    guard condition else { throw RegistryError.invalid(site: site, detail: detail) }
}
#endif

public enum RegistryKit {
    /// Decodes a screen response into its components, in screen order.
    @MainActor public static func decode(_ bytes: [UInt8]) throws -> [Component] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw RegistryError.notJSON(error.localizedDescription)
        }
        guard let root = object as? JSONObject else { throw RegistryError.notAnObject }
        #if LEAKY
        let session = DecodeSession.begin()
        defer { session.end() }
        #endif
        let registry = ComponentRegistry.shared
        #if SHALLOW_FIXED
        let screen = try need(root["screen"] as? JSONObject, "s01", "screen")
        let screenID = try need(screen["id"] as? String, "s02", "screen id")
        let nodes = try need(root["components"] as? [JSONObject], "s03", "components")
        #else
        let screen = root["screen"] as! JSONObject                                     // shallow: s01
        let screenID = screen["id"] as! String                                         // shallow: s02
        let nodes = root["components"] as! [JSONObject]                                // shallow: s03
        #endif
        registry.templates = TemplateStore(definitions: root["templates"] as? [String: JSONObject] ?? [:])
        let components = try nodes.map { try registry.make($0, parent: nil) }
        // The first component is pinned under the navigation bar; UI tests find it by the screen's id.
        #if SHALLOW_FIXED
        let header = try need(components.first, "s04", "a first component")
        #else
        let header = components.first!                                                 // shallow: s04
        #endif
        header.isPinned = true
        header.accessibilityID = screenID + ".header"
        return components
    }

    /// The decoded screen as text, one line per component (children indented), as the debug menu shows it.
    @MainActor public static func render(_ components: [Component]) -> String {
        var lines: [String] = []
        for component in components { component.describe(into: &lines, depth: 0) }
        return lines.joined(separator: "\n")
    }
}
