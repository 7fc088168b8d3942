import SDUIJSON

// The Decodable conformances: discriminator dispatch on `type`, the way SDUI apps decode, made
// lenient per component: any problem inside one component becomes its placeholder and a warning.

extension Component: Decodable {
    private enum Keys: String, CodingKey { case type, id, data }

// Long on purpose: the component's path, its depth and its place in the context's stack are set
// up (with their `defer`s) around the whole decode, and every lenient fallback (not an object, no
// type, an unknown one, a broken payload) returns from inside that scope with its placeholder.
    public init(from decoder: any Decoder) throws {
        let context = decoder.context
        // Components sit at `$.components[i]` or `<parent>.data.children[i]`: extend the parent's path.
        let index = (decoder as? any JSONValueDecoding)?.lastCodingKey?.intValue
        let path: String
        if let index, let parent = context.componentPaths.last {
            path = parent + ".data.children[" + String(index) + "]"
        } else if let index, context.componentPaths.isEmpty {
            path = "$.components[" + String(index) + "]"
        } else {
            path = decoder.path
        }
        try context.countComponent(at: path)
        context.componentPaths.append(path)
        defer { context.componentPaths.removeLast() }
        let original = (decoder as? any JSONValueDecoding)?.jsonValue
        let start = context.mark
        context.componentDepth += 1
        let depth = context.componentDepth
        defer { context.componentDepth -= 1 }

        self.path = path
        self.id = nil
        self.original = nil
        guard case .object = original ?? .object([]) else {
            let found = original?.typeName ?? "unknown"
            context.warn(.invalidComponent, path, "component must be an object, found \(found)")
            self.content = .invalid(kind: nil, reason: "not an object (\(found))")
            self.original = original
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        let type: String
        do {
            type = try c.decode(String.self, forKey: .type)
        } catch {
            let (errorPath, reason, warning) = explain(error)
            context.warn(.invalidComponent, errorPath, warning)
            self.content = .invalid(kind: nil, reason: reason)
            self.original = original
            return
        }
        self.id = c.lenient(String.self, .id, context, defaultDescription: "(no id)")
        if let id { context.register(id: id, at: path) }

        let mark = context.mark
        do {
            switch type {
            case Kind.text.rawValue: content = .text(try c.decode(Text.self, forKey: .data))
            case Kind.twoLineText.rawValue: content = .twoLineText(try c.decode(TwoLineText.self, forKey: .data))
            case Kind.iconTitle.rawValue: content = .iconTitle(try c.decode(IconTitle.self, forKey: .data))
            case Kind.button.rawValue: content = .button(try c.decode(Button.self, forKey: .data))
            case Kind.image.rawValue: content = .image(try c.decode(Image.self, forKey: .data))
            case Kind.spacer.rawValue: content = .spacer(try c.decode(Spacer.self, forKey: .data))
            case Kind.stack.rawValue:
                if context.stackDepth >= context.limits.maxStackDepth {
                    let limit = context.limits.maxStackDepth
                    context.warn(.stackTooDeep, path, "stack nested deeper than the limit of \(limit)")
                    content = .invalid(kind: type, reason: "stack nested deeper than \(limit)")
                } else {
                    context.stackDepth += 1
                    defer { context.stackDepth -= 1 }
                    content = .stack(try c.decode(Stack.self, forKey: .data))
                }
            default:
                context.warn(.unknownComponentType, path, "unknown component type \(JSONPath.quoted(type))")
                content = .unsupported(type: type)
            }
        } catch let fatal as ScreenError {
            throw fatal
        } catch {
            context.rollback(to: mark)
            let (errorPath, reason, warning) = explain(error)
            context.warn(.invalidComponent, errorPath, warning)
            content = .invalid(kind: type, reason: reason)
        }
        if context.hasOwnWarning(since: start, depth: depth) {
            self.original = original
        }
    }
}

extension Text: Decodable {
    private enum Keys: String, CodingKey { case text, style }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        text = try c.decode(String.self, forKey: .text)
        style = c.lenientEnum(Style.self, .style, decoder.context, default: .body)
    }
}

extension TwoLineText: Decodable {
    private enum Keys: String, CodingKey { case title, subtitle }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        title = try c.decode(String.self, forKey: .title)
        subtitle = try c.decode(String.self, forKey: .subtitle)
    }
}

extension IconTitle: Decodable {
    private enum Keys: String, CodingKey { case title, icon_url }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        title = try c.decode(String.self, forKey: .title)
        iconURL = try c.requiredURL(.icon_url)
    }
}

extension Button: Decodable {
    private enum Keys: String, CodingKey { case title, action, style }
    public init(from decoder: any Decoder) throws {
        let context = decoder.context
        let c = try decoder.container(keyedBy: Keys.self)
        title = try c.decode(String.self, forKey: .title)
        guard c.contains(.action), try !c.decodeNil(forKey: .action) else {
            throw DecodingError.keyNotFound(Keys.action, .init(codingPath: c.codingPath, debugDescription: "missing \"action\""))
        }
        do {
            action = try c.decode(Action.self, forKey: .action)
        } catch {
            let (path, reason, _) = explain(error)
            context.warn(.inertButton, path, "button action is invalid (\(reason)); the button is inert")
            action = nil
        }
        style = c.lenientEnum(Style.self, .style, context, default: .primary)
    }
}

extension Action: Decodable {
    private enum Keys: String, CodingKey { case type, destination, url }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "navigate":
            let destination = try c.decode(String.self, forKey: .destination)
            guard destination.utf8.first == UInt8(ascii: "/") else {
                throw FieldProblem(codingPath: c.codingPath + [Keys.destination],
                                   reason: "\"destination\" must start with \"/\": \(JSONPath.quoted(destination))")
            }
            self = .navigate(destination: destination)
        case "open_url":
            self = .openURL(try c.requiredURL(.url))
        case "dismiss":
            self = .dismiss
        default:
            throw FieldProblem(codingPath: c.codingPath + [Keys.type], reason: "unknown action type \(JSONPath.quoted(type))")
        }
    }
}

extension Image: Decodable {
    private enum Keys: String, CodingKey { case url, aspect_ratio, alt }
    public init(from decoder: any Decoder) throws {
        let context = decoder.context
        let c = try decoder.container(keyedBy: Keys.self)
        url = try c.requiredURL(.url)
        aspectRatio = c.lenient(Double.self, .aspect_ratio, context, defaultDescription: "1") { r in
            r > 0 && r.isFinite ? nil : "must be a finite number > 0, found \(canonicalNumber(r))"
        } ?? 1
        alt = c.lenient(String.self, .alt, context, defaultDescription: "(no alt text)")
    }
}

extension Spacer: Decodable {
    private enum Keys: String, CodingKey { case height }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        height = try c.decode(Double.self, forKey: .height)
        guard height >= 0 && height <= 10_000 else {
            throw FieldProblem(codingPath: c.codingPath + [Keys.height],
                               reason: "\"height\" out of range: \(canonicalNumber(height)) (0…10000)")
        }
    }
}

extension Stack: Decodable {
    private enum Keys: String, CodingKey { case axis, spacing, children }
    public init(from decoder: any Decoder) throws {
        let context = decoder.context
        let c = try decoder.container(keyedBy: Keys.self)
        axis = try c.requiredEnum(Axis.self, .axis)
        spacing = c.lenient(Double.self, .spacing, context, defaultDescription: "0") { s in
            s >= 0 && s.isFinite ? nil : "must be a finite number ≥ 0, found \(canonicalNumber(s))"
        } ?? 0
        var list = try c.nestedUnkeyedContainer(forKey: .children)
        var children: [Component] = []
        children.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            children.append(try list.decode(Component.self))
        }
        self.children = children
    }
}
