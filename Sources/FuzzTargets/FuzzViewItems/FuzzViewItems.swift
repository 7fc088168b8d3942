// A user's own decoder plugged in exactly as docs/your-decoder.md shows.
import Foundation
import SDUIFuzz
import ViewItemsDecoder

enum Target {
    static let harness = FuzzHarness(DecoderUnderTest(
        name: "view-items",
        decode: { try ViewItemsScreen.decode(Data(try FuzzPayload.text(of: $0))) },
        render: { $0.describe() },
        reencode: { [UInt8]((try? $0.encoded()) ?? Data()) }
    ), mutation: .compressed)
}

@_cdecl("LLVMFuzzerTestOneInput") public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }
@_cdecl("LLVMFuzzerInitialize") public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }
@_cdecl("LLVMFuzzerCustomMutator") public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(Target.harness) } }  // normal builds: replay inputs, serve renderings
#endif
