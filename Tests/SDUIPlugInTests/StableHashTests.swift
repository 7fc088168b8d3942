import SDUIPlugIn
import XCTest

/// The one stable hash, pinned: it names what users keep (accept-list fingerprints, crash
/// signatures and slow-input artifacts), so a change here would orphan their stored names.
final class StableHashTests: XCTestCase {
    func testPublishedFNV1a64Vectors() {
        XCTAssertEqual(StableHash.fnv1a64(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(StableHash.fnv1a64("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(StableHash.fnv1a64("foobar"), 0x8594_4171_f739_67e8)
        XCTAssertEqual(StableHash.fnv1a64(Array("foobar".utf8)), 0x8594_4171_f739_67e8)
    }

    func testPartsAreSeparatedAndHexIsSixteenDigits() {
        XCTAssertNotEqual(StableHash.fnv1a64(parts: ["ab", "c"]), StableHash.fnv1a64(parts: ["a", "bc"]))
        XCTAssertEqual(StableHash.fnv1a64(parts: ["a", "b"]), StableHash.fnv1a64("a\u{1f}b"))
        XCTAssertEqual(StableHash.hex(0xab), "00000000000000ab")
        // A stored accept-list fingerprint: contract, rule, path, old, new.
        XCTAssertEqual(StableHash.hex(StableHash.fnv1a64(parts: ["home@ios", "SDUI-B008", "views[1]", "grid", ""])),
                       StableHash.hex(StableHash.fnv1a64("home@ios\u{1f}SDUI-B008\u{1f}views[1]\u{1f}grid\u{1f}")))
    }
}
