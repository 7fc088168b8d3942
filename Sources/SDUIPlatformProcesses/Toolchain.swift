// Processes exist on Linux and macOS, not on iOS: there this module is empty.
#if os(Linux) || os(macOS)
import Foundation
import SDUIPlatform

/// Finds the tools of the active Swift toolchain and what it ships: on Linux they are on `PATH`
/// (or beside `swift`); on macOS `xcrun --find` knows the selected toolchain (Xcode's, or a
/// swift.org one picked with `TOOLCHAINS=swift`) even when its folder is on no `PATH`.
public enum Toolchain {
    /// The path of `name`: `PATH` first, then (on Darwin) `xcrun --find`, then the folder of the
    /// toolchain's `swift`; nil when none has it.
    public static func tool(_ name: String, os: HostOS = .current,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let found = onPath(name, environment: environment) { return found }
        if os == .darwin, let found = xcrunFind(name, environment: environment) { return found }
        if name != "swift", let swift = swiftExecutable(os: os, environment: environment) {
            let beside = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        }
        return nil
    }

    static func onPath(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func xcrunFind(_ name: String, environment: [String: String]) -> String? {
        let xcrun = onPath("xcrun", environment: environment) ?? "/usr/bin/xcrun"
        guard FileManager.default.isExecutableFile(atPath: xcrun),
              let out = try? ProcessRunner.run(xcrun, ["--find", name], environment: environment, timeout: 30), out.status == 0 else { return nil }
        let path = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }

    /// The real `swift` of the active toolchain, symlinks resolved (to find the toolchain's folder;
    /// run it by its own name: the resolved `swift-driver` wants to be called `swift`). The one on
    /// `PATH` is what `swift build` runs; on Darwin `/usr/bin/swift` is only a trampoline into the
    /// toolchain `xcrun` selects (Xcode's, or `TOOLCHAINS=…`), so `xcrun` is asked then.
    public static func swiftExecutable(os: HostOS = .current,
                                       environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var found = onPath("swift", environment: environment)
        if os == .darwin, found == nil || found == "/usr/bin/swift" {
            found = xcrunFind("swift", environment: environment) ?? found
        }
        return found.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    }

    // MARK: Macro plug-ins

    /// The swift-syntax a toolchain ships for compiler plug-ins: its `usr/lib/swift/host` folder
    /// holds the modules (as interfaces) and their shared libraries. A package's macro target
    /// compiled against them loads into that toolchain's compiler with `-load-plugin-library`
    /// without building swift-syntax (minutes on a laptop) and cannot mismatch its compiler.
    public struct MacroHost: Sendable, Equatable {
        /// The folder with `SwiftSyntax.swiftmodule` and `libSwiftSyntax.so` (`.dylib` on Darwin).
        public var folder: String
        /// The host modules there (`SwiftSyntax`, `SwiftSyntaxMacros`, …), linked by name.
        public var modules: [String]
        public var os: HostOS

        /// The plug-in's file name: `libWidgetMacros.so` on Linux, `libWidgetMacros.dylib` on Darwin.
        public func libraryFileName(module: String) -> String {
            "lib" + module + (os == .darwin ? ".dylib" : ".so")
        }

        /// The flags that link a plug-in against the host libraries and find them when loaded.
        public var linkArguments: [String] {
            ["-I", folder, "-L", folder] + modules.map { "-l" + $0 } + ["-Xlinker", "-rpath", "-Xlinker", folder]
        }
    }

    /// The host swift-syntax of the toolchain whose `swift` is at `swift`, or nil when it ships
    /// none (then a macro target cannot be built as a plug-in here).
    public static func macroHost(swift: String, os: HostOS = .current) -> MacroHost? {
        let folder = URL(fileURLWithPath: swift).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host").path
        let suffix = os == .darwin ? ".dylib" : ".so"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let modules = names.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) }
            .filter { names.contains("lib" + $0 + suffix) }.sorted()
        guard modules.contains("SwiftSyntax"), modules.contains("SwiftSyntaxMacros") else { return nil }
        return MacroHost(folder: folder, modules: modules, os: os)
    }

    // MARK: libFuzzer

    /// The libFuzzer runtime a toolchain ships: the archive with libFuzzer's own `main`
    /// (what `-sanitize=fuzzer` links) and the one without (what `--libfuzzer` wants).
    public struct LibFuzzerRuntime: Sendable, Equatable {
        public var archive: String
        public var noMainArchive: String?
    }

    /// The libFuzzer archives of the toolchain whose `swift` is at `swift` (its
    /// `usr/lib/clang/VERSION/lib/{linux,darwin,TRIPLE}`), or nil: Xcode's toolchain has none.
    public static func libFuzzer(swift: String, os: HostOS = .current) -> LibFuzzerRuntime? {
        let usr = URL(fileURLWithPath: swift).deletingLastPathComponent().deletingLastPathComponent()
        let clang = usr.appendingPathComponent("lib/clang")
        let fm = FileManager.default
        for version in ((try? fm.contentsOfDirectory(atPath: clang.path)) ?? []).sorted(by: >) {
            let lib = clang.appendingPathComponent(version).appendingPathComponent("lib")
            for folder in ((try? fm.contentsOfDirectory(atPath: lib.path)) ?? []).sorted() {
                let dir = lib.appendingPathComponent(folder)
                let files = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
                let isMain: (String) -> Bool, isNoMain: (String) -> Bool
                switch os {
                case .darwin:
                    isMain = { $0 == "libclang_rt.fuzzer_osx.a" }
                    isNoMain = { $0 == "libclang_rt.fuzzer_no_main_osx.a" }
                case .linux:
                    // `libclang_rt.fuzzer-x86_64.a` (per-arch names) or `TRIPLE/libclang_rt.fuzzer.a`.
                    isMain = { $0 == "libclang_rt.fuzzer.a" || ($0.hasPrefix("libclang_rt.fuzzer-") && $0.hasSuffix(".a")) }
                    isNoMain = { $0 == "libclang_rt.fuzzer_no_main.a" || ($0.hasPrefix("libclang_rt.fuzzer_no_main-") && $0.hasSuffix(".a")) }
                }
                if let main = files.sorted().first(where: isMain) {
                    return LibFuzzerRuntime(archive: dir.appendingPathComponent(main).path,
                                            noMainArchive: files.sorted().first(where: isNoMain).map { dir.appendingPathComponent($0).path })
                }
            }
        }
        return nil
    }

    /// What to tell someone whose toolchain (at `swift`) has no libFuzzer, with the ways out.
    public static func noLibFuzzerMessage(swift: String, os: HostOS = .current) -> String {
        var lines = ["the active Swift toolchain (\(swift)) ships no libFuzzer runtime, so fuzz targets cannot be built with it."]
        switch os {
        case .darwin:
            lines += [
                "Xcode's toolchain never does. Three ways out:",
                "  1. Install a swift.org toolchain (https://swift.org/install) and select it for this command:",
                "       TOOLCHAINS=swift sdui fuzz run …   (or TOOLCHAINS=<the toolchain's bundle id>)",
                "  2. Link a libFuzzer archive you have, e.g. Homebrew's llvm (brew install llvm):",
                "       sdui fuzz run --libfuzzer \"$(brew --prefix llvm)\"/lib/clang/*/lib/darwin/libclang_rt.fuzzer_no_main_osx.a …",
                "  3. Run in the Linux image, whose toolchain has libFuzzer:",
                "       docker run --rm -v \"$PWD\":/src -v sdui-linux-build:/src/.build -v sdui-linux-fuzz:/src/.build-fuzz -w /src swift:6.2 bash scripts/fuzz.sh",
                "Tests, `sdui repro` on debug builds and the contract gate do not need libFuzzer.",
            ]
        case .linux:
            lines += [
                "Install a toolchain from https://swift.org/install (its clang has libclang_rt.fuzzer-*.a), or pass",
                "  --libfuzzer PATH   the path of a libclang_rt.fuzzer_no_main archive (e.g. from your distribution's LLVM).",
            ]
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Debuggers

    /// A debugger that can unwind where Swift's backtracer cannot (out of libc's `abort()`).
    public enum Debugger: String, Sendable, CaseIterable {
        case gdb
        case lldb

        /// The one to try first here: gdb on Linux (lldb there often cannot start), lldb on macOS
        /// (gdb cannot debug signed binaries there).
        public static func preferred(os: HostOS = .current) -> [Debugger] { os == .darwin ? [.lldb] : [.gdb] }

        /// The arguments that run `binary input` to its crash and print every frame, then quit.
        public func backtraceArguments(binary: String, arguments: [String]) -> [String] {
            switch self {
            case .gdb:
                ["-q", "-batch", "-nx", "-ex", "set print frame-arguments none", "-ex", "set pagination off",
                 "-ex", "run", "-ex", "bt 200", "--args", binary] + arguments
            case .lldb:
                // Mangled names (the module is read from them) and full paths, one frame a line.
                ["--batch", "--no-lldbinit",
                 "-O", "settings set frame-format \"frame #${frame.index}: ${frame.pc} {${module.file.basename}}`{${function.mangled-name}}{ + ${function.pc-offset}}{ at ${line.file.fullpath}:${line.number}}\\n\"",
                 "-o", "run", "-k", "thread backtrace -c 200", "-k", "quit", "--", binary] + arguments
            }
        }
    }

    /// The first debugger of ``Debugger/preferred(os:)`` that is installed, with its path.
    public static func debugger(os: HostOS = .current,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> (Debugger, String)? {
        for d in Debugger.preferred(os: os) {
            if let path = tool(d.rawValue, os: os, environment: environment) { return (d, path) }
        }
        return nil
    }
}
#endif
