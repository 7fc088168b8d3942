import Foundation
import Testing
import TestSupport
@testable import SDUIPayload

/// The compression vectors in ../shared/external/compression, checked against MANIFEST.tsv.
@Suite(.enabled(if: TestPaths.externalDataAvailable, "needs ../shared/external"))
struct CompressionVectorTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var path: String
        var format: String
        var result: String
        var decodedBytes: Int?
        var expectedOutput: String?
        var testDescription: String { "\(path) [\(result)]" }
    }

    static let dir = TestPaths.external.appendingPathComponent("compression")

    static let rows: [Row] = {
        guard let text = try? String(contentsOf: dir.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(path: f[0], format: f[1], result: f[3], decodedBytes: Int(f[5]),
                       expectedOutput: f.count > 6 && !f[6].isEmpty ? f[6] : nil)
        }
    }()

    static func encoding(_ format: String) -> DeclaredEncoding {
        switch format {
        case "gzip": .exactly(.gzip)
        case "zlib": .exactly(.zlib)
        default: .exactly(.rawDeflate)
        }
    }

    /// Limits big enough for every legitimate vector, small enough to stop the bomb.
    static let decoder = PayloadDecoder(limits: PayloadLimits(maxInputBytes: 16 << 20, maxDecodedBytes: 8 << 20))

    @Test func manifestIsPresent() {
        #expect(Self.rows.count == 210)
    }

    @Test(arguments: rows.filter { $0.result == "OK" })
    func okStreamsDecodeToTheirExpectedOutput(_ row: Row) throws {
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(row.path))
        let decoded = try Self.decoder.decode(bytes, declared: Self.encoding(row.format))
        #expect(decoded.text.count == row.decodedBytes)
        if let expected = row.expectedOutput {
            #expect(decoded.text == (try TestPaths.bytes(Self.dir.appendingPathComponent(expected))))
        }
        // gzip and zlib are recognised without a declared encoding too.
        if row.format != "deflate" {
            #expect(try Self.decoder.decode(bytes).text.count == row.decodedBytes)
        }
    }

    @Test(arguments: rows.filter { $0.result.hasPrefix("OK_WITH") })
    func trailingGarbageIsAnError(_ row: Row) throws {
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(row.path))
        let error = #expect(throws: PayloadError.self) { try Self.decoder.decode(bytes, declared: Self.encoding(row.format)) }
        guard case .trailingData(_, let offset, let count)? = error else {
            Issue.record("expected trailing data, got \(String(describing: error))"); return
        }
        let junk = Int(row.result.split(separator: "_")[2].dropLast(1))!  // OK_WITH_<n>B_TRAILING_GARBAGE
        #expect(count == junk)
        #expect(offset == bytes.count - junk)
    }

    @Test(arguments: rows.filter { $0.result == "TRUNCATED_NO_FINAL_BLOCK" })
    func truncatedStreamsAreErrors(_ row: Row) throws {
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(row.path))
        let error = #expect(throws: PayloadError.self) { try Self.decoder.decode(bytes, declared: Self.encoding(row.format)) }
        guard case .truncated(_, let offset)? = error else {
            Issue.record("expected truncation, got \(String(describing: error))"); return
        }
        #expect(offset == bytes.count)
    }

    @Test(arguments: rows.filter { $0.result.hasPrefix("ERR:") })
    func corruptStreamsAreRejected(_ row: Row) throws {
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(row.path))
        let error = #expect(throws: PayloadError.self) { try Self.decoder.decode(bytes, declared: Self.encoding(row.format)) }
        switch error {
        case .badHeader?: #expect(row.result.contains("header flags"))
        case .corruptData(_, let offset, let reason)?:
            #expect(offset <= bytes.count)
            #expect(row.result.contains(reason.prefix(12)) || reason.contains("invalid"))
        default: Issue.record("unexpected \(String(describing: error))")
        }
    }

    @Test func bombIsStoppedEarlyByTheLimit() throws {
        let row = try #require(Self.rows.first { $0.result.hasPrefix("BOMB") })
        let bytes = try TestPaths.bytes(Self.dir.appendingPathComponent(row.path))
        let limit = 16 << 20
        let decoder = PayloadDecoder(limits: PayloadLimits(maxInputBytes: 4 << 20, maxDecodedBytes: limit))
        let error = #expect(throws: PayloadError.self) { try decoder.decode(bytes) }
        guard case .decodedTooLarge(let reported, let inputOffset)? = error else {
            Issue.record("expected the limit to stop it, got \(String(describing: error))"); return
        }
        #expect(reported == limit)
        // It stops where the output crosses the limit: about 1/1000 of the way into the input.
        #expect(inputOffset < bytes.count / 10)
    }
}
