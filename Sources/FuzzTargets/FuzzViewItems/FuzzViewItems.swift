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

// The entry points every harness target exports: FuzzEntryTemplate.entryPoints(harness: "Target.harness"),
// word for word (FuzzTargetCatalogTests holds this file to it).
@_cdecl("LLVMFuzzerTestOneInput") public func sduiTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }
@_cdecl("LLVMFuzzerInitialize") public func sduiInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }
@_cdecl("LLVMFuzzerCustomMutator") public func sduiMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }
@_cdecl("LLVMFuzzerCustomCrossOver") public func sduiCrossOver(_ data1: UnsafePointer<UInt8>, _ size1: Int, _ data2: UnsafePointer<UInt8>, _ size2: Int, _ out: UnsafeMutablePointer<UInt8>, _ maxOutSize: Int, _ seed: UInt32) -> Int { Target.harness.crossOver(data1, size1, data2, size2, out, maxOutSize, seed) }

#if !SDUI_LIBFUZZER
@main enum SDUIReplay { static func main() { FuzzReplay.main(Target.harness) } }  // normal builds: replay inputs, serve renderings
#endif
