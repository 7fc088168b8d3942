import Foundation
// One import in a test file: the clients, findings, DecoderUnderTest and the rendering model come with it.
@_exported import SDUIContract
@_exported import SDUIPlugIn
import Testing
import XCTest

/// The record modes of ``assertContract(_:contentEncoding:matches:client:record:failOn:redactions:goldenDirectory:fileID:filePath:line:column:)``
/// are the gate's (``RecordMode``): one vocabulary for both.
@available(*, deprecated, renamed: "RecordMode")
public typealias ContractRecordMode = RecordMode

/// Asserts that a server response, as `client` shows it, matches its golden with the contract
/// gate's classification: the test fails on a difference at or above `failOn` (default: breaking),
/// with the findings, the diff and the command that re-records. Works in XCTest and Swift Testing.
///
/// ```swift
/// @Test func homeStillRenders() async throws {
///     let body = try Data(contentsOf: fixture("home.json"))
///     await assertContract([UInt8](body), matches: "home", client: InProcessClient(HomeDecoderUnderTest.decoder))
/// }
/// ```
///
/// Goldens live beside the test file in `__Goldens__/<TestFile>/<name>.txt` (or in
/// `goldenDirectory`), in the same text format as `sdui contract` goldens.
/// - Returns: the findings (also those below `failOn`, which do not fail the test).
@discardableResult
public func assertContract(
    _ response: [UInt8],
    contentEncoding: String? = nil,
    matches name: String,
    client: some ContractClient,
    record: RecordMode? = nil,
    failOn: Severity = .breaking,
    redactions: [RedactionRule] = [],
    goldenDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async -> [Finding] {
    let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let file = URL(fileURLWithPath: "\(filePath)")
    let directory = goldenDirectory.map { URL(fileURLWithPath: $0) }
        ?? file.deletingLastPathComponent().appendingPathComponent("__Goldens__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    let goldenURL = directory.appendingPathComponent("\(name).txt")
    let mode = RecordMode.effective(record)
    let golden = (try? Data(contentsOf: goldenURL)).map { String(decoding: $0, as: UTF8.self) }
    let goldenRendering = golden.flatMap { try? Rendering.parse($0) }

    let fetched = FetchedResponse(contentEncoding: contentEncoding, body: response, source: name)
    let rendered: ResponseRendering
    switch await ResponseRenderer(redactions: redactions).render(fetched, client: client, secrets: Secrets(environment: [:]),
                                                                 golden: goldenRendering) {
    case .failure(let failure):
        fail("\(failure.rule.id) \(failure.rule.name): \(failure.message)" + (failure.detail.map { "\n" + $0 } ?? ""), at: location, filePath: filePath, line: line)
        return []
    case .success(let r):
        rendered = r
    }

    // The same decision as `sdui contract`'s (GoldenCheck); a test reports it by failing, so that
    // whatever it wrote is reviewed before it passes.
    switch GoldenCheck.verify(rendered.rendering, text: rendered.text, against: golden, mode: mode, contract: name, sent: rendered.sent) {
    case .pass:
        return []
    case .missing:
        fail("no golden at \(goldenURL.path); record it with SDUI_RECORD=missing (never in CI)", at: location, filePath: filePath, line: line)
        return []
    case .unreadable(let why):
        fail("the golden \(goldenURL.path) cannot be read (\(why)); re-record it with SDUI_RECORD=all", at: location, filePath: filePath, line: line)
        return []
    case .write(let replacing):
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(rendered.text.utf8).write(to: goldenURL, options: .atomic)
        } catch {
            fail("cannot write the golden \(goldenURL.path): \(error.localizedDescription)", at: location, filePath: filePath, line: line)
            return replacing ?? []
        }
        if let replacing, let golden {
            fail("re-recorded \(goldenURL.path) (\(replacing.count) difference(s)): review the change and run the test again\n"
                 + describe(replacing, golden: golden, current: rendered.text, file: goldenURL.lastPathComponent),
                 at: location, filePath: filePath, line: line)
        } else {
            fail("recorded a new golden at \(goldenURL.path): review it and run the test again\n\(rendered.text)",
                 at: location, filePath: filePath, line: line)
        }
        return replacing ?? []
    case .differs(let findings):
        let failing = findings.filter { $0.rule.severity >= failOn }
        if !failing.isEmpty {
            fail("\(client.name) no longer shows \(name) as its golden does: \(failing.count) \(failOn.rawValue)-or-worse difference(s)\n"
                 + describe(findings, golden: golden ?? "", current: rendered.text, file: goldenURL.lastPathComponent)
                 + "\nIf the change is intended, re-record: SDUI_RECORD=all swift test --filter <this test>",
                 at: location, filePath: filePath, line: line)
        }
        return findings
    }
}

private func describe(_ findings: [Finding], golden: String, current: String, file: String) -> String {
    var out = findings.map { f in
        "  \(f.rule.id) \(f.rule.name) [\(f.rule.severity.rawValue)] \(f.path ?? "$"): \(f.message)"
            + ((f.old != nil || f.new != nil) ? "\n      was: \(f.old ?? "—")\n      now: \(f.new ?? "—")" : "")
    }.joined(separator: "\n")
    out += "\n" + UnifiedDiff.diff(golden, current, oldName: file, newName: "current rendering")
    return out
}

/// Records a failure in whichever test framework is running.
private func fail(_ message: String, at location: SourceLocation, filePath: StaticString, line: UInt) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
