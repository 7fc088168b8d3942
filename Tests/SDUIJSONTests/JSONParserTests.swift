import Testing
@testable import SDUIJSON

private func parse(_ text: String, depth: Int = 512) throws(JSONSyntaxError) -> JSONValue {
    try JSONParser(materializationDepth: depth).parse(Array(text.utf8))
}

private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do { _ = try JSONParser().parse(bytes); return nil } catch { return error }
}

@Suite struct JSONParserTests {
    @Test func parsesScalarsAndContainers() throws {
        let value = try parse(#" {"a": [1, -2.5, 1e2, true, false, null, "x"], "b": {}} "#)
        #expect(value == ["a": [1, -2.5, 100, true, false, nil, "x"], "b": .object([])])
    }

    @Test func numberSpellingsGiveTheSameValue() throws {
        for spelling in ["1", "1.0", "1e0", "10e-1", "0.1e1", "1.00000000000000000000001"] {
            #expect(try parse(spelling) == .number(1), "\(spelling)")
        }
        #expect(try parse("1e999") == .number(.infinity))
        #expect(try parse("-1e999") == .number(-.infinity))
        guard case .number(let negativeZero) = try parse("-0") else { Issue.record("not a number"); return }
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try parse("9223372036854775808") == .number(9_223_372_036_854_775_808.0))
        #expect(try parse("0.1") == .number(0.1))
        #expect(try parse("123456789.123456789") == .number(123456789.123456789))
        #expect(try parse("1e-400") == .number(0))
    }

    @Test func rejectsNonJSONNumbers() {
        for bad in ["01", "1.", ".5", "+1", "1e", "1e+", "-", "0x10", "NaN", "Infinity", "1.5e3.2"] {
            #expect(syntaxError(Array(bad.utf8)) != nil, "\(bad) should be rejected")
        }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        #expect(try parse(#""\u00e9\u4e2d\ud83d\ude00""#) == .string("é中😀"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func rejectsLoneSurrogatesWithTheirOffset() {
        let lowAlone = syntaxError(Array(#"{"t": "\uDFF3"}"#.utf8))
        #expect(lowAlone?.reason == .loneSurrogate)
        #expect(lowAlone?.offset == 7)
        #expect(lowAlone?.path == "$.t")
        #expect(syntaxError(Array(#""\uD800x""#.utf8))?.reason == .loneSurrogate)
        #expect(syntaxError(Array(#""\uD800\u0041""#.utf8))?.reason == .loneSurrogate)
    }

    @Test func rejectsInvalidUTF8InStringsAndKeysWithTheirOffset() {
        let inString: [UInt8] = Array(#"{"a":"x"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(syntaxError(inString)?.reason == .invalidUTF8)
        #expect(syntaxError(inString)?.offset == 7)
        let inKey: [UInt8] = [UInt8(ascii: "{"), UInt8(ascii: "\"")] + [0xFF] + Array(#"":1}"#.utf8)
        #expect(syntaxError(inKey)?.reason == .invalidUTF8)
        #expect(syntaxError(inKey)?.offset == 2)
        // Overlong encoding, encoded surrogate, past U+10FFFF, truncated sequence.
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE4, 0xB8]] {
            #expect(syntaxError([0x22] + bad + [0x22])?.reason == .invalidUTF8)
        }
    }

    @Test func nulBytesAreControlCharactersInStringsButFineEscaped() throws {
        #expect(syntaxError([0x22, 0x00, 0x22])?.reason == .controlCharacterInString(0))
        #expect(syntaxError(Array("{\"a\":1}".utf8) + [0])?.reason == .trailingData)
        #expect(try parse(#"{"a\u0000b": "\u0000"}"#) == .object([JSONMember("a\u{0}b", "\u{0}")]))
    }

    @Test func reportsOffsetsAndPathsOfSyntaxErrors() {
        let e = syntaxError(Array(#"{"components": [{"type": "text"}, {"type" "x"}]}"#.utf8))
        #expect(e?.offset == 42)
        #expect(e?.path == "$.components[1].type")
        #expect(syntaxError([])?.reason == .emptyInput)
        #expect(syntaxError(Array("  ".utf8))?.reason == .emptyInput)
        #expect(syntaxError(Array("[1,2".utf8))?.reason == .unexpectedEnd)
        #expect(syntaxError(Array("[1] [2]".utf8))?.reason == .trailingData)
        #expect(syntaxError(Array("[tru]".utf8))?.reason == .invalidLiteral)
    }

    @Test func millionNestedArraysAreElidedNotRecursed() throws {
        let n = 1_000_000
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: n) + [UInt8](repeating: UInt8(ascii: "]"), count: n)
        let value = try JSONParser(materializationDepth: 10).parse(bytes)
        var depth = 0
        var current = value
        while case .array(let elements) = current, let first = elements.first { current = first; depth += 1 }
        #expect(depth == 10)
        guard case .elided(let elided) = current else { Issue.record("expected an elided container"); return }
        #expect(!elided.isObject)
        #expect(elided.raw.count == 2 * (n - 10))
        // The elided bytes are written back verbatim.
        #expect(JSONSerializer.serialize(value) == bytes)
        // Unbalanced: the error is found, at the end.
        let unbalanced = [UInt8](repeating: UInt8(ascii: "["), count: n)
        #expect(syntaxError(unbalanced)?.reason == .unexpectedEnd)
        #expect(syntaxError(unbalanced)?.offset == n)
    }

    @Test func elidedRegionsAreStillValidated() {
        let bad = Array(#"[[[[{"a": 1,}]]]]"#.utf8)
        #expect((try? JSONParser(materializationDepth: 2).parse(bad)) == nil)
        let badString: [UInt8] = Array(#"[[[["#.utf8) + [0x22, 0xFF, 0x22] + Array("]]]]".utf8)
        #expect((try? JSONParser(materializationDepth: 2).parse(badString)) == nil)
    }

    @Test func fourMebibyteString() throws {
        let big = String(repeating: "é", count: 2 << 20)  // 4 MiB of UTF-8
        let value = try JSONParser().parse(Array("\"\(big)\"".utf8))
        #expect(value == .string(big))
    }

    @Test func duplicateKeysKeepBothAndLookupTakesTheLast() throws {
        let value = try parse(#"{"a": 1, "a": 2}"#)
        #expect(value["a"] == .number(2))
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.count == 2)
    }
}

@Suite struct JSONSerializerTests {
    @Test func roundTripsThroughTheParser() throws {
        let texts = [#"{"a":[1,2.5,-0,1e+300,"x\"y\n",true,null],"b":{"c":{}},"d":[]}"#, #""\u0001\u007f""#, "1e999"]
        for text in texts {
            let value = try parse(text)
            let again = try JSONParser().parse(JSONSerializer.serialize(value))
            #expect(again == value, "\(text)")
            let pretty = try JSONParser().parse(JSONSerializer.serialize(value, options: .init(sortedKeys: true, pretty: true)))
            #expect(pretty == value || text.contains("\"b\""), "\(text)")
        }
    }

    @Test func sortsKeysByBytes() {
        let value: JSONValue = ["b": 1, "a": 2, "B": 3]
        #expect(JSONSerializer.string(value, options: .init(sortedKeys: true)) == #"{"B":3,"a":2,"b":1}"#)
    }

    @Test func formatsNumbersCanonically() {
        #expect(JSONSerializer.formatNumber(1) == "1")
        #expect(JSONSerializer.formatNumber(1.5) == "1.5")
        #expect(JSONSerializer.formatNumber(-0.0) == "-0")
        #expect(JSONSerializer.formatNumber(.infinity) == "1e999")
        #expect(JSONSerializer.formatNumber(1e300) == "1e+300")
    }
}
