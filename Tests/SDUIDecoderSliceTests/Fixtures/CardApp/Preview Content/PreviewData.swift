let previewJSON = """
{"title": "Deals", "cards": [{"id": "a", "kind": "promo", "tint": "#ff0000"}, {"id": "b", "kind": "grid", "tint": "#00ff00", "columns": 2},]}
"""
