#!/usr/bin/env python3
"""Writes the labelled old/new response pairs of the sample clients (pairs/*.json).

Each pair is one server change: the response a golden was recorded from (`old`), the response the
server sends now (`new`, optionally compressed: `newEncoding`), and what it is to each client
(`expect`): BREAKING (the app no longer shows or understands something it did), CHANGED (it shows
something else, and understands it all) or UNCHANGED (it shows the same). `LabelledPairsTests`
(Tests/SDUICLITests) records goldens from the old responses, checks the new ones with `sdui contract`, and prints
precision and recall. Labels are written from what each app does, not from what the gate says.

Usage: python3 Examples/GateClients/Labelled/make-pairs.py   (rewrites pairs/)
"""
import copy, json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "pairs")

HOME = {"responseData": {"screenName": "Home", "contents": [
    {"viewType": "TitleViewType", "content": {"title": "Good morning", "subtitle": "Fresh picks for you"}},
    {"viewType": "BannerViewType", "content": {"imageUrl": "https://cdn.example.com/banners/spring.png", "title": "Spring sale",
                                                "deeplink": "shop://sale/spring"}},
    {"viewType": "ProductListViewType", "content": {"title": "Trending", "products": [
        {"id": "p-100", "name": "Trail runner", "price": "129.00 EUR", "rating": 4.5},
        {"id": "p-101", "name": "Rain jacket", "price": "89.00 EUR"}]}},
]}}
COUPON = {"viewType": "CouponViewType", "content": {"code": "SPRING10", "discount": "10 % off shoes"}}
VIEW_ITEMS = {"view_items": [
    {"view_type": "one_text_line", "view_data": {"title_text": "제목"}},
    {"view_type": "two_text_line", "view_data": {"title_text": "첫번째 줄", "content_text": "두번째 줄"}},
    {"view_type": "text_button", "view_data": {"title_text": "안녕하세요"}},
    {"view_type": "one_image", "view_data": {"image_string": "https://example.com/a.jpg"}},
]}

pairs = []


def pair(suite, name, description, old, new, expect, new_encoding=None, new_text=None, schema_cannot_say=None):
    """`schema_cannot_say`: {client: why} for a breaking change no JSON Schema of the old response
    can tell from a compatible one (scripts/bench-requirements.py reports it apart)."""
    pairs.append({"suite": suite, "name": name, "description": description, "old": old, "new": new,
                  "newText": new_text, "newEncoding": new_encoding, "expect": expect, "schemaCannotSay": schema_cannot_say})


def home(edit):
    doc = copy.deepcopy(HOME)
    edit(doc["responseData"]["contents"], doc)
    return doc


def items(edit):
    doc = copy.deepcopy(VIEW_ITEMS)
    edit(doc["view_items"], doc)
    return doc


BOTH = lambda label: {"ios-5.2": label, "ios-5.3": label}
H = "home-feed"
V = "view-items"

# --- Home feed: formatting, encoding and unknown extras pass silently -------------------------------
pair(H, "home-key-order", "same content, keys in another order", HOME, None, BOTH("UNCHANGED"),
     new_text=json.dumps({"responseData": {"contents": [{"content": c["content"], "viewType": c["viewType"]} for c in HOME["responseData"]["contents"]],
                                           "screenName": "Home"}}))
pair(H, "home-pretty", "same content, pretty-printed", HOME, None, BOTH("UNCHANGED"), new_text=json.dumps(HOME, indent=4))
pair(H, "home-gzip", "same content, now gzip-compressed", HOME, HOME, BOTH("UNCHANGED"), new_encoding="gzip")
pair(H, "home-deflate", "same content, now deflate-compressed", HOME, HOME, BOTH("UNCHANGED"), new_encoding="deflate")
pair(H, "home-number-spelling", "a rating spelled 4.50 instead of 4.5", HOME, None, BOTH("UNCHANGED"),
     new_text=json.dumps(HOME).replace('"rating": 4.5', '"rating": 4.50'))
pair(H, "home-unicode-escape", "a string written with \\u escapes", HOME, None, BOTH("UNCHANGED"),
     new_text=json.dumps(HOME).replace('"Trending"', '"Tr\\u0065nding"'))
pair(H, "home-extra-field", "an unknown field in a content object", HOME,
     home(lambda c, d: c[0]["content"].update({"badge": "new"})), BOTH("UNCHANGED"))
pair(H, "home-extra-tracking-object", "an unknown tracking object with its own eventType in each content", HOME,
     home(lambda c, d: [x.update({"tracking": {"eventType": "impression", "id": f"t{i}"}}) for i, x in enumerate(c)]), BOTH("UNCHANGED"))
pair(H, "home-extra-envelope-field", "an unknown field beside the envelope", HOME,
     home(lambda c, d: d.update({"meta": {"requestId": "r-1", "type": "feed"}})), BOTH("UNCHANGED"))
pair(H, "home-extra-related", "an unknown `related` array of known view types beside the contents (no app reads it)", HOME,
     home(lambda c, d: d["responseData"].update({"related": [copy.deepcopy(c[1]), copy.deepcopy(c[0])]})), BOTH("UNCHANGED"))

# --- Home feed: content edits, additions, removals of understood components -------------------------
pair(H, "home-title-edit", "the greeting text changes", HOME,
     home(lambda c, d: c[0]["content"].update({"title": "Good evening"})), BOTH("CHANGED"))
pair(H, "home-banner-image", "the banner image URL changes", HOME,
     home(lambda c, d: c[1]["content"].update({"imageUrl": "https://cdn.example.com/banners/summer.png"})), BOTH("CHANGED"))
pair(H, "home-deeplink", "the banner's deeplink changes", HOME,
     home(lambda c, d: c[1]["content"].update({"deeplink": "shop://sale/summer"})), BOTH("CHANGED"))
pair(H, "home-product-added", "one more product in the list", HOME,
     home(lambda c, d: c[2]["content"]["products"].append({"id": "p-102", "name": "Wool socks", "price": "12.00 EUR"})), BOTH("CHANGED"))
pair(H, "home-product-price", "a price changes", HOME,
     home(lambda c, d: c[2]["content"]["products"][1].update({"price": "79.00 EUR"})), BOTH("CHANGED"))
pair(H, "home-banner-removed", "the banner is removed", HOME, home(lambda c, d: c.pop(1)), BOTH("CHANGED"))
pair(H, "home-title-added", "a second title section is added", HOME,
     home(lambda c, d: c.append({"viewType": "TitleViewType", "content": {"title": "See also"}})), BOTH("CHANGED"))
pair(H, "home-reordered", "the banner moves below the list", HOME, home(lambda c, d: c.append(c.pop(1))), BOTH("CHANGED"))
pair(H, "home-optional-dropped", "the optional subtitle is dropped", HOME,
     home(lambda c, d: c[0]["content"].pop("subtitle")), BOTH("CHANGED"))
pair(H, "home-screen-renamed", "the screen name changes", HOME,
     home(lambda c, d: d["responseData"].update({"screenName": "Start"})), BOTH("CHANGED"))

# --- Home feed: breaking for every version ---------------------------------------------------------
pair(H, "home-new-type", "a new view type no app version knows: both drop it silently", HOME,
     home(lambda c, d: c.insert(1, {"viewType": "StoriesViewType", "content": {"title": "Stories"}})), BOTH("BREAKING"))
pair(H, "home-type-renamed", "BannerViewType renamed HeroBannerViewType: both apps drop the banner", HOME,
     home(lambda c, d: c[1].update({"viewType": "HeroBannerViewType"})), BOTH("BREAKING"))
pair(H, "home-required-missing", "a title section without its required title: the whole screen fails to decode", HOME,
     home(lambda c, d: c[0]["content"].pop("title")), BOTH("BREAKING"))
pair(H, "home-discriminator-renamed", "the server sends view_type instead of viewType", HOME,
     home(lambda c, d: c.__setitem__(0, {"view_type": c[0]["viewType"], "content": c[0]["content"]})), BOTH("BREAKING"))
pair(H, "home-type-mismatch", "a price sent as a number", HOME,
     home(lambda c, d: c[2]["content"]["products"][0].update({"price": 129})), BOTH("BREAKING"))
pair(H, "home-envelope-renamed", "responseData renamed data", HOME, {"data": HOME["responseData"]}, BOTH("BREAKING"))
pair(H, "home-content-null", "a banner's content is null", HOME, home(lambda c, d: c[1].update({"content": None})), BOTH("BREAKING"))

# --- Home feed: breaking for the older version only ------------------------------------------------
pair(H, "home-coupon-added", "a coupon is added: 5.3 shows it, 5.2 drops it silently", HOME,
     home(lambda c, d: c.insert(1, copy.deepcopy(COUPON))), {"ios-5.2": "BREAKING", "ios-5.3": "CHANGED"})
pair(H, "home-banner-to-coupon", "the banner is replaced by a coupon", HOME,
     home(lambda c, d: c.__setitem__(1, copy.deepcopy(COUPON))), {"ios-5.2": "BREAKING", "ios-5.3": "CHANGED"})
WITH_COUPON = home(lambda c, d: c.insert(1, copy.deepcopy(COUPON)))
pair(H, "home-coupon-edited", "a coupon's discount changes (5.2 never showed it)", WITH_COUPON,
     copy.deepcopy(WITH_COUPON) | {"responseData": home(lambda c, d: c.insert(1, {"viewType": "CouponViewType", "content": {
         "code": "SPRING10", "discount": "15 % off shoes"}}))["responseData"]}, {"ios-5.2": "UNCHANGED", "ios-5.3": "CHANGED"})
pair(H, "home-coupon-keys", "the coupon's keys reordered (5.2 never showed it)", WITH_COUPON,
     None, BOTH("UNCHANGED"), new_text=json.dumps(WITH_COUPON).replace(
         '{"viewType": "CouponViewType", "content": {"code": "SPRING10", "discount": "10 % off shoes"}}',
         '{"content": {"discount": "10 % off shoes", "code": "SPRING10"}, "viewType": "CouponViewType"}'))
pair(H, "home-coupon-broken", "a coupon without its code: 5.3 rejects the screen, 5.2 never decodes coupons", WITH_COUPON,
     home(lambda c, d: c.insert(1, {"viewType": "CouponViewType", "content": {"discount": "10 % off shoes"}})),
     {"ios-5.2": "UNCHANGED", "ios-5.3": "BREAKING"})

# --- View items (android-3.1): unknown types show as placeholders ---------------------------------
A = lambda label: {"android-3.1": label}
pair(V, "items-key-order", "keys in another order", VIEW_ITEMS, None, A("UNCHANGED"),
     new_text=json.dumps({"view_items": [{"view_data": i["view_data"], "view_type": i["view_type"]} for i in VIEW_ITEMS["view_items"]]}, ensure_ascii=False))
pair(V, "items-gzip", "now gzip-compressed", VIEW_ITEMS, VIEW_ITEMS, A("UNCHANGED"), new_encoding="gzip")
pair(V, "items-ascii-escapes", "Korean text sent as \\u escapes", VIEW_ITEMS, None, A("UNCHANGED"), new_text=json.dumps(VIEW_ITEMS))
pair(V, "items-extra-data", "an unknown field in view_data", VIEW_ITEMS,
     items(lambda v, d: v[0]["view_data"].update({"badge": {"type": "new", "color": "red"}})), A("UNCHANGED"))
pair(V, "items-extra-top", "an unknown top-level field", VIEW_ITEMS, items(lambda v, d: d.update({"next_page": 2})), A("UNCHANGED"))
pair(V, "items-extra-recommended", "an unknown `recommended` array of known view items (the app never reads it)", VIEW_ITEMS,
     items(lambda v, d: d.update({"recommended": [copy.deepcopy(v[0]), copy.deepcopy(v[3])]})), A("UNCHANGED"))
pair(V, "items-title-edit", "a title changes", VIEW_ITEMS, items(lambda v, d: v[0]["view_data"].update({"title_text": "새 제목"})), A("CHANGED"))
pair(V, "items-image", "the image changes", VIEW_ITEMS,
     items(lambda v, d: v[3]["view_data"].update({"image_string": "https://example.com/b.jpg"})), A("CHANGED"))
pair(V, "items-added", "a known item is added", VIEW_ITEMS,
     items(lambda v, d: v.append({"view_type": "one_text_line", "view_data": {"title_text": "끝"}})), A("CHANGED"))
pair(V, "items-removed", "an item is removed", VIEW_ITEMS, items(lambda v, d: v.pop(2)), A("CHANGED"))
pair(V, "items-swapped", "two items swap places", VIEW_ITEMS, items(lambda v, d: v.insert(0, v.pop(3))), A("CHANGED"))
pair(V, "items-unknown-added", "an unknown view type is added: shown as a placeholder", VIEW_ITEMS,
     items(lambda v, d: v.insert(1, {"view_type": "carousel", "view_data": {"items": []}})), A("BREAKING"))
pair(V, "items-type-renamed", "text_button renamed button: now a placeholder", VIEW_ITEMS,
     items(lambda v, d: v[2].update({"view_type": "button"})), A("BREAKING"))
pair(V, "items-data-missing", "a known item without view_data: the screen fails to decode", VIEW_ITEMS,
     items(lambda v, d: v[1].pop("view_data")), A("BREAKING"))
pair(V, "items-field-renamed", "title_text renamed title: the screen fails to decode", VIEW_ITEMS,
     items(lambda v, d: v[0].update({"view_data": {"title": "제목"}})), A("BREAKING"))
pair(V, "items-root-renamed", "view_items renamed items", VIEW_ITEMS, {"items": VIEW_ITEMS["view_items"]}, A("BREAKING"))

# --- Cards protocol: `type` + a sibling named like it, two apps ------------------------------------
# items-2.0: `FeedItem` with an optional payload, decoded from the sibling its type names (a decode
# error of that sibling rejects the screen); the view factory shows an item without a payload as
# nothing. cards-2.0: synthesized Codable, `type` and one optional sibling per kind; the card view
# shows the sibling its type names, and nothing when the type is unknown or that sibling is absent.
CARDS = {"title": "Home", "items": [
    {"type": "banner", "banner": {"headline": "Autumn picks", "imageURL": "https://cdn.example.com/autumn.png",
                                  "subtitle": "New arrivals every week"}},
    {"type": "text", "text": {"body": "Free returns on every order"}},
    {"type": "button", "button": {"title": "Shop now", "url": "shop://autumn"}},
]}


def cards(edit):
    doc = copy.deepcopy(CARDS)
    edit(doc["items"], doc)
    return doc


FEEDS = lambda label: {"items-2.0": label, "cards-2.0": label}
C = "cards"
pair(C, "cards-key-order", "same content, keys in another order", CARDS, None, FEEDS("UNCHANGED"),
     new_text=json.dumps({"items": [dict(reversed(list(i.items()))) for i in CARDS["items"]], "title": "Home"}))
pair(C, "cards-pretty", "same content, pretty-printed", CARDS, None, FEEDS("UNCHANGED"), new_text=json.dumps(CARDS, indent=2))
pair(C, "cards-gzip", "same content, now gzip-compressed", CARDS, CARDS, FEEDS("UNCHANGED"), new_encoding="gzip")
pair(C, "cards-extra-field", "an unknown field in the banner and one beside the items: neither app reads them", CARDS,
     cards(lambda i, d: (i[0]["banner"].update({"badge": "new"}), d.update({"nextPage": 2}))), FEEDS("UNCHANGED"))
pair(C, "cards-text-edit", "the text's body changes", CARDS,
     cards(lambda i, d: i[1]["text"].update({"body": "Free returns for 60 days"})), FEEDS("CHANGED"))
pair(C, "cards-screen-title", "the screen's title changes", CARDS, cards(lambda i, d: d.update({"title": "Today"})), FEEDS("CHANGED"))
pair(C, "cards-item-removed", "the server no longer sends the text", CARDS, cards(lambda i, d: i.pop(1)), FEEDS("CHANGED"))
pair(C, "cards-reordered", "the button moves to the top", CARDS, cards(lambda i, d: i.insert(0, i.pop(2))), FEEDS("CHANGED"))
pair(C, "cards-known-added", "a second text is added", CARDS,
     cards(lambda i, d: i.append({"type": "text", "text": {"body": "Gift wrapping available"}})), FEEDS("CHANGED"))
pair(C, "cards-optional-dropped", "the banner's optional subtitle is dropped: both show the banner without it", CARDS,
     cards(lambda i, d: i[0]["banner"].pop("subtitle")), FEEDS("CHANGED"))
pair(C, "cards-unknown-added", "a carousel (a kind neither app knows) with its products: both keep it as an empty item and show nothing",
     CARDS, cards(lambda i, d: i.insert(1, {"type": "carousel", "carousel": {"title": "Top picks", "products": [
         {"name": "Wool scarf", "price": "29.00 EUR"}, {"name": "Leather boots", "price": "149.00 EUR"}]}})), FEEDS("BREAKING"))
pair(C, "cards-kind-renamed", "the banner's kind renamed hero (type and sibling key), content kept: both show nothing for it", CARDS,
     cards(lambda i, d: i.__setitem__(0, {"type": "hero", "hero": i[0]["banner"]})), FEEDS("BREAKING"))
pair(C, "cards-type-renamed", "only the banner's type renamed hero, its content still under banner: both show nothing for it", CARDS,
     cards(lambda i, d: i[0].update({"type": "hero"})), FEEDS("BREAKING"))
pair(C, "cards-sibling-renamed", "the banner's content moves to hero_banner, type kept: items-2.0 cannot decode the banner and "
     "rejects the screen; cards-2.0 gets an empty banner card and shows nothing for it", CARDS,
     cards(lambda i, d: i.__setitem__(0, {"type": "banner", "hero_banner": i[0]["banner"]})), FEEDS("BREAKING"))
pair(C, "cards-field-retyped", "the button's title sent as a number: both reject the screen", CARDS,
     cards(lambda i, d: i[2]["button"].update({"title": 50})), FEEDS("BREAKING"))

# --- Discover protocol: `identifier` + `data`, two apps ---------------------------------------------
# swallow-1.4: `AnyWidget` catches any error of a widget's data and stores nil, an unknown
# identifier too; the page shows `widgets.compactMap { $0.widget }`. registry-1.4: `[String: Any]`
# from JSONSerialization and one factory per identifier: the text and button factories do `as!` on
# the data's values (a missing or retyped key crashes the app), the hero's headline and image default
# to empty; a PlaceholderWidget ("This content is not available: <id>") for an identifier nobody
# registered.
DISCOVER = {"page": {"title": "Discover", "widgets": [
    {"identifier": "hero", "data": {"headline": "Weekend trips", "imageURL": "https://cdn.example.com/trips.png", "badge": "New"}},
    {"identifier": "text", "data": {"text": "Hand-picked stays near you"}},
    {"identifier": "button", "data": {"title": "Explore", "url": "shop://trips"}},
]}}


def discover(edit):
    doc = copy.deepcopy(DISCOVER)
    edit(doc["page"]["widgets"], doc)
    return doc


PAGES = lambda label: {"swallow-1.4": label, "registry-1.4": label}
D = "discover"
pair(D, "discover-key-order", "same content, keys in another order", DISCOVER, None, PAGES("UNCHANGED"),
     new_text=json.dumps({"page": {"widgets": [{"data": dict(reversed(list(w["data"].items()))), "identifier": w["identifier"]}
                                               for w in DISCOVER["page"]["widgets"]], "title": "Discover"}}))
pair(D, "discover-pretty", "same content, pretty-printed", DISCOVER, None, PAGES("UNCHANGED"), new_text=json.dumps(DISCOVER, indent=4))
pair(D, "discover-gzip", "same content, now gzip-compressed", DISCOVER, DISCOVER, PAGES("UNCHANGED"), new_encoding="gzip")
pair(D, "discover-extra-field", "an unknown field in the hero's data and one beside the page: neither app reads them", DISCOVER,
     discover(lambda w, d: (w[0]["data"].update({"trackingId": "hero-7"}), d.update({"experiment": "b"}))), PAGES("UNCHANGED"))
pair(D, "discover-text-edit", "the text changes", DISCOVER,
     discover(lambda w, d: w[1]["data"].update({"text": "Stays under 100 EUR a night"})), PAGES("CHANGED"))
pair(D, "discover-page-title", "the page's title changes", DISCOVER,
     discover(lambda w, d: d["page"].update({"title": "Explore"})), PAGES("CHANGED"))
pair(D, "discover-widget-removed", "the server no longer sends the text", DISCOVER, discover(lambda w, d: w.pop(1)), PAGES("CHANGED"))
pair(D, "discover-reordered", "the button moves above the text", DISCOVER, discover(lambda w, d: w.insert(1, w.pop(2))), PAGES("CHANGED"))
pair(D, "discover-known-added", "a second hero is added", DISCOVER,
     discover(lambda w, d: w.append({"identifier": "hero", "data": {"headline": "City breaks",
                                                                    "imageURL": "https://cdn.example.com/cities.png"}})),
     PAGES("CHANGED"))
pair(D, "discover-optional-dropped", "the hero's optional badge is dropped: both show the hero without it", DISCOVER,
     discover(lambda w, d: w[0]["data"].pop("badge")), PAGES("CHANGED"))
pair(D, "discover-unknown-added", "a countdown (an identifier neither app knows) with its content: swallow-1.4 skips it, "
     "registry-1.4 shows a placeholder naming it and none of its content", DISCOVER,
     discover(lambda w, d: w.insert(1, {"identifier": "countdown", "data": {"title": "Flash sale ends in", "endsAt": "2025-11-30T18:00:00Z"}})),
     PAGES("BREAKING"))
pair(D, "discover-kind-renamed", "hero renamed banner, data kept: swallow-1.4 skips it, registry-1.4 shows a placeholder", DISCOVER,
     discover(lambda w, d: w[0].update({"identifier": "banner"})), PAGES("BREAKING"))
pair(D, "discover-key-renamed", "the hero's headline sent as title: swallow-1.4 skips the hero, registry-1.4 shows the hero "
     "with an empty headline",
     DISCOVER, discover(lambda w, d: w[0].__setitem__("data", {"title" if k == "headline" else k: v for k, v in w[0]["data"].items()})),
     PAGES("BREAKING"), schema_cannot_say={"registry-1.4": "registry-1.4 reads the headline with a default, so a response without it "
                                          "is one the app takes (the hero shows without a headline, a content removal); the break is that "
                                          "the text moved to a key the app does not read, which only the gate's comparison sees"})
pair(D, "discover-field-retyped", "the button's title sent as a number: swallow-1.4 skips the button, registry-1.4 crashes "
     "(data[\"title\"] as! String)", DISCOVER, discover(lambda w, d: w[2]["data"].update({"title": 50})), PAGES("BREAKING"))

shutil.rmtree(OUT, ignore_errors=True)
os.makedirs(OUT)
for p in pairs:
    with open(os.path.join(OUT, p["name"] + ".json"), "w", encoding="utf-8") as f:
        json.dump({k: v for k, v in p.items() if v is not None and k != "name"}, f, ensure_ascii=False, indent=1)
        f.write("\n")
labels = sum(len(p["expect"]) for p in pairs)
print(f"{len(pairs)} pairs, {labels} labels (" + ", ".join(f"{k} {sum(1 for p in pairs for v in p['expect'].values() if v == k)}"
                                                  for k in ["BREAKING", "CHANGED", "UNCHANGED"]) + ")")
