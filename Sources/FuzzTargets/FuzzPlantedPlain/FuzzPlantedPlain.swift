// TEST FIXTURE target: the planted-bug decoder under plain libFuzzer (no custom mutator), the
// baseline the harness is measured against.
import SDUIFuzz
import SDUIFuzzFixtures

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? PlantedBugDecoder.decode(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(test) } }  // normal builds: replay inputs
#endif
