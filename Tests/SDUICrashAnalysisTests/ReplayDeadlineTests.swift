import Foundation
@testable import SDUICrashAnalysis
import Testing

/// A crash whose report is slow to write (symbolizing a large binary on a busy machine) is that
/// crash, not a hang; a process that spins is still stopped at the deadline.
@Suite struct ReplayDeadlineTests {
    static func script(_ body: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-deadline-\(UUID().uuidString)").path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func aCrashReportedPastTheDeadlineIsTheCrash() throws {
        let slowReport = try Self.script("""
            echo 'Fatal error: Unexpectedly found nil while unwrapping an Optional value' >&2
            echo '==1==ERROR: AddressSanitizer: deadly signal' >&2
            sleep 2
            echo '    #0 0x1 in Shop.Screen.init(from:) /p/Sources/Shop/Screen.swift:12:5' >&2
            exit 1
            """)
        defer { try? FileManager.default.removeItem(atPath: slowReport) }
        let out = try CrashTriage.runToDeadline(slowReport, [], environment: [:], timeout: 1)
        #expect(!out.timedOut && out.status == 1)
        #expect(out.stderr.contains("Screen.swift:12"), "the whole report, stack included")
        let analysis = CrashTriage(packageRoot: "/p").analyse(output: out.stderr, exitStatus: out.status)
        #expect(analysis.kind == .crash)
    }

    @Test func aProcessThatSpinsIsStoppedAtTheDeadline() throws {
        let spins = try Self.script("exec sleep 30")
        defer { try? FileManager.default.removeItem(atPath: spins) }
        let started = Date()
        let out = try CrashTriage.runToDeadline(spins, [], environment: [:], timeout: 1)
        #expect(out.timedOut)
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(!CrashTriage.crashReportBegun("==1== ERROR: libFuzzer: deadly signal\n    #0 0x1 in spin"))
    }
}
