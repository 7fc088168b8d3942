import SDUIPlatform

/// libFuzzer's built-in mutator, looked up when first needed. Looking it up at run time (rather
/// than declaring an undefined weak symbol, which Apple's linker rejects) lets the same harness
/// link into fuzz builds, replay builds and tests on Linux and macOS alike.
enum LibFuzzerHooks {
    typealias Mutate = @convention(c) (UnsafeMutablePointer<UInt8>?, Int, Int) -> Int

    static let llvmFuzzerMutate: Mutate? = Platform.libFuzzerMutate().map { unsafeBitCast($0, to: Mutate.self) }

    /// Whether this process runs inside libFuzzer.
    static var isLinked: Bool { llvmFuzzerMutate != nil }

    /// `LLVMFuzzerMutate` when linked; 0 otherwise.
    static func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int) -> Int {
        llvmFuzzerMutate?(data, size, maxSize) ?? 0
    }
}
