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
        if let timing = Timing(arguments: CommandLine.arguments) { timing.run(files, testOneInput) }
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

extension FuzzReplay {
    /// `--sdui-timing=RUNS,BUDGET_MS`: each file is run up to RUNS times, and no more once its runs
    /// took BUDGET_MS in all, each run's time written as it ends (a ``FuzzOutcomeRecord/timed(nanoseconds:file:)``
    /// record in the configuration's outcome file, and `SDUIHarness timing: <ns> <file>` for people),
    /// so a caller that stops a run at its deadline still has the runs before it. The campaign
    /// times a timeout's input this way in a build without sanitizers (``TimeoutReplay``): inside
    /// the process, so the process's start-up is not counted against the decoder, and in CPU time
    /// of the decoding thread (wall time where that is unknown): the decode runs on this thread
    /// (``MainActorCall`` does not hop), and on a CI machine busy with other jobs wall time counted
    /// a 0.4 s decode as 1.2 s, a hang.
    package struct Timing {
        static let flag = "--sdui-timing="
        static let linePrefix = "SDUIHarness timing: "
        var runs: Int
        var budgetNanoseconds: UInt64

        init?(arguments: [String]) {
            guard let value = arguments.first(where: { $0.hasPrefix(Self.flag) })?.dropFirst(Self.flag.count) else { return nil }
            let parts = value.split(separator: ",").compactMap { Int($0) }
            runs = max(1, parts.first ?? 5)
            budgetNanoseconds = UInt64(max(0, parts.count > 1 ? parts[1] : 1_000)) * 1_000_000
        }

        func run(_ files: [String], _ testOneInput: (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
            // Each run is a record as it ends (the caller reads records, not these lines), so a run
            // stopped at its deadline still leaves the ones before it.
            let log = FuzzHarnessConfiguration.current.outcomes.map(OutcomeLog.init(path:))
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                    exit(66)
                }
                let bytes = [UInt8](data)
                var spent: UInt64 = 0
                for _ in 0..<runs where spent < budgetNanoseconds {
                    let start = Self.now()
                    _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
                    let took = Self.now() - start
                    spent += took
                    log?.append(.timed(nanoseconds: took, file: file))
                    FileHandle.standardError.write(Data("\(Self.linePrefix)\(took) \(file)\n".utf8))
                }
            }
            exit(0)
        }

        static func now() -> UInt64 { Platform.threadCPUNanoseconds() ?? DispatchTime.now().uptimeNanoseconds }
    }
}
