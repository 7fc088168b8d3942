// Fuzz target 3: structure-aware JSON mutation with SDUI knowledge (swap kinds, drop or duplicate
// fields, change types, nest deeply, splice corpus subtrees, extreme numbers and strings, unicode
// edge cases), byte mutation for non-JSON inputs.
import SDUIFuzz
import SDUIReferenceFuzzing
import SDUIScreen

enum Target { static let harness = FuzzHarness(.reference, mutation: .structured) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

@_cdecl("LLVMFuzzerCustomCrossOver")
public func fuzzCrossOver(_ d1: UnsafePointer<UInt8>, _ s1: Int, _ d2: UnsafePointer<UInt8>, _ s2: Int, _ out: UnsafeMutablePointer<UInt8>, _ max: Int, _ seed: UInt32) -> Int {
    Target.harness.crossOver(d1, s1, d2, s2, out, max, seed)
}

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(fuzzTestOneInput) } }  // normal builds: replay inputs
#endif
