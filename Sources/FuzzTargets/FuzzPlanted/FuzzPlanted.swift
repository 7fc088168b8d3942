// TEST FIXTURE target: the planted-bug decoder behind the harness's compression-aware mutator.
import SDUIFuzz
import SDUIFuzzFixtures

enum Target {
    static let harness = FuzzHarness(DecoderUnderTest(
        name: "planted", decode: PlantedBugDecoder.decode,
        // For the contract gate's tests: a client that crashes on the planted input.
        rendering: { Rendering(screen: "planted", components: [.component("buttons", [.value("count", String($0))])]) }
    ), mutation: .compressed)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(Target.harness) } }  // normal builds: replay inputs, serve renderings
#endif
