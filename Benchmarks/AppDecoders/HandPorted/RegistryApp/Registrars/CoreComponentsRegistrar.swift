import Foundation

struct CoreComponentsRegistrar: ComponentRegistrar {
    func register(in registry: ComponentRegistry) {
        registry.register("label") { props in
            LabelComponent(
                identifier: props["id"] as? String,
                text: props["text"] as! String,
                style: LabelComponent.Style(rawValue: props["style"] as? String ?? "") ?? .body,
                color: (props["color"] as? String).flatMap(UIColor.init(hexString:)),
                numberOfLines: props["lines"] as? Int ?? 0
            )
        }

        registry.register("image") { props in
            guard let urlString = props["url"] as? String, let url = URL(string: urlString) else {
                return nil
            }
            return ImageComponent(
                identifier: props["id"] as? String,
                url: url,
                aspectRatio: CGFloat(props["aspect_ratio"] as? Double ?? 1),
                cornerRadius: CGFloat(props["corner_radius"] as? Double ?? 0)
            )
        }

        registry.register("stack") { props in
            StackComponent(
                identifier: props["id"] as? String,
                axis: props["axis"] as? String == "horizontal" ? .horizontal : .vertical,
                spacing: CGFloat(props["spacing"] as? Double ?? 8)
            )
        }

        registry.register("button") { props in
            ButtonComponent(
                identifier: props["id"] as? String,
                title: props["title"] as? String ?? "",
                deeplink: (props["deeplink"] as? String).flatMap(URL.init(string:))
            )
        }

        registry.register("spacer") { props in
            SpacerComponent(identifier: props["id"] as? String, height: CGFloat(props["height"] as? Double ?? 16))
        }
    }
}
