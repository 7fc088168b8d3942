// Benchmark baseline: only calls the reference decoder, no harness, no invariant checks.
import SDUIFuzz
import SDUIPayload
import SDUIScreen

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? ScreenDecoder().decode(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(test) } }  // normal builds: replay inputs
#endif
