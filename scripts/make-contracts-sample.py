#!/usr/bin/env python3
"""Writes the sample contract set in Contracts/ (contracts, config and recorded responses).

The goldens are then recorded by the tool itself:  sdui contract record --offline
Rerun after editing a screen here; existing files are overwritten only with --force.
"""
import gzip, json, os, sys, zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Contracts")
FORCE = "--force" in sys.argv


def write(rel, data):
    path = os.path.join(ROOT, rel)
    if os.path.exists(path) and not FORCE:
        sys.exit(f"{rel} exists; pass --force to overwrite")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def text(t, id=None, style=None):
    c = {"type": "text", "data": {"text": t}}
    if style: c["data"]["style"] = style
    if id: c["id"] = id
    return c


def button(title, action, id=None, style=None):
    c = {"type": "button", "data": {"title": title, "action": action}}
    if style: c["data"]["style"] = style
    if id: c["id"] = id
    return c


def nav(dest): return {"type": "navigate", "destination": dest}
def url(u): return {"type": "open_url", "url": u}
def image(u, ratio=None, alt=None, id=None):
    c = {"type": "image", "data": {"url": u}}
    if ratio is not None: c["data"]["aspect_ratio"] = ratio
    if alt: c["data"]["alt"] = alt
    if id: c["id"] = id
    return c
def stack(axis, children, spacing=None, id=None):
    c = {"type": "stack", "data": {"axis": axis, "children": children}}
    if spacing is not None: c["data"]["spacing"] = spacing
    if id: c["id"] = id
    return c
def two(t, s, id=None):
    c = {"type": "two_line_text", "data": {"title": t, "subtitle": s}}
    if id: c["id"] = id
    return c
def icon(t, u, id=None):
    c = {"type": "icon_title", "data": {"title": t, "icon_url": u}}
    if id: c["id"] = id
    return c
def spacer(h): return {"type": "spacer", "data": {"height": h}}
def screen(name, title, components):
    s = {"screen": name, "version": 1, "components": components}
    if title: s["title"] = title
    return s


CDN = "https://cdn.shop.example.com"

def home(platform):
    return screen("home", "Home", [
        text("Welcome back", id="greeting", style="title"),
        image(f"{CDN}/banners/winter-{platform}.png", ratio=2.5, alt="Winter sale", id="banner"),
        stack("horizontal", [
            icon("Deals", f"{CDN}/icons/deals.png"),
            icon("New", f"{CDN}/icons/new.png"),
            icon("Orders", f"{CDN}/icons/orders.png"),
        ], spacing=12, id="shortcuts"),
        button("Shop now", nav("/catalog"), id="cta"),
        button("Open in store app" if platform == "android" else "Open Wallet", url(f"https://shop.example.com/{platform}/wallet"), style="secondary"),
    ])

def product(lang):
    t = {"en": ("Trail runner 2", "Lightweight running shoe", "Add to cart"),
         "ko": ("트레일 러너 2", "가벼운 러닝화", "장바구니에 담기")}[lang]
    return screen("product-detail", t[0], [
        image(f"{CDN}/products/42/main.jpg", ratio=1.0, alt=t[0]),
        two(t[0], t[1], id="headline"),
        text("129.00 EUR", id="price", style="title"),
        spacer(16),
        button(t[2], nav("/cart/add?product=42"), id="add"),
    ])

def cart():
    return screen("cart", "Your cart", [
        two("Trail runner 2", "Size 42 · 1 × 129.00 EUR", id="line-1"),
        two("Running socks", "Size M · 2 × 9.00 EUR", id="line-2"),
        stack("vertical", [text("Subtotal 147.00 EUR"), text("Shipping free", style="caption")], spacing=4),
        button("Checkout", nav("/checkout"), id="checkout"),
    ])

def checkout(bucket):
    pay = button("Pay now", nav("/checkout/pay"), id="pay") if bucket == "a" else \
        button("Pay with one tap", nav("/checkout/express"), id="pay", style="primary")
    return screen("checkout", "Checkout", [
        two("Deliver to", "Alex Doe, 1 Main Street"),
        two("Payment", "Visa ending 4242"),
        pay,
        button("Back to cart", {"type": "dismiss"}, style="secondary"),
    ])

def search():
    return screen("search-results", "Results for “shoes”", [
        text("3 results", style="caption"),
        stack("vertical", [
            stack("horizontal", [image(f"{CDN}/products/{n}/thumb.jpg", ratio=1), two(name, price)], spacing=8)
            for n, name, price in [(42, "Trail runner 2", "129.00 EUR"), (7, "City sneaker", "89.00 EUR"), (13, "Road racer", "149.00 EUR")]
        ], spacing=16, id="results"),
    ])

def profile():
    return screen("profile", "Profile", [
        image(f"{CDN}/avatars/alex.png", ratio=1, alt="Avatar"),
        two("Alex Doe", "Member since 2021-03-14T09:30:00Z", id="member"),
        button("Edit profile", nav("/profile/edit")),
        button("Sign out", {"type": "dismiss"}, style="secondary", id="sign-out"),
    ])

def settings():
    return screen("settings", "Settings", [
        icon("Notifications", f"{CDN}/icons/bell.png", id="notifications"),
        icon("Privacy", f"{CDN}/icons/lock.png", id="privacy"),
        icon("Language", f"{CDN}/icons/globe.png", id="language"),
        spacer(24),
        button("Privacy policy", url("https://shop.example.com/privacy"), style="secondary"),
    ])

def onboarding(step):
    pages = {"1": ("Find your fit", "Tell us your size once."), "2": ("Track orders", "Live updates, no refresh.")}
    t, s = pages[step]
    return screen("onboarding", None, [
        image(f"{CDN}/onboarding/{step}.png", ratio=0.75),
        text(t, style="title"),
        text(s),
        button("Next", nav(f"/onboarding/{int(step) + 1}"), id="next"),
    ])

def order_status():
    return screen("order-status", "Order ord-8F3K2Q", [
        two("Shipped", "Updated 2026-11-20T18:04:11Z"),
        two("Estimated delivery", "2026-11-24T12:00:00+01:00"),
        image(f"{CDN}/maps/track.png?session=7f3a9cd1e2", ratio=1.6, alt="Map"),
        button("Track parcel", url("https://carrier.example.com/track?session=7f3a9cd1e2")),
    ])

def promotions():
    return screen("promotions", "Deals", [
        stack("vertical", [
            text("Winter sale: 20% off", id="promo-3fa91c", style="title"),
            text("Free shipping over 50 EUR", id="promo-77b0e2"),
        ], spacing=8),
        button("See all deals", nav("/deals")),
    ])

def help_center():
    return screen("help-center", "Help", [
        text("How can we help?", style="title"),
        icon("Returns", f"{CDN}/icons/returns.png"),
        icon("Shipping", f"{CDN}/icons/truck.png"),
        button("Chat with us", url("https://support.example.com/chat")),
        # A component type this client does not know yet: recorded with its warning.
        {"type": "faq_accordion", "id": "faq", "data": {"items": 12}},
    ])

def order_history():
    return screen("order-history", "Orders", [
        two("ord-8F3K2Q", "Shipped · 129.00 EUR"),
        two("ord-1A2B3C", "Delivered · 18.00 EUR"),
        button("Older orders", nav("/orders?page=2"), style="secondary"),
    ])

CONTRACTS = {
    "home": ({"path": "/screens/home", "description": "The first screen, per platform.",
              "variants": [{"name": "ios", "headers": {"X-Platform": "ios"}}, {"name": "android", "headers": {"X-Platform": "android"}}]},
             {"ios": (home("ios"), "gzip"), "android": (home("android"), "deflate")}),
    "product-detail": ({"path": "/screens/product", "query": {"id": "42"},
                        "variants": [{"name": "en", "query": {"lang": "en"}}, {"name": "ko", "query": {"lang": "ko"}}]},
                       {"en": (product("en"), "identity"), "ko": (product("ko"), "gzip")}),
    "cart": ({"path": "/screens/cart"}, {None: (cart(), "gzip")}),
    "checkout": ({"path": "/screens/checkout", "description": "A/B test on the pay button.",
                  "variants": [{"name": "a", "headers": {"X-AB-Bucket": "a"}}, {"name": "b", "headers": {"X-AB-Bucket": "b"}}]},
                 {"a": (checkout("a"), "identity"), "b": (checkout("b"), "identity")}),
    "search-results": ({"path": "/screens/search", "query": {"q": "shoes"}}, {None: (search(), "deflate")}),
    "profile": ({"path": "/screens/profile", "description": "Needs a signed-in user.",
                 "headers": {"Authorization": "Bearer ${API_TOKEN}"}}, {None: (profile(), "gzip")}),
    "settings": ({"path": "/screens/settings"}, {None: (settings(), "identity")}),
    "onboarding": ({"path": "/screens/onboarding",
                    "variants": [{"name": "step1", "query": {"step": "1"}}, {"name": "step2", "query": {"step": "2"}}]},
                   {"step1": (onboarding("1"), "identity"), "step2": (onboarding("2"), "gzip")}),
    "order-status": ({"path": "/screens/order", "query": {"id": "ord-8F3K2Q"}}, {None: (order_status(), "gzip")}),
    "promotions": ({"path": "/screens/promotions"}, {None: (promotions(), "identity")}),
    "help-center": ({"path": "/screens/help"}, {None: (help_center(), "identity")}),
    "account/order-history": ({"path": "/screens/orders"}, {None: (order_history(), "deflate")}),
}

CONFIG = {
    "description": "Sample contracts for the bundled Screen protocol v1 (see README, Contract gate).",
    "baseURL": "http://127.0.0.1:8080",
    "headers": {"Accept-Encoding": "gzip, deflate", "X-Client": "sdui-harness-sample/1.0"},
    "timeoutSeconds": 10,
    "concurrency": 0,
    "maxResponseBytes": 4194304,
    "maxRedirects": 5,
    "allowRedirectHosts": [],
    "redactions": [
        {"name": "timestamp", "pattern": "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})"},
        {"name": "order", "pattern": "ord-[A-Z0-9]{6}"},
        {"name": "session", "pattern": "session=[0-9a-f]+"},
        {"name": "promo", "path": "$..id", "pattern": "^promo-[0-9a-f]{6}$"},
    ],
    "accept": [],
}


def encode(obj, enc, pretty):
    raw = (json.dumps(obj, ensure_ascii=False, indent=2 if pretty else None) + "\n").encode()
    if enc == "gzip":
        return gzip.compress(raw, mtime=0), ".json.gz"
    if enc == "deflate":
        return zlib.compress(raw), ".json.zz"
    return raw, ".json"


write("sdui-contracts.json", (json.dumps(CONFIG, indent=2) + "\n").encode())
for n, (name, (contract, responses)) in enumerate(sorted(CONTRACTS.items())):
    body = {"method": "GET", **contract}
    write(f"contracts/{name}.json", (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode())
    for variant, (obj, enc) in responses.items():
        case = name if variant is None else f"{name}@{variant}"
        data, ext = encode(obj, enc, pretty=n % 2 == 0)
        write(f"responses/{case}{ext}", data)
print(f"wrote {len(CONTRACTS)} contracts to Contracts/; now run: sdui contract record --offline")
