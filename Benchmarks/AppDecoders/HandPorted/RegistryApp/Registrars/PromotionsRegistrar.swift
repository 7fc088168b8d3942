import Foundation

/// Components owned by the promotions team; registered by the app at launch.
struct PromotionsRegistrar: ComponentRegistrar {
    private static let dateFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()

    func register(in registry: ComponentRegistry) {
        registry.register("promo_countdown") { props in
            let endsAt = Self.dateFormatter.date(from: props["ends_at"] as? String ?? "")!
            return CountdownComponent(
                identifier: props["id"] as? String,
                title: props["title"] as? String ?? "Ends in",
                endsAt: endsAt,
                tint: (props["tint"] as? String).flatMap(UIColor.init(hexString:)) ?? .systemRed
            )
        }

        registry.register("promo_carousel") { props in
            let pages = (props["pages"] as? [[String: Any]] ?? []).map(CarouselPage.init(json:))
            return CarouselComponent(
                identifier: props["id"] as? String,
                pages: pages,
                initialPage: props["initial_page"] as? Int ?? 0
            )
        }
    }
}
