import Foundation
import SDUIPayload
import SDUIPlatform

/// The program a fuzz target is in a normal (non-libFuzzer) build: it replays the files given on
/// the command line through the target's `LLVMFuzzerTestOneInput`, so a crash input can be run in
/// a debug build, under a debugger or with Swift's backtracer.
///
/// A target calls it only outside fuzz builds (which define `SDUI_LIBFUZZER`, and where libFuzzer
/// provides `main`):
/// ```swift
/// #if !SDUI_LIBFUZZER
/// @main enum Replay { static func main() { FuzzReplay.main(Target.harness) } }
/// #endif
/// ```
///
/// Given the harness, the same program also renders responses for the contract gate
/// (`--sdui-render-server`, see ``DecoderUnderTest/rendering``).
public enum FuzzReplay {
    /// Replays files through the harness, or serves renderings to `sdui contract` (`--sdui-render-server`).
    public static func main<Decoded>(_ harness: FuzzHarness<Decoded>) -> Never {
        if CommandLine.arguments.dropFirst().first == RenderServer.flag { RenderServer.serve(harness.decoder) }
        // Built with `--libfuzzer ARCHIVE` (a toolchain without libFuzzer, e.g. Xcode's): the
        // archive has no `main`, so this one hands over to libFuzzer's driver.
        if let status = Platform.runLibFuzzerDriver() { exit(status) }
        main { harness.testOneInput($0, $1) }
    }

    public static func main(_ testOneInput: (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        let files = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE…  (replays inputs; build with the fuzz recipe to fuzz)\n".utf8))
            exit(64)
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                exit(66)
            }
            FileHandle.standardError.write(Data("Running: \(file)\n".utf8))
            let bytes = [UInt8](data)
            // A file named like a response body (`x.json.gz`, `x.json.zz`) is replayed with the
            // Content-Encoding its name declares, as `sdui decode` reads it.
            PayloadSniffer.replayDeclaredEncoding = DeclaredEncoding(fileName: file)
            _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
        }
        FileHandle.standardError.write(Data("Replayed \(files.count) input(s): no crash\n".utf8))
        exit(0)
    }
}
