import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import Testing
import TestSupport
import SDUIFuzz
@testable import SDUILiteralMining

/// Fixtures for the binary literal miner, built at test time with the toolchain's clang and lld
/// (tests needing one it lacks are skipped) in a directory of their own: C functions that pass the constants Swift would build for a
/// string literal (a small string's two words; a large one's address minus 32 and
/// `0xD000_0000_0000_0000 | count`) to an external function, so the compiler materialises them
/// as it would for Swift.
struct BinaryFixtures {
    static let small = ["5.2.0-beta", "promo_tile", "hero_v2", "fifteen_bytes__", "ab", "aaaaaaaabc"]
    static let large = ["a_long_literal_of_more_than_16_bytes", "another_large_literal_2026_v3"]
    /// A literal clang puts in `__cstring` under a private label, as Swift does its own.
    static let cstring = "cstring_section_literal_xyz"
    static let all = Set(small + large + [cstring])

    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("binary-literals-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs a tool of the active toolchain (clang, lld, swiftc); false if it is missing or fails.
    static func run(_ name: String, _ arguments: [String]) -> Bool {
        guard let executable = Toolchain.tool(name) else { return false }
        return (try? TestSupport.run(URL(fileURLWithPath: executable), arguments))?.status == 0
    }

    /// Compiles C `source` for `target` (`-O1`, no headers) into an object; nil if clang cannot.
    func object(_ source: String, target: String, name: String) -> URL? {
        let c = directory.appendingPathComponent("\(name).c"), o = directory.appendingPathComponent("\(name).o")
        guard (try? source.write(to: c, atomically: true, encoding: .utf8)) != nil,
              Self.run("clang", ["-target", target, "-O1", "-c", c.path, "-o", o.path]) else { return nil }
        return o
    }

    /// The two words of a Swift small string: UTF-8 bytes little-endian, count in the top byte.
    static func words(_ s: String) -> (UInt64, UInt64) {
        let bytes = Array(s.utf8) + [UInt8](repeating: 0, count: 16 - s.utf8.count)
        func word(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        return (word(0), word(8) | UInt64(0xE0 | s.utf8.count) << 56)
    }

    static func hex(_ v: UInt64) -> String { "0x" + String(v, radix: 16) + "ULL" }

    static func source(small: [String] = small, large: [String] = large, cstring: String? = cstring) -> String {
        var lines = ["typedef unsigned long long u64;", "void sink2(u64, u64);", "void sinkp(const void *, u64);"]
        var calls: [String] = []
        for (n, s) in small.enumerated() {
            let (a, b) = words(s)
            lines.append("void small\(n)(void) { sink2(\(hex(a)), \(hex(b))); }")
            calls.append("small\(n)();")
        }
        for (n, s) in large.enumerated() {
            lines.append("const char text\(n)[] = \"\(s)\";")
            lines.append("void large\(n)(void) { sinkp(text\(n) - 32, \(hex(0xD000_0000_0000_0000 | UInt64(s.utf8.count)))); }")
            calls.append("large\(n)();")
        }
        if let cstring {
            lines.append("void literal(void) { sinkp(\"\(cstring)\" - 32, \(hex(0xD000_0000_0000_0000 | UInt64(cstring.utf8.count)))); }")
            calls.append("literal();")
        }
        lines.append("void _start(void) { \(calls.joined(separator: " ")) }")
        return lines.joined(separator: "\n") + "\n"
    }

    static let sinks = "typedef unsigned long long u64;\nvoid sink2(u64 a, u64 b) {}\nvoid sinkp(const void *p, u64 c) {}\n"

    /// A linked executable. Objects for `-apple-none-macho` carry no LC_BUILD_VERSION: the Swift
    /// toolchain's ld64.lld refuses every object built for an Apple OS ("does not support
    /// linking for platform macOS"), but links these.
    func darwinExecutable(arch: String, source: String, name: String) -> URL? {
        guard let main = object(source, target: "\(arch)-apple-none-macho", name: name),
              let sinks = object(Self.sinks, target: "\(arch)-apple-none-macho", name: "\(name)-sinks") else { return nil }
        let out = directory.appendingPathComponent(name)
        return Self.run("ld64.lld", ["-arch", arch, "-platform_version", "macos", "14.0", "14.0", "-e", "__start", main.path, sinks.path, "-o", out.path]) ? out : nil
    }

    func elfExecutable(arch: String, source: String, name: String) -> URL? {
        guard let main = object(source, target: "\(arch)-linux-gnu", name: name),
              let sinks = object(Self.sinks, target: "\(arch)-linux-gnu", name: "\(name)-sinks") else { return nil }
        let out = directory.appendingPathComponent(name)
        return Self.run("ld.lld", ["-e", "_start", main.path, sinks.path, "-o", out.path]) ? out : nil
    }

    /// Real Swift code generation for arm64, which a toolchain without a macOS SDK can do only
    /// for Embedded Swift: the same string layout, the same ways of building and comparing literals.
    func embeddedSwiftObject(_ source: String, optimization: String, name: String) -> URL? {
        let swift = directory.appendingPathComponent("\(name).swift"), o = directory.appendingPathComponent("\(name).o")
        guard (try? source.write(to: swift, atomically: true, encoding: .utf8)) != nil,
              Self.run("swiftc", ["-target", "arm64-apple-none-macho", "-enable-experimental-feature", "Embedded", "-wmo",
                                  "-parse-as-library", optimization, "-c", swift.path, "-o", o.path]) else { return nil }
        return o
    }

    static func probe(_ body: (BinaryFixtures) -> Bool) -> Bool {
        let fixtures = BinaryFixtures()
        defer { fixtures.remove() }
        return body(fixtures)
    }

    static let canTargetDarwin = probe { f in
        ["arm64", "x86_64"].allSatisfy { f.object("int f(void) { return 1; }\n", target: "\($0)-apple-macos14", name: "probe-\($0)") != nil }
    }
    static let canLinkDarwin = probe { $0.darwinExecutable(arch: "arm64", source: "void _start(void) {}\n", name: "probe") != nil }
    static let canLinkELF = probe { $0.elfExecutable(arch: "aarch64", source: "void _start(void) {}\n", name: "probe") != nil }
    static let canBuildEmbeddedSwift = probe { $0.embeddedSwiftObject("public func f() -> Int { 1 }\n", optimization: "-O", name: "probe") != nil }

    /// A universal file: big-endian `fat_header`, 20-byte `fat_arch` entries, slices page-aligned.
    static func universal(_ slices: [(cpu: UInt32, bytes: [UInt8])]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        var header = be(0xCAFE_BABE) + be(UInt32(slices.count)), body: [UInt8] = []
        let start = 4096
        for slice in slices {
            body += [UInt8](repeating: 0, count: (4096 - body.count % 4096) % 4096)
            header += be(slice.cpu) + be(0) + be(UInt32(start + body.count)) + be(UInt32(slice.bytes.count)) + be(12)
            body += slice.bytes
        }
        return header + [UInt8](repeating: 0, count: start - header.count) + body
    }

    static func le32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }

    static func machHeader(magic: UInt32 = 0xFEED_FACF, cpu: UInt32, commands: UInt32 = 0, size: UInt32 = 0) -> [UInt8] {
        le32(magic) + le32(cpu) + le32(0) + le32(2) + le32(commands) + le32(size) + le32(0) + le32(0)
    }

    static func elfHeader(class elfClass: UInt8, machine: UInt16) -> [UInt8] {
        var h = [0x7F, 0x45, 0x4C, 0x46, elfClass, 1, 1] + [UInt8](repeating: 0, count: 57)
        h[18] = UInt8(machine & 0xFF)
        h[19] = UInt8(machine >> 8)
        return h
    }

    func write(_ bytes: [UInt8], name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func reason(_ path: String) -> BinaryLiteralsError.Reason? {
        do throws(BinaryLiteralsError) { _ = try DecoderLiterals.mineBinary(path); return nil } catch { return error.reason }
    }
}

@Suite struct BinaryLiteralsTests {
    typealias F = BinaryFixtures

    @Test(.enabled(if: BinaryFixtures.canTargetDarwin), arguments: ["arm64", "x86_64"])
    func minesSmallAndLargeLiteralsFromAMachOObject(arch: String) throws {
        let f = F()
        defer { f.remove() }
        let object = try #require(f.object(F.source(), target: "\(arch)-apple-macos14", name: "object"))
        #expect(Set(try DecoderLiterals.mineBinary(object.path).strings) == F.all, "from the \(arch) object")
    }

    /// clang refers to everything in an arm64 object through a symbol (`ltmpN` for a section's
    /// start); a section-relative relocation, which other assemblers may write, is made here by
    /// rewriting those.
    @Test(.enabled(if: BinaryFixtures.canTargetDarwin))
    func resolvesSectionRelativeRelocationsInAnArm64Object() throws {
        let f = F()
        defer { f.remove() }
        let literal = "only_literal_in_its_section_42"
        let url = try #require(f.object(F.source(small: [], large: [literal], cstring: nil), target: "arm64-apple-macos14", name: "local"))
        var bytes = [UInt8](try Data(contentsOf: url))
        func u32(_ o: Int) -> UInt32 { DecoderLiterals.readU32(bytes, o) }
        var at = 32, ordinal = 0, constOrdinal = 0, text: (reloff: Int, count: Int)?
        for _ in 0..<u32(16) {
            if u32(at) == 0x19 {
                for k in 0..<Int(u32(at + 64)) {
                    let h = at + 72 + k * 80
                    ordinal += 1
                    let name = String(decoding: bytes[h..<(h + 16)].prefix { $0 != 0 }, as: UTF8.self)
                    if name == "__const" { constOrdinal = ordinal }
                    if name == "__text" { text = (Int(u32(h + 56)), Int(u32(h + 60))) }
                }
            }
            at += Int(u32(at + 4))
        }
        let relocations = try #require(text)
        try #require(constOrdinal > 0)
        var rewritten = 0
        for n in 0..<relocations.count {
            let e = relocations.reloff + n * 8 + 4, info = u32(e)
            guard info >> 28 == 3 || info >> 28 == 4 else { continue }  // PAGE21, PAGEOFF12
            let local = info & ~(0xFF_FFFF | 1 << 27) | UInt32(constOrdinal)
            for k in 0..<4 { bytes[e + k] = UInt8(truncatingIfNeeded: local >> (8 * UInt32(k))) }
            rewritten += 1
        }
        #expect(rewritten >= 2)
        #expect(try DecoderLiterals.mineBinary(try f.write(bytes, name: "rewritten.o")).strings == [literal])
    }

    /// Linked by lld, an arm64 `adrp` + `add` often becomes `adr` + `nop`, and the two words'
    /// `movz`/`movk`s are interleaved.
    @Test(.enabled(if: BinaryFixtures.canLinkDarwin), arguments: ["arm64", "x86_64"])
    func minesALinkedMachOExecutable(arch: String) throws {
        let f = F()
        defer { f.remove() }
        let executable = try #require(f.darwinExecutable(arch: arch, source: F.source(), name: "linked"))
        #expect(Set(try DecoderLiterals.mineBinary(executable.path).strings) == F.all, "from the linked \(arch) executable")
    }

    @Test(.enabled(if: BinaryFixtures.canTargetDarwin))
    func minesEverySliceOfAUniversalBinary() throws {
        let f = F()
        defer { f.remove() }
        let arm = try #require(f.object(F.source(small: ["arm_slice"], large: ["only_in_the_arm64_slice"]), target: "arm64-apple-macos14", name: "arm64"))
        let x86 = try #require(f.object(F.source(small: ["x86_slice"], large: ["only_in_the_x86_64_slice"]), target: "x86_64-apple-macos14", name: "x86_64"))
        let i386 = F.machHeader(magic: 0xFEED_FACE, cpu: 7)
        let fat = F.universal([(7, i386), (0x0100_000C, [UInt8](try Data(contentsOf: arm))), (0x0100_0007, [UInt8](try Data(contentsOf: x86)))])
        let mined = try DecoderLiterals.mineBinary(try f.write(fat, name: "universal")).strings
        #expect(Set(mined) == ["arm_slice", "only_in_the_arm64_slice", "x86_slice", "only_in_the_x86_64_slice", F.cstring])
        #expect(F.reason(try f.write(F.universal([(7, i386)]), name: "universal-i386")) == .thirtyTwoBit)
        let powerPC = F.universal([(0x0100_0012, F.machHeader(cpu: 0x0100_0012))])
        #expect(F.reason(try f.write(powerPC, name: "universal-ppc")) == .unsupportedCPU("PowerPC 64"))
        guard case .malformed = F.reason(try f.write(Array(fat.dropLast(100)), name: "universal-cut")) else {
            Issue.record("a universal file whose last slice is cut short should be malformed")
            return
        }
    }

    @Test(.enabled(if: BinaryFixtures.canLinkELF), arguments: ["aarch64", "x86_64"])
    func minesALinkedELFExecutable(arch: String) throws {
        let f = F()
        defer { f.remove() }
        let executable = try #require(f.elfExecutable(arch: arch, source: F.source(), name: "elf"))
        #expect(Set(try DecoderLiterals.mineBinary(executable.path).strings) == F.all, "from the \(arch) ELF executable")
    }

    /// Swift's own code: a `switch` over literals and `==`, optimised (one word derived from
    /// another's register, a 42-byte literal's length as a 27-byte one's plus 15) or not (each
    /// literal passed to String's initialiser by address and length). A tail word built for one
    /// comparison can still be paired with a neighbouring literal's head, so extra strings are
    /// allowed here.
    @Test(.enabled(if: BinaryFixtures.canBuildEmbeddedSwift), arguments: ["-O", "-Osize", "-Onone"])
    func minesSwiftCompiledForArm64(optimization: String) throws {
        let f = F()
        defer { f.remove() }
        let source = """
            public func classify(_ s: String) -> Int {
                switch s {
                case "promo_tile": return 1
                case "5.2.0-beta": return 2
                case "hero": return 3
                case "experimental_grid_layout_v2": return 4
                case "a_much_longer_literal_for_testing_purposes": return 5
                default: return 0
                }
            }
            public func isFifteen(_ s: String) -> Bool { s == "fifteen_bytes__" }
            public func isLong(_ s: String) -> Bool { s == "zq_long_literal_probe_2026" }
            """
        let object = try #require(f.embeddedSwiftObject(source, optimization: optimization, name: "classify"))
        let mined = Set(try DecoderLiterals.mineBinary(object.path).strings)
        let expected: Set = ["promo_tile", "5.2.0-beta", "hero", "experimental_grid_layout_v2", "a_much_longer_literal_for_testing_purposes",
                             "fifteen_bytes__", "zq_long_literal_probe_2026"]
        #expect(expected.isSubset(of: mined), "missing from Swift built with \(optimization): \(expected.subtracting(mined).sorted())")
    }

    /// The running executable mines without an error. Where that is this test binary as an
    /// x86-64 ELF (elsewhere it can be a test runner that loads the tests), its unoptimised
    /// literals, passed to String's initialiser by address and length, are found.
    @Test func minesTheRunningExecutable() throws {
        let probe = ProcessInfo.processInfo.environment["SDUI_NO_SUCH_VARIABLE"] ?? "x"
        #expect(probe != "zq_macho_probe" && probe != "zq_long_macho_literal_probe_2026")
        let path = Platform.executablePath() ?? CommandLine.arguments[0]
        let mined = try DecoderLiterals.mineBinary(path).strings
        #if arch(x86_64)
        if FileManager.default.contents(atPath: path)?.starts(with: [0x7F, 0x45, 0x4C, 0x46]) == true {
            #expect(mined.contains("zq_macho_probe") && mined.contains("zq_long_macho_literal_probe_2026"))
        }
        #endif
    }

    @Test func aTextFileIsNeitherELFNorMachO() throws {
        let f = F()
        defer { f.remove() }
        let path = try f.write(Array("just some text, not a binary\n".utf8), name: "notes.txt")
        do throws(BinaryLiteralsError) {
            _ = try DecoderLiterals.mineBinary(path)
            Issue.record("a text file should not be mined")
        } catch {
            #expect(error.reason == .notELFOrMachO)
            #expect(error.description == "cannot mine literals from \(path): not an ELF or Mach-O file")
            #expect(error.localizedDescription == error.description)
        }
        #expect(DecoderLiterals.mine(binary: path).isEmpty)
        #expect(DecoderLiterals.mine(binary: "/dev/null").isEmpty)
        #expect(F.reason(f.directory.appendingPathComponent("no-such-file").path) == .unreadable)
        // A Java class file shares the universal magic; its version reads as a slice count.
        #expect(F.reason(try f.write([0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 65] + [UInt8](repeating: 0, count: 64), name: "A.class")) == .notELFOrMachO)
    }

    @Test func thirtyTwoBitAndForeignCPUsAreNamed() throws {
        let f = F()
        defer { f.remove() }
        #expect(F.reason(try f.write(F.elfHeader(class: 1, machine: 3), name: "elf32")) == .thirtyTwoBit)
        #expect(F.reason(try f.write(F.machHeader(magic: 0xFEED_FACE, cpu: 7) + [0, 0, 0, 0], name: "macho32")) == .thirtyTwoBit)
        let riscv = try f.write(F.elfHeader(class: 2, machine: 243), name: "elf-riscv")
        #expect(F.reason(riscv) == .unsupportedCPU("RISC-V"))
        #expect(BinaryLiteralsError(path: riscv, reason: .unsupportedCPU("RISC-V")).description.hasPrefix("cannot mine literals from \(riscv): unsupported CPU RISC-V"))
        #expect(F.reason(try f.write(F.machHeader(cpu: 0x0200_000C), name: "arm64_32")) == .unsupportedCPU("arm64_32"))
    }

    @Test func aTruncatedOrCorruptMachOThrowsRatherThanTraps() throws {
        let f = F()
        defer { f.remove() }
        let header = F.machHeader(cpu: 0x0100_000C, commands: 1, size: 72) + [0x19, 0, 0, 0]
        guard case .malformed = F.reason(try f.write(header, name: "cut-header")) else {
            Issue.record("a header whose load commands are cut off should be malformed")
            return
        }
        guard F.canTargetDarwin else { return }
        for arch in ["arm64", "x86_64"] {
            let object = try #require(f.object(F.source(), target: "\(arch)-apple-macos14", name: "truncate-\(arch)"))
            let bytes = [UInt8](try Data(contentsOf: object))
            let commandsEnd = 32 + Int(DecoderLiterals.readU32(bytes, 20))
            // Every prefix either throws or mines; one that cuts the load commands must throw.
            for length in 0..<bytes.count {
                do throws(BinaryLiteralsError.Reason) {
                    _ = try DecoderLiterals.mine(bytes: Array(bytes[..<length]))
                    #expect(length >= commandsEnd, "a \(arch) object cut at \(length) should not be mined")
                } catch {
                    #expect(length < 8 || error != .notELFOrMachO)
                }
            }
            // Bytes changed in the header and load commands, or anywhere (relocations, symbols);
            // seeded, so that a trap comes back on every run.
            var generator = SplitMix64(seed: 2026)
            for _ in 0..<3_000 {
                var corrupt = bytes
                let reach = Bool.random(using: &generator) ? corrupt.count : commandsEnd
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    corrupt[Int.random(in: 0..<reach, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                _ = try? DecoderLiterals.mine(bytes: corrupt)
            }
        }
    }
}
