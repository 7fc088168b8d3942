import Foundation
import SDUIFuzz
// This file serves four targets: FuzzRegistryKitFixed links to it and is built with SHALLOW_FIXED,
// FuzzLeakyRegistryKit with LEAKY, FuzzLeakyRegistryKitFixed with both.
#if LEAKY && SHALLOW_FIXED
import LeakyRegistryKitFixed
#elseif LEAKY
import LeakyRegistryKit
#elseif SHALLOW_FIXED
import RegistryKitFixed
#else
import RegistryKit
#endif

enum Target {
    static let harness = FuzzHarness(DecoderUnderTest(
        name: { () -> String in
            #if LEAKY && SHALLOW_FIXED
            "leaky-registry-kit-fixed"
            #elseif LEAKY
            "leaky-registry-kit"
            #elseif SHALLOW_FIXED
            "registry-kit-fixed"
            #else
            "registry-kit"
            #endif
        }(),
        decode: { (bytes: [UInt8]) throws -> [Component] in
            let payload = try FuzzPayload.text(of: bytes)  // gzip, zlib and raw deflate opened as the app's networking would
            return try MainActorCall.run { try RegistryKit.decode(payload) }  // on the main thread, as the app calls it
        }
        // No `render:`: plugged in as the README's `--decode` plugs a decoder in, the harness derives
        // what a decoded screen shows from the component objects themselves (their base class's
        // `parent` and `children` included), as it does for a team's own decoder.
    ))
}

@_cdecl("LLVMFuzzerTestOneInput") public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }
@_cdecl("LLVMFuzzerInitialize") public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }
@_cdecl("LLVMFuzzerCustomMutator") public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(test) } }  // normal builds: replay inputs
#endif
