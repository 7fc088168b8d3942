import Foundation

/// Tells the decoder's own stack frames from plumbing — the harness and the fuzz target file,
/// libFuzzer, the sanitizers, the Swift runtime and standard library, Foundation and libc — wherever
/// the decoder lives: the package being fuzzed, one of its dependencies, with or without debug info.
///
/// Swift frames are judged by the module their mangled name starts with, so a decoder in another
/// package (or in a binary without line tables) is still recognised; other frames by their location.
public struct FrameClassifier: Sendable, Hashable {
    /// Modules that are harness plumbing: `SDUIFuzz`, `SDUIPlatform`, and the fuzz target's own
    /// module (whose `Target.harness` closure calls the decoder).
    public var harnessModules: Set<String>
    /// Source folders of harness plumbing, for frames named without a mangled symbol.
    public var harnessFolders: [String]

    /// `generated`: the product is a generated target (``GeneratedFuzzPackage``), whose module *is*
    /// the decoder's; then only its entry file is the harness's, and so are the stand-in modules:
    /// a crash inside a stand-in is never counted as the user's bug.
    public init(fuzzProduct: String? = nil, generated: Bool = false) {
        harnessModules = ["SDUIFuzz", "SDUIPlatform"]
        harnessFolders = ["/Sources/SDUIFuzz/", "/Sources/FuzzTargets/", "/Sources/SDUIPlatform/", "/Sources/CSDUIPlatform/", "/Sources/CSDUIFuzzEngine/"]
        if generated {
            // By location, not module: the user's extension of a stand-in type (`Color(hex:)`)
            // is mangled under the stand-in's module, but it is the user's code.
            harnessFolders += ["/" + Self.generatedEntryFileName, "/StandIns/"]
            return
        }
        if let product = fuzzProduct, !product.isEmpty {
            harnessModules.insert(Self.moduleName(ofProduct: product))
            harnessFolders.append("/Sources/\(product)/")
        }
    }

    /// The file of a generated target that holds the harness's entry points
    /// (`FuzzEntryTemplate.generatedFileName` is this name).
    public static let generatedEntryFileName = "SDUIGeneratedEntry.swift"

    /// Modules of the toolchain: never the decoder's code.
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "_RegexParser", "Foundation", "FoundationEssentials",
        "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "CoreFoundation", "Dispatch",
        "Glibc", "Musl", "XCTest", "Testing", "Synchronization", "Distributed", "Observation",
    ]

    /// Locations and images that belong to the toolchain, libc, libFuzzer or the sanitizers.
    static let plumbingLocations = [
        "/compiler-rt/", "llvm-project/", "/swift/stdlib/", "/swift-corelibs-", "/swift-foundation/",
        "csu/", "sysdeps/", "nptl/", "/lib/x86_64-linux-gnu/", "/lib/aarch64-linux-gnu/", "/usr/lib/", "/usr/include/",
        "libc.so", "libm.so", "libstdc++", "libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "ld-linux",
        "/usr/lib/system/", "libsystem_", "libdyld", "/System/Library/", "/Library/Developer/", ".xctoolchain/", "dyld",
        "<compiler-generated>", "/usr/bin/swift", "/home/build-user/", "/swift/include/", "/swift/lib/", "Swift.o", "crtstuff.c",
    ]

    /// C and C++ symbols of the fuzzing and runtime machinery.
    static let plumbingSymbolPrefixes = [
        "__sanitizer", "__asan", "__interceptor", "___interceptor", "__lsan", "__ubsan", "fuzzer::", "LLVMFuzzer",
        "__pthread", "pthread_", "raise", "abort", "gsignal", "__libc", "_start", "__GI_", "malloc", "calloc", "realloc",
        "free", "operator new", "operator delete", "swift_", "_swift_", "swift::", "__cxa", "_Unwind", "std::",
        "Swift runtime failure",
    ]

    /// The module a Swift symbol belongs to, from its mangling (`$s7FeedKit…` → `FeedKit`); `Swift`
    /// for standard substitutions (`$sSa…`, `$sSS…`); nil for a symbol that is not Swift.
    public static func swiftModule(ofSymbol symbol: String) -> String? {
        var s = Substring(symbol)
        if s.hasPrefix("_") { s = s.dropFirst() }
        guard s.hasPrefix("$s") || s.hasPrefix("$S") else { return nil }
        s = s.dropFirst(2)
        // An extension's code is its module's, whatever it extends: `$sSe13AnyCodableKitE…`
        // (Decodable, extended in AnyCodableKit), `$s7SwiftUI5ColorV7CardAppE…`.
        if let module = extensionModule(s) { return module }
        if s.hasPrefix("s") { return "Swift" }
        if s.hasPrefix("S") {
            // Standard substitutions: `So` (imported C/ObjC), `SC` (Clang) and `Sc…` (concurrency)
            // excepted, they name the standard library's types.
            let next = s.dropFirst().first
            if next == "o" || next == "C" { return "__C" }
            if next == "c" { return "_Concurrency" }
            return "Swift"
        }
        let digits = s.prefix { $0.isNumber }
        guard let length = Int(digits), length > 0 else { return nil }
        let name = s.dropFirst(digits.count).prefix(length)
        return name.count == length ? String(name) : nil
    }

    /// The module of an extension at the symbol's start: after a standard type (`Se`, `Sa`) or a
    /// type of another module (`7SwiftUI5ColorV`), an identifier followed by `E`.
    static func extensionModule(_ symbol: Substring) -> String? {
        var s = symbol
        func identifier() -> Substring? {
            let digits = s.prefix { $0.isNumber }
            guard let length = Int(digits), length > 0, s.count >= digits.count + length else { return nil }
            let name = s.dropFirst(digits.count).prefix(length)
            s = s.dropFirst(digits.count + length)
            return name
        }
        if s.hasPrefix("S"), s.count > 2, s.dropFirst().first != "o", s.dropFirst().first != "C" {
            s = s.dropFirst(2)
        } else {
            guard identifier() != nil, identifier() != nil, let kind = s.first, "VCOP".contains(kind) else { return nil }
            s = s.dropFirst()
        }
        guard let module = identifier(), s.first == "E" else { return nil }
        return String(module)
    }

    /// A product's module name, as SwiftPM derives it (`Fuzz-Feed` → `Fuzz_Feed`).
    static func moduleName(ofProduct product: String) -> String {
        String(product.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// Whether a frame is the decoder's own code. `symbol` is the raw (possibly mangled) name,
    /// `function` the readable one, `location` a source location or image.
    public func isProject(symbol: String, function: String, location: String) -> Bool {
        if function.hasPrefix("Swift runtime failure") { return false }
        if harnessFolders.contains(where: { location.contains($0) }) { return false }
        if let module = Self.swiftModule(ofSymbol: symbol) {
            return !Self.toolchainModules.contains(module) && !harnessModules.contains(module) && module != "__C"
        }
        if Self.plumbingSymbolPrefixes.contains(where: { symbol.hasPrefix($0) || function.hasPrefix($0) }) { return false }
        if Self.isHarnessFunction(function) || function.contains("swift::") || function.contains("__swift") { return false }
        if location.isEmpty || Self.plumbingLocations.contains(where: { location.contains($0) }) { return false }
        // An unsymbolized frame (`(binary+0x1234)`) cannot be named, so it cannot be the title.
        if symbol == "?" || symbol.isEmpty || location.hasPrefix("(") { return false }
        return true
    }

    /// A demangled frame (Swift's backtracer prints no mangled names): judged by its image, its
    /// location and the harness's own function names.
    public func isProject(demangled function: String, image: String, location: String) -> Bool {
        if function.hasPrefix("Swift runtime failure") || function.hasPrefix("<unknown>") { return false }
        if Self.plumbingLocations.contains(where: { image.contains($0) || location.contains($0) }) { return false }
        if harnessFolders.contains(where: { location.contains($0) }) { return false }
        if Self.plumbingSymbolPrefixes.contains(where: { function.hasPrefix($0) }) { return false }
        if Self.isHarnessFunction(function) { return false }
        // Standard library generics specialised into the binary carry their own names.
        let stdlibPrefixes = ["specialized Array", "specialized Dictionary", "specialized String", "specialized Collection",
                              "specialized Sequence", "specialized _", "Array.", "Dictionary.", "String.", "Collection.",
                              "Sequence.", "_", "protocol witness for Swift.", "thunk for"]
        if location.isEmpty && stdlibPrefixes.contains(where: { function.hasPrefix($0) }) { return false }
        return true
    }

    static func isHarnessFunction(_ function: String) -> Bool {
        ["FuzzHarness", "FuzzReplay", "DecoderUnderTest", "Target.harness", "Replay.main", "Replay.$main", "LLVMFuzzer"]
            .contains { function.contains($0) }
    }
}
