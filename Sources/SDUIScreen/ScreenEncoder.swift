import SDUIJSON

extension Screen {
    /// The screen as protocol v1 JSON. Components that decoded with a warning of their own are
    /// written back as their original JSON, so decoding the result gives the same screen,
    /// warnings and placeholders included.
    public func jsonValue() -> JSONValue {
        var members: [JSONMember] = [JSONMember("screen", .string(name)), JSONMember("version", .number(Double(version)))]
        if let invalidTitle {
            members.append(JSONMember("title", invalidTitle))
        } else if let title {
            members.append(JSONMember("title", .string(title)))
        }
        members.append(JSONMember("components", .array(components.map { $0.jsonValue() })))
        return .object(members)
    }

    /// The screen serialized as JSON text.
    public func encodedJSON(options: JSONSerializer.Options = .init()) -> [UInt8] {
        JSONSerializer.serialize(jsonValue(), options: options)
    }
}

extension Component {
    /// The component as protocol v1 JSON (its original JSON when it carried a warning).
    public func jsonValue() -> JSONValue {
        if let original { return original }
        var members: [JSONMember] = []
        let data: JSONValue
        switch content {
        case .text(let t):
            data = ["text": .string(t.text), "style": .string(t.style.rawValue)]
        case .twoLineText(let t):
            data = ["title": .string(t.title), "subtitle": .string(t.subtitle)]
        case .iconTitle(let t):
            data = ["title": .string(t.title), "icon_url": .string(t.iconURL)]
        case .button(let b):
            let action: JSONValue = switch b.action {
            case .navigate(let destination)?: ["type": "navigate", "destination": .string(destination)]
            case .openURL(let url)?: ["type": "open_url", "url": .string(url)]
            case .dismiss?: ["type": "dismiss"]
            case nil: ["type": "none"]
            }
            data = ["title": .string(b.title), "action": action, "style": .string(b.style.rawValue)]
        case .image(let i):
            var fields: [JSONMember] = [JSONMember("url", .string(i.url)), JSONMember("aspect_ratio", .number(i.aspectRatio))]
            if let alt = i.alt { fields.append(JSONMember("alt", .string(alt))) }
            data = .object(fields)
        case .spacer(let s):
            data = ["height": .number(s.height)]
        case .stack(let s):
            data = ["axis": .string(s.axis.rawValue), "spacing": .number(s.spacing),
                    "children": .array(s.children.map { $0.jsonValue() })]
        case .unsupported(let type):
            members.append(JSONMember("type", .string(type)))
            if let id { members.append(JSONMember("id", .string(id))) }
            return .object(members)
        case .invalid(let kind, _):
            // Only reachable for a hand-built placeholder: keep it invalid (no `data`).
            members.append(JSONMember("type", .string(kind ?? "invalid")))
            return .object(members)
        }
        members.append(JSONMember("type", .string(content.kindName)))
        if let id { members.append(JSONMember("id", .string(id))) }
        members.append(JSONMember("data", data))
        return .object(members)
    }
}
