// Fuzz target 2: compressed payloads. The custom mutator inflates, mutates the JSON and deflates
// again as gzip, zlib or raw deflate — or mutates the compressed bytes (headers, flags, block
// types, CRC, ISIZE) so the inflate path is fuzzed too.
import SDUIFuzz
import SDUIReferenceFuzzing
import SDUIScreen

enum Target { static let harness = FuzzHarness(.reference, mutation: .compressed) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(fuzzTestOneInput) } }  // normal builds: replay inputs
#endif
