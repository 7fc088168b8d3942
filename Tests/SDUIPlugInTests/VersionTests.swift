import Foundation
import SDUIPlugIn
import TestSupport
import XCTest

/// One version: the constant `sdui --version` prints is the newest release CHANGELOG.md records.
final class VersionTests: XCTestCase {
    func testTheVersionIsTheChangelogsNewestRelease() throws {
        let changelog = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let newest = try XCTUnwrap(releases.first, "CHANGELOG.md records no release")
        XCTAssertTrue(newest.hasPrefix("## [\(SDUIHarnessVersion.current)]"), "CHANGELOG.md's newest release is \(newest); the code says \(SDUIHarnessVersion.current)")
        XCTAssertNotNil(SDUIHarnessVersion.current.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/), "not a semantic version")
    }
}
