import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload
import SDUIScreen
@testable import SDUIScreen

/// Generated extremes, each decoded, rendered, re-encoded and decoded again on a 512 KiB stack.
@Suite struct ExtremeInputTests {
    struct Outcome: Sendable {
        var rendering: String
        var error: ScreenError?
        var screen: Screen?
    }

    /// Decode → render → encode → decode → render, all on a small stack.
    static func run(_ bytes: [UInt8], limits: DecodingLimits = .default) -> Outcome {
        onSmallStack {
            let decoder = ScreenDecoder(limits: limits)
            do throws(ScreenError) {
                let screen = try decoder.decode(bytes).screen
                let rendering = ScreenRenderer().render(screen)
                // The re-encoded JSON is uncompressed, so it may exceed an input limit the payload met.
                let encoded = screen.encodedJSON()
                var roundTrip = limits
                roundTrip.payload.maxInputBytes = max(limits.payload.maxInputBytes, encoded.count)
                let again = try ScreenDecoder(limits: roundTrip).decode(encoded).screen
                precondition(ScreenRenderer().render(again) == rendering, "round trip changed the rendering")
                return Outcome(rendering: rendering, error: nil, screen: screen)
            } catch {
                return Outcome(rendering: ScreenRenderer().render(rejection: error), error: error, screen: nil)
            }
        }
    }

    static func bytes(_ parts: String...) -> [UInt8] { Array(parts.joined().utf8) }
    static let open = String(repeating: "[", count: 1_000_000), close = String(repeating: "]", count: 1_000_000)

    @Test func millionNestedArraysAnywhere() {
        let whole = Self.run(Self.bytes(Self.open, Self.close))
        #expect(whole.error == .rootNotObject(found: "array"))
        let unclosed = Self.run(Self.bytes(Self.open))
        #expect(unclosed.error?.code == "json.syntax")
        let asTitle = Self.run(Self.bytes(#"{"screen":"s","version":1,"title":"#, Self.open, Self.close, #","components":[]}"#),
                               limits: DecodingLimits(payload: PayloadLimits(maxInputBytes: 4 << 20)))
        #expect(asTitle.screen?.warnings.map(\.code) == [.invalidOptionalField])
        let asComponent = Self.run(Self.bytes(#"{"screen":"s","version":1,"components":["#, Self.open, Self.close, "]}"))
        #expect(asComponent.screen?.components.first?.content == .invalid(kind: nil, reason: "not an object (array)"))
        let inUnknownField = Self.run(Self.bytes(#"{"screen":"s","version":1,"x":"#, Self.open, Self.close, #","components":[]}"#))
        #expect(inUnknownField.screen?.warnings == [])
    }

    @Test func tenThousandNestedStacks() {
        var json = #"{"type":"text","data":{"text":"leaf"}}"#
        for _ in 0..<10_000 { json = #"{"type":"stack","data":{"axis":"vertical","children":["# + json + "]}}" }
        let outcome = Self.run(Self.bytes(#"{"screen":"deep","version":1,"components":["#, json, "]}"))
        guard let screen = outcome.screen else { Issue.record("rejected: \(outcome.rendering)"); return }
        #expect(screen.warnings.map(\.code) == [.stackTooDeep])
        #expect(outcome.rendering.contains("invalid stack: stack nested deeper than 32"))
        #expect(outcome.rendering.split(separator: "\n").count == 1 + 33 + 2)
    }

    @Test func hundredThousandComponents() {
        let components = Array(repeating: #"{"type":"spacer","data":{"height":1}}"#, count: 100_000).joined(separator: ",")
        let json = Self.bytes(#"{"screen":"big","version":1,"components":["#, components, "]}")
        let byDefault = Self.run(json)
        #expect(byDefault.error == .limitExceeded(path: "$.components[10000]", limit: "components", value: 10_000))
        let everythingAllowed = Self.run(json, limits: DecodingLimits(maxComponents: 100_000))
        #expect(everythingAllowed.screen?.components.count == 100_000)
        #expect(everythingAllowed.rendering.split(separator: "\n").count == 100_001)
    }

    @Test func extremeNumbers() {
        func spacer(_ number: String) -> Outcome {
            Self.run(Self.bytes(#"{"screen":"n","version":1,"components":[{"type":"spacer","data":{"height":"#, number, "}}]}"))
        }
        #expect(spacer("1e999").rendering.contains(#"invalid spacer: "height" out of range: 1e999 (0…10000)"#))
        #expect(spacer("-0").rendering.contains("spacer height=0"))
        #expect(spacer("-0").screen?.warnings == [])
        #expect(spacer("9223372036854775808").rendering.contains("out of range: 9.223372036854776e+18"))
        #expect(spacer("1e-400").rendering.contains("spacer height=0"))
        #expect(spacer("123456789012345678901234567890").screen?.warnings.map(\.code) == [.invalidComponent])
        #expect(spacer("1E2").rendering.contains("spacer height=100"))
    }

    @Test func surrogatesUTF8AndNULs() {
        let loneInValue = Self.run(Self.bytes(#"{"screen":"s","version":1,"components":[{"type":"text","data":{"text":"\uD800"}}]}"#))
        #expect(loneInValue.rendering == "rejected [json.syntax] at $.components[0].data.text (byte 71): invalid JSON: unpaired UTF-16 surrogate in \\u escape\n")
        let loneInKey = Self.run(Self.bytes(#"{"screen":"s","version":1,"\uDC00":1,"components":[]}"#))
        #expect(loneInKey.error?.code == "json.syntax")
        var badKey = Self.bytes(#"{"screen":"s","version":1,""#)
        badKey += [0xF8, 0x88] + Self.bytes(#"":1,"components":[]}"#)
        #expect(Self.run(badKey).error == .json(JSONSyntaxError(.invalidUTF8, offset: 27, path: "$.version")))
        var badValue = Self.bytes(#"{"screen":"s"#)
        badValue += [0xE2, 0x82] + Self.bytes(#"","version":1,"components":[]}"#)
        #expect(Self.run(badValue).error?.code == "json.syntax")
        // A raw NUL in a string is invalid JSON; an escaped one is text, rendered visibly.
        #expect(Self.run(Self.bytes(#"{"screen":"s"#) + [0] + Self.bytes(#"","version":1,"components":[]}"#)).error?.code == "json.syntax")
        let escaped = Self.run(Self.bytes(#"{"screen":"s","version":1,"components":[{"type":"text","data":{"text":"a\u0000b"}}]}"#))
        #expect(escaped.rendering.contains(#"text [body] "a\u0000b""#))
        #expect(Self.run(Self.bytes(#"{"screen":"s","version":1,"components":[]}"#) + [0]).error?.code == "json.syntax")
    }

    @Test func fourMebibyteString() {
        let text = String(repeating: "x", count: 4 << 20)
        let json = Self.bytes(#"{"screen":"s","version":1,"components":[{"type":"text","data":{"text":""#, text, #""}}]}"#)
        #expect(Self.run(json).error?.code == "payload.input_too_large")
        let gz = Deflater.compress(json, as: .gzip)
        #expect(gz.count < 4 << 20)
        let compressed = Self.run(gz)  // small on the wire, within the 16 MiB decompressed limit
        #expect(compressed.screen?.components.count == 1)
        #expect(compressed.rendering.utf8.count > 4 << 20)
    }
}
