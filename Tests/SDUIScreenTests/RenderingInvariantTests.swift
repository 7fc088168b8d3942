import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload
import SDUIScreen

/// Properties of the rendering, over the corpus and over generated screens:
/// - it does not depend on key order, whitespace, number spelling or compression;
/// - encoding a decoded screen to JSON and decoding that renders byte-identically.
@Suite struct RenderingInvariantTests {
    static let decoder = ScreenDecoder()
    static let renderer = ScreenRenderer()

    static func render(_ bytes: [UInt8], declared: DeclaredEncoding? = nil) -> String {
        do { return renderer.render(try decoder.decode(bytes, declared: declared).screen) } catch { return renderer.render(rejection: error) }
    }

    /// Asserts every invariant for one JSON text that decodes.
    static func checkInvariants(_ json: [UInt8], seed: UInt64, label: String) throws {
        let value = try JSONParser().parse(json)
        let screen = try decoder.decode(json).screen
        let rendering = renderer.render(screen)

        var respeller = JSONRespeller(seed: seed)
        for n in 0..<3 {
            let respelled = respeller.respell(value)
            #expect(render(respelled) == rendering, "\(label): respelling \(n) renders differently:\n\(String(decoding: respelled, as: UTF8.self))")
        }
        for encoding in ContentEncoding.allCases {
            for level: Int32 in [1, 9] {
                // Raw deflate cannot be sniffed: it arrives declared, as `Content-Encoding: deflate`.
                let declared: DeclaredEncoding? = encoding == .rawDeflate ? .deflate : nil
                #expect(render(Deflater.compress(json, as: encoding, level: level), declared: declared) == rendering, "\(label): \(encoding) level \(level)")
            }
        }
        for options in [JSONSerializer.Options(), .init(sortedKeys: true, pretty: true)] {
            let encoded = screen.encodedJSON(options: options)
            let again = try decoder.decode(encoded).screen
            #expect(renderer.render(again) == rendering, "\(label): re-encoded screen renders differently:\n\(String(decoding: encoded, as: UTF8.self))")
            #expect(again.warnings == screen.warnings, "\(label)")
        }
    }

    @Test(arguments: TestPaths.files(under: TestPaths.corpusSeeds))
    func corpusSeedsKeepTheirRendering(_ seed: String) throws {
        let bytes = try TestPaths.bytes(TestPaths.corpusSeeds.appendingPathComponent(seed))
        let declared = DeclaredEncoding(fileName: seed)
        guard (try? Self.decoder.decode(bytes, declared: declared)) != nil else { return }  // rejected: see CorpusRenderingTests
        let text = try PayloadDecoder().decode(bytes, declared: declared).text
        let json = text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text
        try Self.checkInvariants(json, seed: UInt64(truncatingIfNeeded: seed.hashValue & 0xffff), label: seed)
    }

    @Test(arguments: 0..<200)
    func generatedScreensKeepTheirRendering(_ n: Int) throws {
        var generator = ScreenGenerator(seed: UInt64(n))
        let json = JSONSerializer.serialize(generator.screen())
        try Self.checkInvariants(json, seed: UInt64(n) &* 7919, label: "generated screen \(n)")
    }

    @Test func renderingIsTheDocumentedFormat() throws {
        let json = #"""
        {"screen":"home","version":1,"title":"Home","components":[
          {"type":"text","id":"greeting","data":{"text":"GREEN"}},
          {"type":"button","data":{"title":"Click Here","action":{"type":"navigate","destination":"/details"}}},
          {"type":"stack","data":{"axis":"vertical","spacing":8,"children":[{"type":"carousel","data":{}}]}},
          {"type":"two_line_text","data":{"title":"x"}}]}
        """#
        #expect(Self.render(Array(json.utf8)) == """
            screen home v1 "Home"
            ├─ text#greeting [body] "GREEN"
            ├─ button [primary] "Click Here" → navigate /details
            ├─ stack vertical spacing=8
            │  └─ unsupported "carousel"  @ $.components[2].data.children[0]
            └─ invalid two_line_text: missing "subtitle"  @ $.components[3]
            warnings:
              $.components[2].data.children[0]: unknown component type "carousel"
              $.components[3].data: missing required field "subtitle"

            """)
    }
}
