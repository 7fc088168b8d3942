// The home feed as app version 5.3 decodes and shows it: one file serves the fuzzer
// (`sdui fuzz run ClientIOS53 --package-path .`) and the contract gate (`sdui contract check`).
import Foundation
import HomeFeed
import HomeFeedRendering
import SDUIFuzz

enum Target {
    static let harness = FuzzHarness(DecoderUnderTest(
        name: "ios-5.3",
        decode: { try HomeFeed.decode(Data(try FuzzPayload.text(of: $0)), appVersion: .v5_3) },
        rendering: { HomeFeedRendering.rendering($0) }
    ), mutation: .compressed)
}

@_cdecl("LLVMFuzzerTestOneInput") public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }
@_cdecl("LLVMFuzzerInitialize") public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }
@_cdecl("LLVMFuzzerCustomMutator") public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(Target.harness) } }  // normal builds: replay inputs, serve renderings
#endif
