import Foundation
import SDUIFuzz
// This file serves both targets: FuzzCatalogKitFixed links to it and is built with SHALLOW_FIXED.
#if SHALLOW_FIXED
import CatalogKitFixed
#else
import CatalogKit
#endif

enum Target {
    static let harness = FuzzHarness(DecoderUnderTest(
        name: { () -> String in
            #if SHALLOW_FIXED
            "catalog-kit-fixed"
            #else
            "catalog-kit"
            #endif
        }(),
        decode: { try CatalogScreen.decode(Data(try FuzzPayload.text(of: $0))) },
        render: { CatalogRenderer.render($0) }
    ))
}

@_cdecl("LLVMFuzzerTestOneInput") public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }
@_cdecl("LLVMFuzzerInitialize") public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }
@_cdecl("LLVMFuzzerCustomMutator") public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(test) } }  // normal builds: replay inputs
#endif
