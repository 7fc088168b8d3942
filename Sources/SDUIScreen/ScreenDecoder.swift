import SDUIJSON
import SDUIPayload

/// The reference decoder of Screen protocol v1: payload bytes in, a ``Screen`` (with warnings) or
/// a ``ScreenError`` out. It never crashes, hangs or recurses without bound, on any input.
public struct ScreenDecoder: Sendable {
    public var limits: DecodingLimits

    public init(limits: DecodingLimits = .default) {
        self.limits = limits
    }

    /// Decodes payload bytes, using `declared` (e.g. an HTTP `Content-Encoding`) or sniffing.
    public func decode(_ bytes: [UInt8], declared: DeclaredEncoding? = nil) throws(ScreenError) -> DecodedScreen {
        let payload: DecodedPayload
        do {
            payload = try PayloadDecoder(limits: limits.payload).decode(bytes, declared: declared)
        } catch {
            throw .payload(error)
        }
        let screen = try decode(json: payload.text)
        return DecodedScreen(encoding: payload.encoding, receivedSize: payload.receivedSize,
                             decodedSize: payload.text.count, screen: screen)
    }

    /// Decodes JSON text (already decompressed). A leading UTF-8 byte order mark is skipped.
    public func decode(json text: [UInt8]) throws(ScreenError) -> Screen {
        let body = text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text
        let root: JSONValue
        do {
            root = try JSONParser(materializationDepth: limits.jsonMaterializationDepth).parse(body)
        } catch {
            throw .json(error)
        }
        return try decode(value: root)
    }

    /// Decodes an already parsed JSON value.
    public func decode(value root: JSONValue) throws(ScreenError) -> Screen {
        guard case .object = root else { throw .rootNotObject(found: root.typeName) }
        let context = DecodingContext(limits: limits)
        let decoder = JSONValueDecoder(userInfo: [DecodingContext.key: context])
        do {
            var screen = try decoder.decode(RootObject.self, from: root).screen
            screen.warnings = context.warnings
            return screen
        } catch let error as ScreenError {
            throw error
        } catch {
            // RootObject reports its own errors as ScreenError; anything else is a bug in this module.
            throw .invalidValue(path: "$", reason: "\(error)")
        }
    }
}

/// A decoded screen with the facts about its payload.
public struct DecodedScreen: Sendable, Hashable {
    /// The encoding used (declared or sniffed).
    public var encoding: ContentEncoding
    /// Payload size as received.
    public var receivedSize: Int
    /// Size of the JSON text after decompression.
    public var decodedSize: Int
    public var screen: Screen
}

/// The root object (protocol §2). Root-level problems are errors, not warnings, except `title`.
private struct RootObject: Decodable {
    enum Keys: String, CodingKey { case screen, version, title, components }
    var screen: Screen

    init(from decoder: any Decoder) throws {
        let context = decoder.context
        let c = try decoder.container(keyedBy: Keys.self)

        let name = try Self.required(String.self, .screen, c, expected: "string")
        let scalars = name.unicodeScalars.count
        guard scalars >= 1 && scalars <= 128 else {
            throw ScreenError.invalidValue(path: "$.screen", reason: "\"screen\" must be 1–128 characters, found \(scalars)")
        }
        let version = try Self.required(Double.self, .version, c, expected: "integer")
        guard version == 1 else {
            throw ScreenError.unsupportedVersion(path: "$.version", found: canonicalNumber(version))
        }
        var invalidTitle: JSONValue?
        let mark = context.mark
        let title = c.lenient(String.self, .title, context, defaultDescription: "(no title)")
        if context.mark > mark { invalidTitle = try? c.decode(JSONValue.self, forKey: .title) }

        guard c.contains(.components) else { throw ScreenError.missingField(path: "$", field: "components") }
        var list: any UnkeyedDecodingContainer
        do {
            list = try c.nestedUnkeyedContainer(forKey: .components)
        } catch {
            let found = (try? c.decode(JSONValue.self, forKey: .components))?.typeName ?? "?"
            throw ScreenError.wrongType(path: "$.components", expected: "array", found: found)
        }
        var components: [Component] = []
        components.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            components.append(try list.decode(Component.self))
        }
        screen = Screen(name: name, version: 1, title: title, components: components, invalidTitle: invalidTitle)
    }

    static func required<T: Decodable>(_ type: T.Type, _ key: Keys, _ c: KeyedDecodingContainer<Keys>, expected: String) throws -> T {
        guard c.contains(key) else { throw ScreenError.missingField(path: "$", field: key.stringValue) }
        do {
            return try c.decode(T.self, forKey: key)
        } catch {
            let found = (try? c.decode(JSONValue.self, forKey: key))?.typeName ?? "?"
            throw ScreenError.wrongType(path: "$.\(key.stringValue)", expected: expected, found: found)
        }
    }
}
