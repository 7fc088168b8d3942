import Foundation

enum PreviewScreens {
    static let weekly = """
    {
      "title": "Weekly deals",
      "sections": [
        {"label": "Headphones", "price": 199.0, "discount": 0.25, "badge": {"text": "Hot", "color_index": 0}},
        {"label": "Charger", "price": 29.0, "discount": 0.1},
        {"label": "Cable", "price": 9.0, "discount": 0}
      ],
      "theme": {"accent": "#1E88E5", "cornerRadius": 12}
    }
    """
}
