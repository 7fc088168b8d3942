#!/usr/bin/env python3
"""Writes the benchmark's seeds, triggers and controls (deterministic: same bytes on every run).

    python3 make-seeds.py          # from Benchmarks/PlantedBugs (or any folder)

Seeds/<Decoder>/  realistic responses, plain JSON, gzip (.json.gz) and zlib (.json.zz); none crashes.
Triggers/<id>.*   an input that triggers exactly bug <id> of bugs.tsv.
Controls/<id>.*   a near-identical input that must not crash.
"""
import gzip
import json
import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def text(value):
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def gz(data):
    return gzip.compress(data, compresslevel=9, mtime=0)


def gz_extra(data, extra, xlen=None):
    """gzip with an FEXTRA field (as our CDN writes it); `xlen` overrides the declared length."""
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = raw.compress(data) + raw.flush()
    header = b"\x1f\x8b\x08\x04" + b"\x00\x00\x00\x00" + b"\x02\xff"
    header += struct.pack("<H", len(extra) if xlen is None else xlen) + extra
    return header + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


def zz(data):
    return zlib.compress(data, 9)


ENCODERS = {".json": lambda d: d, ".json.gz": gz, ".json.zz": zz}


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def emit(folder, name, value, ext=".json", raw=None):
    write(os.path.join(HERE, folder, name + ext), raw if raw is not None else ENCODERS[ext](text(value)))


# ---------------------------------------------------------------- FeedKit (shape 1)
def feed(views, layout=None, title="메인 화면", version="5.1.0"):
    screen = {"title": title, "version": version}
    if layout is not None:
        screen["layout"] = layout
    screen["views"] = views
    return screen


FEED_SEEDS = {
    "main.json": feed([
        {"type": "text", "text": "GREEN", "style": "headline", "logId": 1042},
        {"type": "button", "text": "Click Here", "action": "navigate", "destination": "/details", "logId": 1043},
        {"type": "image", "url": "https://cdn.example.com/hero.jpg", "width": 160, "height": 90, "scale": 2},
    ], layout={"style": "list", "spacing": 8}),
    "grid.json.gz": feed([
        {"type": "text", "text": "Top picks", "style": "title"},
        {"type": "grid", "items": ["Shoes", "Bags", "Hats", "Socks", "Belts"], "columns": 2, "logId": 88001234},
        {"type": "button", "text": "Close", "action": "dismiss"},
    ], layout={"style": "grid", "spacing": 12}, title="Shop"),
    "promo.json.zz": feed([
        {"type": "text", "text": "Summer sale", "logId": 2000000001},
        {"type": "button", "text": "Terms", "action": "open_url", "url": "https://example.com/terms"},
        {"type": "image", "url": "https://cdn.example.com/sale.png", "width": 375, "height": 120, "scale": 3},
    ], title="Promo", version="5.1.2"),
    "details.json": feed([
        {"type": "text", "text": "Details"},
        {"type": "divider"},
        {"type": "button", "text": "Back", "action": "navigate", "destination": "/home"},
    ], title="Details"),
    "catalog.json.gz": feed([
        {"type": "grid", "items": ["A", "B", "C", "D", "E", "F"], "columns": 3},
        {"type": "image", "url": "https://cdn.example.com/c.jpg", "width": 64, "height": 64},
        {"type": "text", "text": "6 items", "style": "caption", "logId": 77},
    ], layout={"style": "list"}, title="Catalog"),
}

# ---------------------------------------------------------------- HomeScreenKit (shape 2)
TEMPLATES = {"card": {"style": {"corner": "12"}},
             "promo": {"base": "card", "style": {"background": "#FFEEDD"}}}


def home(contents, version="5.1.3", prefetch=None, templates=None, name="Home"):
    data = {"screenName": name, "apiVersion": version}
    if prefetch is not None:
        data["prefetch"] = prefetch
    if templates is not None:
        data["templates"] = templates
    data["contents"] = contents
    return {"responseData": data}


A = {"viewType": "AViewType", "content": {"title": "This is A ViewType", "iconUrl": "https://example.com/icon.png"}}
B = {"viewType": "BViewType", "content": {"title": "This is B ViewType"}}
B_PROMO = {"viewType": "BViewType", "template": "promo", "content": {"title": "Deals"}}
Z = {"viewType": "ZViewType", "content": {"title": "from a newer server"}}
URLS = ["https://cdn.example.com/%d.jpg" % i for i in range(1, 6)]

HOME_SEEDS = {
    "home.json": home([B, A, Z, B_PROMO], prefetch={"imageUrls": URLS[:3]}, templates=TEMPLATES),
    "home.json.gz": home([A, B], version="5.2.0", prefetch={"imageUrls": URLS, "pageSize": 2}),
    "legacy.json.zz": home([B, Z, A], version="4.9.0", prefetch={"imageUrls": URLS[:4], "pageSize": 3}),
    "promo.json.gz": home([B_PROMO, A], prefetch={"imageUrls": URLS[:2], "pageSize": 1}, templates=TEMPLATES, name="Promo"),
    "minimal.json": home([B], version="5.2.0"),
}

# ---------------------------------------------------------------- SectionKit (shape 3)
def sections(contents, name="Home"):
    return {"screenName": name, "contents": [{"sectionComponentType": t, "section": s} for t, s in contents]}


ITEMS3 = [{"title": "Coffee"}, {"title": "Tea"}, {"title": "Juice"}]
SECTION_SEEDS = {
    "home.json": sections([
        ("TITLE", {"title": "Today"}),
        ("PLUS_TITLE", {"title": "More", "subtitle": "See all"}),
        ("CAROUSEL", {"items": ITEMS3}),
        ("SKELETON", {"rows": 2}),
    ]),
    "search.json.gz": sections([
        ("TITLE", {"title": "Results"}),
        ("CAROUSEL", {"style": "grid", "selectedIndex": 1, "items": ITEMS3}),
        ("TICKER", {"text": "Flash sale ends soon", "startFrame": 3}),
    ], name="Search"),
    "mypage.json.zz": sections([
        ("PLUS_TITLE", {"title": "Orders"}),
        ("TICKER", {"text": "Free shipping", "startFrame": 0}),
        ("SKELETON", {"rows": 4}),
    ], name="MyPage"),
    "carousel.json": sections([
        ("CAROUSEL", {"style": "carousel", "items": ITEMS3 + [{"title": "Water"}]}),
        ("PLUS_TITLE", {"title": "Brands", "subtitle": "12 new"}),
    ]),
}

# ---------------------------------------------------------------- ViewItemsKit (shape 4)
def items(*entries):
    return {"view_items": [{"view_type": t, "view_data": d} for t, d in entries]}


VIEW_SEEDS = {
    "items.json": items(
        ("one_text_line", {"title_text": "제목"}),
        ("two_text_line", {"title_text": "첫번째 줄", "content_text": "두번째 줄"}),
        ("text_button", {"title_text": "안녕하세요", "action": "open"}),
        ("one_image", {"image_string": "https://example.com/a.jpg", "image_size": {"width": 64, "height": 36}}),
    ),
    "cdn.json.gz": items(
        ("one_text_line", {"title_text": "Inbox"}),
        ("text_button", {"title_text": "Messages", "action": "open", "badge_count": 3}),
        ("one_image", {"image_string": "https://example.com/b.jpg", "image_size": {"width": 320, "height": 180}}),
    ),
    "legacy.json.zz": items(
        ("text_button", {"title_text": "Cart", "badge_count": 12}),
        ("one_image", {"image_string": "https://example.com/c.png", "image_size": {"width": 120, "height": 120}}),
        ("two_text_line", {"title_text": "Order", "content_text": "Shipped"}),
    ),
    "plain-gzip.json.gz": items(
        ("text_button", {"title_text": "Alerts", "badge_count": 0}),
        ("one_text_line", {"title_text": "Settings"}),
    ),
    "unknown.json": items(
        ("one_text_line", {"title_text": "New"}),
        ("carousel_v3", {"pages": 3}),
        ("one_image", {"image_string": "https://example.com/d.jpg"}),
    ),
}
EDGE = b"edge=fra1"


def main():
    # Only what this script writes: the crash-dense decoders' seeds and triggers (Seeds/CatalogKit,
    # Seeds/RegistryKit, Triggers/registry-deep-*) are written by hand and stay.
    for decoder in ("FeedKit", "HomeScreenKit", "SectionKit", "ViewItemsKit"):
        shutil.rmtree(os.path.join(HERE, "Seeds", decoder), ignore_errors=True)
    for folder in ("Triggers", "Controls"):
        for name in os.listdir(os.path.join(HERE, folder)) if os.path.isdir(os.path.join(HERE, folder)) else []:
            if name.startswith(("feed-", "home-", "sect-", "vi-")):
                os.remove(os.path.join(HERE, folder, name))

    for decoder, seeds in (("FeedKit", FEED_SEEDS), ("HomeScreenKit", HOME_SEEDS),
                           ("SectionKit", SECTION_SEEDS), ("ViewItemsKit", VIEW_SEEDS)):
        for name, value in seeds.items():
            stem, ext = name.split(".", 1)
            raw = gz_extra(text(value), EDGE) if (decoder, name) == ("ViewItemsKit", "cdn.json.gz") else None
            emit(os.path.join("Seeds", decoder), stem, value, "." + ext, raw)

    def pair(bug, trigger, control, ext=".json", raw_trigger=None, raw_control=None):
        emit("Triggers", bug, trigger, ext, raw_trigger)
        emit("Controls", bug, control, ext, raw_control)

    # FeedKit
    nav = {"type": "button", "text": "Open", "action": "navigate"}
    pair("feed-01", feed([nav]), feed([dict(nav, destination="/open")]))
    grid = {"type": "grid", "items": ["A", "B", "C"]}
    pair("feed-02", feed([dict(grid, columns=0)]), feed([dict(grid, columns=1)]))
    pair("feed-03", feed([{"type": "text", "text": "Hi", "logId": 2147483648}]),
         feed([{"type": "text", "text": "Hi", "logId": 2147483647}]))
    pair("feed-04", feed([{"type": "text", "text": "Hi"}], layout={"style": "experimental_grid_v2"}),
         feed([{"type": "text", "text": "Hi"}], layout={"style": "experimental_grid_v1"}))
    image = {"type": "image", "url": "https://cdn.example.com/x.jpg", "height": 90, "scale": 2}
    pair("feed-05", feed([dict(image, width=4611686018427387904)]), feed([dict(image, width=2305843009213693952)]))

    # HomeScreenKit
    empty = home([], version="4.9.0")
    emit("Triggers", "home-01", empty, ".json.zz")
    emit("Controls", "home-01", empty, ".json.gz")
    pair("home-02", home([A], prefetch={"imageUrls": URLS, "pageSize": -1}),
         home([A], prefetch={"imageUrls": URLS, "pageSize": 0}), ".json.gz")
    pair("home-03", home([B], version="5.2.0-beta"), home([B], version="5.2.0-rc"))
    cycle = {"card": {"base": "promo", "style": {"corner": "12"}}, "promo": {"base": "card", "style": {"background": "#FFEEDD"}}}
    pair("home-04", home([B_PROMO], templates=cycle), home([B_PROMO], templates=TEMPLATES))
    c = {"viewType": "CViewType", "content": {"title": "This is C ViewType", "subtitle": "new"}}
    pair("home-05", home([A, c]), home([A, dict(c, viewType="DViewType")]))

    # SectionKit
    pair("sect-01", sections([("LEGACY_CAROUSEL", {"title": "Old"})]),
         sections([("LEGACY_CAROUSEL", {"title": "Old", "banners": [{"image": "https://example.com/1.jpg"}]})]))
    pair("sect-02", sections([("PLUS_TITLE", {"title": "Brands", "subtitle": 12})]),
         sections([("PLUS_TITLE", {"title": "Brands", "subtitle": "12"})]))
    pair("sect-03", sections([("CAROUSEL", {"style": "carousel", "selectedIndex": 3, "items": ITEMS3})]),
         sections([("CAROUSEL", {"style": "grid", "selectedIndex": 3, "items": ITEMS3})]))
    pair("sect-04", sections([("SKELETON", {"rows": -1})]), sections([("SKELETON", {"rows": 0})]))
    pair("sect-05", sections([("TICKER", {"text": "Flash sale", "startFrame": 2000000000})]),
         sections([("TICKER", {"text": "Flash sale", "startFrame": 2000})]))

    # ViewItemsKit
    img = lambda w, h: items(("one_image", {"image_string": "https://example.com/big.jpg", "image_size": {"width": w, "height": h}}))
    pair("vi-01", img(50000, 50000), img(500, 500))
    body = text(VIEW_SEEDS["cdn.json.gz"])
    pair("vi-02", None, None, ".json.gz", raw_trigger=gz_extra(body, EDGE, xlen=4096), raw_control=gz_extra(body, EDGE))
    badge = lambda n: items(("text_button", {"title_text": "Cart", "badge_count": n}))
    pair("vi-03", badge(300), badge(255), ".json.gz")
    pair("vi-04", img(0, 0), img(0, 9))


if __name__ == "__main__":
    main()
