// Fuzz target 1: plain payload bytes → reference decoder → render, with invariant checks
// (anything that decodes renders; re-encode → decode renders identically; only typed errors).
// libFuzzer's own byte mutation; the dictionary comes from `sdui fuzz dict`.
import SDUIFuzz
import SDUIReferenceFuzzing
import SDUIScreen

enum Target { static let harness = FuzzHarness(.reference, mutation: .bytes) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(Target.harness) } }  // normal builds: replay inputs, serve renderings (out-of-process client benchmark)
#endif
