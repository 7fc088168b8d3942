import Foundation
import Testing
import TestSupport
@testable import SDUIJSON

/// nst/JSONTestSuite (in ../shared/external): every `n_` file rejected with a typed error, every
/// `y_` file accepted, every `i_` file either way without a crash.
@Suite(.enabled(if: TestPaths.externalDataAvailable, "needs ../shared/external"))
struct JSONTestSuiteTests {
    static let dir = TestPaths.external.appendingPathComponent("JSONTestSuite/test_parsing")

    static func files(_ prefix: String) -> [String] {
        TestPaths.files(under: dir).filter { $0.hasPrefix(prefix) }
    }

    @Test func suiteIsPresent() {
        #expect(Self.files("y_").count == 95)
        #expect(Self.files("n_").count == 188)
        #expect(Self.files("i_").count == 35)
    }

    @Test(arguments: files("y_"))
    func mustAccept(_ name: String) throws {
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(name))
        #expect(throws: Never.self, "\(name)") { _ = try JSONParser().parse(bytes) }
    }

    @Test(arguments: files("n_"))
    func mustReject(_ name: String) throws {
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(name))
        #expect(throws: JSONSyntaxError.self, "\(name)") { _ = try JSONParser().parse(bytes) }
    }

    @Test(arguments: files("i_"))
    func implementationDefined(_ name: String) throws {
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(name))
        do {
            let value = try JSONParser().parse(bytes)
            // Whatever is accepted serializes to JSON that parses back to the same value.
            #expect(try JSONParser().parse(JSONSerializer.serialize(value)) == value)
        } catch {
            #expect(error.offset >= 0 && error.offset <= bytes.count)
        }
    }
}
