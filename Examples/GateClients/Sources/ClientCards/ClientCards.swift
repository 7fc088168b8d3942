// The cards app (2.0) home feed: a synthesized `type` with one optional sibling per kind. One file
// serves the fuzzer (`sdui fuzz run ClientCards --package-path .`) and the contract gate
// (`sdui contract check`); no `rendering:`, so what the app shows is derived from the decoded value.
import Foundation
import CardsFeed
import SDUIFuzz

enum Target {
    static let harness = FuzzHarness(DecoderUnderTest(
        name: "cards-2.0",
        decode: { try CardsAPI.screen(from: Data(try FuzzPayload.text(of: $0))) }
    ), mutation: .compressed)
}

@_cdecl("LLVMFuzzerTestOneInput") public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }
@_cdecl("LLVMFuzzerInitialize") public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }
@_cdecl("LLVMFuzzerCustomMutator") public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(Target.harness) } }  // normal builds: replay inputs, serve renderings
#endif
