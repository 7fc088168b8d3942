import Foundation
import Testing

// scripts/install-deps.sh on each branch, run with stubs of uname, xcrun, id, apt-get, sudo, swift…
// first on PATH (the script finds every external command there). Nothing is installed: apt-get and
// sudo only append their arguments to a log.

/// The repository: this file is Tests/SDUIPlatformTests/InstallDepsTests.swift.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A temporary folder with a `stubs` folder for PATH, fake SDKs and toolchains, and the apt log.
private struct Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("install-deps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("stubs"), withIntermediateDirectories: true)
    }

    var stubs: URL { root.appendingPathComponent("stubs") }
    var aptLog: URL { root.appendingPathComponent("apt.log") }
    /// Every apt-get and sudo call, one a line ("" when none ran).
    var aptCalls: String { (try? String(contentsOf: aptLog, encoding: .utf8)) ?? "" }

    func path(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Writes an empty file (and its folders).
    @discardableResult
    func touch(_ relative: String) throws -> URL {
        let url = path(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
        return url
    }

    /// Writes an executable `/bin/sh` script.
    @discardableResult
    func script(_ relative: String, _ body: String) throws -> URL {
        let url = path(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    /// A stub command on PATH.
    func stub(_ name: String, _ body: String) throws { try script("stubs/\(name)", body) }

    /// apt-get (and sudo) that log their arguments and exit with `status`.
    func stubPackageManager(exitStatus status: Int32) throws {
        try stub("apt-get", "echo \"apt-get $*\" >> '\(aptLog.path)'\nexit \(status)")
        try stub("sudo", "echo \"sudo $*\" >> '\(aptLog.path)'\nexit \(status)")
    }

    /// A fake toolchain whose `swift --version` prints `version`; returns its `swift`.
    func toolchain(_ relative: String, version: String) throws -> URL {
        try script("\(relative)/usr/bin/swift", "echo '\(version)'\necho 'Target: test'")
    }

    /// Runs the script (no CI, no SDUI_ZLIB_HEADER unless given) with the stubs first on PATH.
    func run(_ environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [repositoryRoot.appendingPathComponent("scripts/install-deps.sh").path]
        process.currentDirectoryURL = repositoryRoot
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["SDUI_ZLIB_HEADER"] = nil
        env["TOOLCHAINS"] = nil
        // Only the system folders behind the stubs: no Homebrew, no toolchain folders. (On macOS
        // /usr/bin/swift is the xcrun trampoline, which the script resolves through the xcrun stub.)
        env["PATH"] = stubs.path + ":/usr/bin:/bin"
        env.merge(environment) { _, given in given }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// A Darwin sandbox: `uname` says Darwin, `xcrun` knows the fake SDK and Xcode-like toolchain
/// (which has no libFuzzer), apt-get fails loudly in the log.
private func darwinSandbox(sdkHasZlib: Bool) throws -> Sandbox {
    let box = try Sandbox()
    try box.stub("uname", "echo Darwin")
    try box.stubPackageManager(exitStatus: 1)
    let sdk = box.path("sdk")
    try FileManager.default.createDirectory(at: sdk.appendingPathComponent("usr/include"), withIntermediateDirectories: true)
    if sdkHasZlib { try box.touch("sdk/usr/include/zlib.h") }
    let swift = try box.toolchain("XcodeDefault.xctoolchain", version: "Apple Swift version 6.2 (swiftlang-6.2.0.1.1 clang-1700.3.1.1)")
    try box.touch("XcodeDefault.xctoolchain/usr/lib/clang/17/lib/darwin/libclang_rt.asan_osx_dynamic.dylib")
    try box.stub("xcrun", """
        case "$1" in
          --show-sdk-path) echo '\(sdk.path)' ;;
          --find) [ "$2" = swift ] && echo '\(swift.path)' && exit 0; exit 1 ;;
          *) exit 1 ;;
        esac
        """)
    return box
}

/// A Linux sandbox: `uname` says Linux, `id -u` says root, gzip, pkg-config and gdb are there, and
/// `swift` on PATH is a symlink into a fake toolchain that ships libFuzzer.
private func linuxSandbox() throws -> Sandbox {
    let box = try Sandbox()
    try box.stub("uname", "echo Linux")
    try box.stub("id", "echo 0")
    for tool in ["gzip", "pkg-config", "gdb"] { try box.stub(tool, "exit 0") }
    let swift = try box.toolchain("swift-6.2", version: "Swift version 6.2 (swift-6.2-RELEASE)")
    try box.touch("swift-6.2/usr/lib/clang/17/lib/linux/libclang_rt.fuzzer-x86_64.a")
    try FileManager.default.createSymbolicLink(at: box.stubs.appendingPathComponent("swift"), withDestinationURL: swift)
    return box
}

@Test func darwinWithTheSDKsZlibInstallsNothingAndExplainsMissingLibFuzzer() throws {
    let box = try darwinSandbox(sdkHasZlib: true)
    defer { box.remove() }
    let (status, output) = try box.run()
    #expect(status == 0, "\(output)")
    #expect(box.aptCalls.isEmpty, "apt-get ran on Darwin: \(box.aptCalls)")
    #expect(output.contains("toolchain: Apple Swift version 6.2"), "\(output)")
    #expect(output.contains("no libFuzzer"), "\(output)")
    #expect(output.contains("TOOLCHAINS=swift"), "\(output)")
    #expect(output.contains("--libfuzzer"), "\(output)")
    #expect(output.contains("docker run"), "\(output)")
    #expect(!output.contains("pkg-config"), "\(output)")
}

@Test func darwinWithoutZlibFailsAndNamesXcodeSelect() throws {
    let box = try darwinSandbox(sdkHasZlib: false)
    defer { box.remove() }
    let (status, output) = try box.run()
    #expect(status != 0, "\(output)")
    #expect(output.contains("xcode-select --install"), "\(output)")
    #expect(box.aptCalls.isEmpty, "apt-get ran on Darwin: \(box.aptCalls)")
}

@Test func linuxWithEverythingPresentIsQuietAndInstallsNothing() throws {
    let box = try linuxSandbox()
    defer { box.remove() }
    try box.stubPackageManager(exitStatus: 1)
    let header = try box.touch("include/zlib.h")
    let (status, output) = try box.run(["SDUI_ZLIB_HEADER": header.path])
    #expect(status == 0, "\(output)")
    #expect(box.aptCalls.isEmpty, "apt-get ran: \(box.aptCalls)")
    #expect(output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "not quiet: \(output)")
}

@Test func linuxWithoutZlibInstallsZlib1gDevAsRoot() throws {
    let box = try linuxSandbox()
    defer { box.remove() }
    try box.stubPackageManager(exitStatus: 0)
    let (status, output) = try box.run(["SDUI_ZLIB_HEADER": box.path("include/zlib.h").path])
    #expect(status == 0, "\(output)")
    let calls = box.aptCalls.split(separator: "\n").map(String.init)
    #expect(calls.contains { $0.hasPrefix("apt-get install") && $0.contains("zlib1g-dev") }, "\(calls)")
    #expect(!calls.contains { $0.hasPrefix("sudo") }, "root needs no sudo: \(calls)")
    #expect(!calls.contains { $0.contains("gdb") || $0.contains("gzip") || $0.contains("pkg-config") }, "only zlib1g-dev is missing: \(calls)")
}
