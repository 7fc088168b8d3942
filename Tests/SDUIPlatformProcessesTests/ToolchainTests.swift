import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import Testing

/// Finding tools and libFuzzer, for each system, on toolchain folders laid out as each ships them.
@Suite struct ToolchainTests {
    /// A fake toolchain: `usr/bin/swift` and `usr/lib/clang/VERSION/lib/FOLDER/FILES`.
    func toolchain(_ folder: String, _ files: [String]) throws -> (root: URL, swift: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-tc-\(UUID().uuidString)")
        let bin = root.appendingPathComponent("usr/bin"), lib = root.appendingPathComponent("usr/lib/clang/17/lib/\(folder)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        for f in files { FileManager.default.createFile(atPath: lib.appendingPathComponent(f).path, contents: Data()) }
        let swift = bin.appendingPathComponent("swift").path
        _ = FileManager.default.createFile(atPath: swift, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        return (root, swift)
    }

    @Test func swiftOrgToolchainOnMacOSHasLibFuzzer() throws {
        let tc = try toolchain("darwin", ["libclang_rt.asan_osx_dynamic.dylib", "libclang_rt.fuzzer_osx.a", "libclang_rt.fuzzer_no_main_osx.a"])
        defer { try? FileManager.default.removeItem(at: tc.root) }
        let found = try #require(Toolchain.libFuzzer(swift: tc.swift, os: .darwin))
        #expect(found.archive.hasSuffix("lib/darwin/libclang_rt.fuzzer_osx.a"))
        #expect(found.noMainArchive?.hasSuffix("lib/darwin/libclang_rt.fuzzer_no_main_osx.a") == true)
        // The Linux names are not the Darwin ones.
        #expect(Toolchain.libFuzzer(swift: tc.swift, os: .linux) == nil)
    }

    @Test func xcodesToolchainHasNoneAndTheMessageNamesTheWaysOut() throws {
        let tc = try toolchain("darwin", ["libclang_rt.asan_osx_dynamic.dylib", "libclang_rt.profile_osx.a"])
        defer { try? FileManager.default.removeItem(at: tc.root) }
        #expect(Toolchain.libFuzzer(swift: tc.swift, os: .darwin) == nil)
        let message = Toolchain.noLibFuzzerMessage(swift: tc.swift, os: .darwin)
        #expect(message.contains(tc.swift))
        #expect(message.contains("TOOLCHAINS=swift"))
        #expect(message.contains("--libfuzzer"))
        #expect(message.contains("docker run"))
    }

    @Test func linuxLayoutsPerArchitectureAndPerTriple() throws {
        let perArch = try toolchain("linux", ["libclang_rt.fuzzer-x86_64.a", "libclang_rt.fuzzer_no_main-x86_64.a"])
        let perTriple = try toolchain("aarch64-unknown-linux-gnu", ["libclang_rt.fuzzer.a", "libclang_rt.fuzzer_no_main.a"])
        defer { for t in [perArch, perTriple] { try? FileManager.default.removeItem(at: t.root) } }
        #expect(try #require(Toolchain.libFuzzer(swift: perArch.swift, os: .linux)).noMainArchive?.hasSuffix("fuzzer_no_main-x86_64.a") == true)
        #expect(try #require(Toolchain.libFuzzer(swift: perTriple.swift, os: .linux)).archive.hasSuffix("aarch64-unknown-linux-gnu/libclang_rt.fuzzer.a"))
        #expect(Toolchain.libFuzzer(swift: perArch.swift, os: .darwin) == nil)
    }

    @Test(.enabled(if: HostOS.current == .linux))
    func thisMachinesToolchainIsFound() throws {
        let swift = try #require(Toolchain.swiftExecutable())
        // The toolchain this package is tested with builds its fuzzers, so it has libFuzzer.
        #expect(Toolchain.libFuzzer(swift: swift) != nil)
    }

    /// The host swift-syntax macro plug-ins build against: interfaces plus shared libraries of the
    /// system's kind (`.so` on Linux, `.dylib` on Darwin); a toolchain without it has none.
    @Test func macroHostOfEachSystem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-host-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let host = root.appendingPathComponent("usr/lib/swift/host")
        try FileManager.default.createDirectory(at: host, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("usr/bin"), withIntermediateDirectories: true)
        let swift = root.appendingPathComponent("usr/bin/swiftc").path
        #expect(Toolchain.macroHost(swift: swift, os: .linux) == nil)
        for module in ["SwiftSyntax", "SwiftSyntaxMacros", "SwiftDiagnostics"] {
            try FileManager.default.createDirectory(at: host.appendingPathComponent(module + ".swiftmodule"), withIntermediateDirectories: true)
            for suffix in [".so", ".dylib"] where !(module == "SwiftDiagnostics" && suffix == ".dylib") {
                _ = FileManager.default.createFile(atPath: host.appendingPathComponent("lib" + module + suffix).path, contents: Data())
            }
        }
        let linux = try #require(Toolchain.macroHost(swift: swift, os: .linux))
        #expect(linux.modules == ["SwiftDiagnostics", "SwiftSyntax", "SwiftSyntaxMacros"])
        #expect(linux.libraryFileName(module: "WidgetMacros") == "libWidgetMacros.so")
        #expect(linux.linkArguments.contains("-lSwiftSyntaxMacros"))
        let darwin = try #require(Toolchain.macroHost(swift: swift, os: .darwin))
        #expect(darwin.modules == ["SwiftSyntax", "SwiftSyntaxMacros"], "a module without its .dylib is not linked")
        #expect(darwin.libraryFileName(module: "WidgetMacros") == "libWidgetMacros.dylib")
    }

    @Test(.enabled(if: HostOS.current == .linux))
    func thisMachinesToolchainHasAMacroHost() throws {
        let swift = try #require(Toolchain.swiftExecutable())
        #expect(Toolchain.macroHost(swift: swift)?.modules.contains("SwiftSyntaxMacros") == true)
    }

    @Test func xcrunIsAskedOnDarwinOnly() throws {
        let stubs = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-xcrun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: stubs) }
        let tool = stubs.appendingPathComponent("hidden-llvm-cov")
        _ = FileManager.default.createFile(atPath: tool.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(at: stubs.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let xcrun = stubs.appendingPathComponent("bin/xcrun")
        let script = "#!/bin/sh\n[ \"$1\" = --find ] && [ \"$2\" = llvm-cov ] && { echo \(tool.path); exit 0; }\nexit 1\n"
        _ = FileManager.default.createFile(atPath: xcrun.path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        let env = ["PATH": stubs.appendingPathComponent("bin").path]
        #expect(Toolchain.tool("llvm-cov", os: .darwin, environment: env) == tool.path)
        #expect(Toolchain.tool("llvm-cov", os: .linux, environment: env) == nil)
        #expect(Toolchain.tool("no-such-tool", os: .darwin, environment: env) == nil)
        // PATH wins everywhere.
        #expect(Toolchain.tool("xcrun", os: .linux, environment: env) == xcrun.path)
    }

    /// On macOS `/usr/bin/swift` is a trampoline into the toolchain xcrun selects: then (or with no
    /// swift on PATH) the toolchain is asked of xcrun; a swift.org toolchain on PATH wins.
    @Test func theActiveSwiftOnDarwinComesFromXcrunUnlessOnPath() throws {
        let stubs = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-swift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stubs) }
        let xcode = try toolchain("darwin", ["libclang_rt.asan_osx_dynamic.dylib"])
        defer { try? FileManager.default.removeItem(at: xcode.root) }
        try FileManager.default.createDirectory(at: stubs.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let script = "#!/bin/sh\n[ \"$1\" = --find ] && [ \"$2\" = swift ] && { echo \(xcode.swift); exit 0; }\nexit 1\n"
        _ = FileManager.default.createFile(atPath: stubs.appendingPathComponent("bin/xcrun").path, contents: Data(script.utf8),
                                       attributes: [.posixPermissions: 0o755])
        let env = ["PATH": stubs.appendingPathComponent("bin").path]
        let resolved = URL(fileURLWithPath: xcode.swift).resolvingSymlinksInPath().path
        #expect(Toolchain.swiftExecutable(os: .darwin, environment: env) == resolved)
        #expect(Toolchain.swiftExecutable(os: .linux, environment: env) == nil)
        // The Xcode-like toolchain xcrun names has no libFuzzer.
        #expect(Toolchain.libFuzzer(swift: resolved, os: .darwin) == nil)
        // A swift.org toolchain first on PATH is the one `swift build` runs.
        let swiftOrg = try toolchain("darwin", ["libclang_rt.fuzzer_osx.a"])
        defer { try? FileManager.default.removeItem(at: swiftOrg.root) }
        let onPath = ["PATH": URL(fileURLWithPath: swiftOrg.swift).deletingLastPathComponent().path + ":" + stubs.appendingPathComponent("bin").path]
        let active = try #require(Toolchain.swiftExecutable(os: .darwin, environment: onPath))
        #expect(Toolchain.libFuzzer(swift: active, os: .darwin) != nil)
    }

    @Test func debuggersByPlatform() {
        #expect(Toolchain.Debugger.preferred(os: .darwin) == [.lldb])
        #expect(Toolchain.Debugger.preferred(os: .linux) == [.gdb])
        let lldb = Toolchain.Debugger.lldb.backtraceArguments(binary: "/b/app", arguments: ["in"])
        #expect(lldb.contains("--batch") && lldb.suffix(3) == ["--", "/b/app", "in"])
        #expect(lldb.contains { $0.contains("function.mangled-name") })
        let gdb = Toolchain.Debugger.gdb.backtraceArguments(binary: "/b/app", arguments: ["in"])
        #expect(gdb.suffix(3) == ["--args", "/b/app", "in"])
    }
}
