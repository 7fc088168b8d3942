import Foundation
import Testing
import TestSupport
@testable import SDUICampaign

/// What an app's unit-test target on the iOS simulator links when it uses `assertContract`:
/// `SDUIContractTesting` and everything it depends on must build where there are no processes and
/// no network stack of ours (iOS). Checked here on the package graph and the sources, since this
/// machine has no iOS SDK; the macOS workflow builds it for the simulator.
@Suite struct AppTestClosureTests {
    @Test func assertContractsClosureHasNoProcessOrNetworkCode() throws {
        let root = TestPaths.packageRoot.path
        // `swift test` holds .build: the description is asked with a scratch folder of its own.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-closure-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let closure = try PackageGraph(packageRoot: root, scratchPath: scratch).decoderSources(of: "SDUIContractTesting")
        let targets = Set(closure.map(\.target))
        #expect(targets.contains("SDUIContract") && targets.contains("SDUIPlugIn") && targets.contains("SDUIScreen"))
        // The plug-in point is a leaf: an app's tests link neither the fuzz harness nor the platform layer.
        for outside in ["SDUIFuzz", "SDUIPlatform", "CSDUIPlatform", "SDUIPlatformProcesses", "SDUIContractProcess", "SDUIContractHTTP",
                        "SDUIServe", "SDUICampaign", "SDUICLI"] {
            #expect(!targets.contains(outside), "\(outside) is in assertContract's closure")
        }
        // Spawning and networking, by what the code says, in every file of the closure; in C, what
        // iOS lacks may sit behind a guard that leaves it out there.
        let forbidden = ["Process()", ": Process", "Process.", "posix_spawn", "fork(", "URLSession", "import NIO",  // portability: allow (names what it looks for)
                         "import AsyncHTTPClient", "import Hummingbird", "libproc.h", "proc_pid"]
        var scanned = 0
        for folder in closure {
            for relative in TestPaths.files(under: URL(fileURLWithPath: folder.path)) where relative.hasSuffix(".swift") || relative.hasSuffix(".c") {
                let file = folder.path + "/" + relative
                let text = try String(contentsOfFile: file, encoding: .utf8)
                scanned += 1
                var guards: [String] = []
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: CharacterSet.whitespaces)
                    if code.hasPrefix("#if") { guards.append(code) } else if code.hasPrefix("#endif") { _ = guards.popLast() }
                    guard !code.hasPrefix("//"), !code.hasPrefix("*") else { continue }
                    let guarded = guards.contains { $0.contains("SDUI_HAS_PROCESSES") || $0.contains("TARGET_OS_OSX") || $0.contains("__linux__") }  // portability: allow
                    for word in forbidden where code.contains(word) && !guarded {
                        Issue.record("\(file):\(n + 1): \(word) in assertContract's closure")
                    }
                }
            }
        }
        #expect(scanned > 30)
    }
}
