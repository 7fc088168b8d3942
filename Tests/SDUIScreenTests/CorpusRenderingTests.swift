import Foundation
import Testing
import TestSupport
import SDUIJSON
import SDUIPayload
import SDUIScreen

/// Every seed in Corpus/seeds has its expected rendering (or rejection) checked in under
/// Corpus/renderings/<seed>.txt. Re-record after an intended change with
/// `SDUI_RECORD_RENDERINGS=1 swift test --filter CorpusRenderingTests`, then review the diff.
@Suite struct CorpusRenderingTests {
    static let seeds = TestPaths.files(under: TestPaths.corpusSeeds)
    static let recording = ProcessInfo.processInfo.environment["SDUI_RECORD_RENDERINGS"] == "1"

    static func outcome(_ seed: String) throws -> Result<Screen, ScreenError> {
        let bytes = try TestPaths.bytes(TestPaths.corpusSeeds.appendingPathComponent(seed))
        do { return .success(try ScreenDecoder().decode(bytes, declared: DeclaredEncoding(fileName: seed)).screen) } catch { return .failure(error) }
    }

    @Test(arguments: seeds)
    func renderingMatchesTheCheckedInOne(_ seed: String) throws {
        let actual = ScreenRenderer().render(try Self.outcome(seed))
        let file = TestPaths.corpusRenderings.appendingPathComponent(seed + ".txt")
        let expected = try? String(contentsOf: file, encoding: .utf8)
        if Self.recording {
            if expected != actual { try Data(actual.utf8).write(to: file, options: .atomic) }
            return
        }
        guard let expected else {
            Issue.record("no rendering for \(seed); record it with SDUI_RECORD_RENDERINGS=1 swift test --filter CorpusRenderingTests")
            return
        }
        #expect(actual == expected, """
            rendering of \(seed) changed; if intended, re-record with \
            SDUI_RECORD_RENDERINGS=1 swift test --filter CorpusRenderingTests
            --- expected
            \(expected)--- actual
            \(actual)
            """)
    }

    @Test func everyRenderingHasItsSeed() {
        let renderings = TestPaths.files(under: TestPaths.corpusRenderings)
        let orphans = renderings.filter { !Self.seeds.contains(String($0.dropLast(4))) }
        #expect(orphans.isEmpty, "renderings without a seed: \(orphans)")
        #expect(Self.seeds.count >= 40)
    }

    /// The corpus covers every component kind, action, default, warning, error and encoding.
    @Test func corpusCoversTheWholeProtocol() throws {
        var kinds = Set<String>(), actions = Set<String>(), warnings = Set<DecodeWarning.Code>()
        var errors = Set<String>(), encodings = Set<ContentEncoding>(), defaults = Set<String>()
        func walk(_ components: [Component]) {
            for c in components {
                kinds.insert(c.content.kindName)
                switch c.content {
                case .button(let b):
                    switch b.action {
                    case .navigate?: actions.insert("navigate")
                    case .openURL?: actions.insert("open_url")
                    case .dismiss?: actions.insert("dismiss")
                    case nil: break
                    }
                case .stack(let s): walk(s.children)
                default: break
                }
            }
        }
        for seed in Self.seeds {
            let bytes = try TestPaths.bytes(TestPaths.corpusSeeds.appendingPathComponent(seed))
            let decoded: DecodedScreen
            do { decoded = try ScreenDecoder().decode(bytes, declared: DeclaredEncoding(fileName: seed)) } catch { errors.insert(error.code); continue }
            encodings.insert(decoded.encoding)
            warnings.formUnion(decoded.screen.warnings.map(\.code))
            walk(decoded.screen.components)
        }
        // Defaults: defaults.json leaves every optional field out, and the defaults are used.
        let defaultsSeed = TestPaths.corpusSeeds.appendingPathComponent("defaults.json")
        let defaultsText = String(decoding: try TestPaths.bytes(defaultsSeed), as: UTF8.self)
        #expect(!defaultsText.contains("\"style\":\"body\"") && !defaultsText.contains("aspect_ratio") && !defaultsText.contains("\"spacing\":"))
        for c in try ScreenDecoder().decode(try TestPaths.bytes(defaultsSeed)).screen.components {
            switch c.content {
            case .text(let t) where t.style == .body: defaults.insert("text.style")
            case .button(let b) where b.style == .primary: defaults.insert("button.style")
            case .image(let i) where i.aspectRatio == 1: defaults.insert("image.aspect_ratio")
            case .stack(let s) where s.spacing == 0: defaults.insert("stack.spacing")
            default: break
            }
        }
        #expect(kinds.isSuperset(of: Kind.allCases.map(\.rawValue) + ["unsupported", "invalid"]))
        #expect(actions == Set(Action.typeNames))
        #expect(warnings == Set(DecodeWarning.Code.allCases))
        #expect(encodings == Set(ContentEncoding.allCases))
        #expect(defaults == ["text.style", "button.style", "image.aspect_ratio", "stack.spacing"])
        let expectedErrors: Set<String> = [
            "json.syntax", "screen.root_not_object", "screen.missing_field", "screen.wrong_type", "screen.invalid_value",
            "screen.unsupported_version", "screen.limit_exceeded", "payload.decoded_too_large", "payload.truncated",
            "payload.trailing_data", "payload.bad_header", "payload.preset_dictionary", "payload.checksum_mismatch",
            "payload.length_mismatch", "payload.corrupt_data",
        ]
        #expect(errors.isSuperset(of: expectedErrors), "missing: \(expectedErrors.subtracting(errors))")
    }
}
