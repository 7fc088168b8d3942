import Foundation
import SDUIFuzz

/// Why a binary's literals could not be mined. Its description names the file and is meant to be
/// printed as is, so a user who passed the wrong file learns why nothing came of it.
public struct BinaryLiteralsError: Error, LocalizedError, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Error, Equatable, Sendable {
        case unreadable
        case notELFOrMachO
        case thirtyTwoBit
        case unsupportedCPU(String)
        case malformed(String)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        let why: String
        switch reason {
        case .unreadable: why = "cannot read the file"
        case .notELFOrMachO: why = "not an ELF or Mach-O file"
        case .thirtyTwoBit: why = "a 32-bit binary (only 64-bit x86-64 and arm64 code is scanned)"
        case .unsupportedCPU(let cpu): why = "unsupported CPU \(cpu) (only x86-64 and arm64 are scanned)"
        case .malformed(let what): why = "truncated or malformed: \(what)"
        }
        return "cannot mine literals from \(path): \(why)"
    }

    public var errorDescription: String? { description }
}

extension DecoderLiterals {
    /// Mines the string literals a Swift binary compares against, for decoders whose sources are
    /// not at hand: ELF or Mach-O (thin or universal), x86-64 or arm64. A literal of up to 15
    /// bytes is a "small string": two 64-bit immediates (x86-64 `movabs`, arm64 `movz`+`movk`),
    /// the second one's top byte `0xE0 | count`; a longer one lies in read-only data, its address
    /// (minus 32) loaded next to an immediate `0xD000_0000_0000_0000 | count`. Both are found by
    /// scanning the executable sections. Strings that are not printable ASCII are left out.
    /// Returns nothing for a file that cannot be mined; ``mineBinary(_:)`` says why.
    public static func mine(binary path: String) -> DecoderLiterals {
        (try? mineBinary(path)) ?? DecoderLiterals()
    }

    /// Like ``mine(binary:)``, but a file that is unreadable, neither ELF nor Mach-O, 32-bit, for
    /// another CPU or truncated is an error rather than an empty result.
    public static func mineBinary(_ path: String) throws(BinaryLiteralsError) -> DecoderLiterals {
        guard let data = FileManager.default.contents(atPath: path) else { throw BinaryLiteralsError(path: path, reason: .unreadable) }
        do throws(BinaryLiteralsError.Reason) {
            return DecoderLiterals(strings: try mine(bytes: [UInt8](data)))
        } catch {
            throw BinaryLiteralsError(path: path, reason: error)
        }
    }

    static func mine(bytes: [UInt8]) throws(BinaryLiteralsError.Reason) -> [String] {
        let images: [any LiteralImage]
        if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) {
            images = [try ELFImage(bytes)]
        } else if let machO = try MachOImage.images(in: bytes) {
            images = machO
        } else {
            throw .notELFOrMachO
        }
        var found = Set<String>()
        for image in images { scan(image, into: &found) }
        return found.sorted()
    }

    static func scan(_ image: some LiteralImage, into found: inout Set<String>) {
        for section in image.codeSections {
            switch image.architecture {
            case .x86_64: scanX86(image, section, into: &found)
            case .arm64: scanARM64(image, section, into: &found)
            }
        }
    }

    static func scanX86(_ image: some LiteralImage, _ section: ImageSection, into found: inout Set<String>) {
        let bytes = image.bytes
        let start = section.offset, end = min(section.offset + section.size, bytes.count)
        guard end > start + 10 else { return }
        // First pass: every 64-bit immediate and RIP-relative address; the two words of a literal
        // are paired in the second pass, in whichever order the compiler scheduled them.
        var immediates: [Immediate] = []
        var leas: [(offset: Int, target: UInt64)] = []
        var i = start
        while i < end - 10 {
            let b0 = bytes[i], b1 = bytes[i + 1]
            if (b0 == 0x48 || b0 == 0x49) && b1 >= 0xB8 && b1 <= 0xBF {
                immediates.append((i, i, readU64(bytes, i + 2), 0))
                i += 10
                continue
            }
            // A first word of up to 4 bytes fits `mov r32, imm32`; only such words are kept, as
            // the opcode byte is common inside other instructions.
            if b0 >= 0xB8 && b0 <= 0xBF {
                let value = UInt64(readU32(bytes, i + 1)), length = (64 - value.leadingZeroBitCount + 7) / 8
                if length >= 2, (0..<length).allSatisfy({ isPrintable(UInt8(truncatingIfNeeded: value >> (8 * $0))) }) {
                    immediates.append((i, i, value, 0))
                }
            }
            if (b0 == 0x48 || b0 == 0x4C) && b1 == 0x8D && bytes[i + 2] & 0xC7 == 0x05 {
                // lea reg, [rip + disp32]
                let disp = Int32(bitPattern: readU32(bytes, i + 3))
                let next = section.address &+ UInt64(i + 7 - section.offset)
                let target = UInt64(bitPattern: Int64(bitPattern: next) &+ Int64(disp))
                leas.append((i, target))
                // Unoptimised code builds a literal by a call: `lea rdi, [rip+str]` then
                // `mov esi, count` (the UTF-8 length) within a few instructions.
                var k = i + 7
                while k < min(i + 24, end - 5) {
                    if bytes[k] == 0xBE {
                        insertCString(image, at: target, count: Int(readU32(bytes, k + 1)), into: &found)
                        break
                    }
                    k += 1
                }
                i += 7
                continue
            }
            i += 1
        }
        pair(immediates, leas, in: image, smallReach: 64, largeReach: 48, into: &found)
    }

    /// arm64 has no 64-bit immediate operand: a constant is a `movz` (or `movn`, or `orr` with a
    /// bitmask immediate) and up to three `movk`s to the same register, often interleaved with
    /// the other word's, so each register's value is tracked until something else writes it.
    /// Optimised code also derives one literal's word from another's (`add x8, x22, #0x3f8`), a
    /// large literal's length from another's, and copies them (`mov x1, x22`): followed too. An
    /// address is `adrp` + `add` (or `adr`, which the linker leaves of the pair when it can).
    // Long on purpose: one pass over the instructions with one register file that every kind of
    // instruction reads or writes (movz/movk words, adrp/add pairs, copies); split by instruction kind,
    // each piece would take and return the whole state for a few lines of decoding.
    static func scanARM64(_ image: some LiteralImage, _ section: ImageSection, into found: inout Set<String>) {
        let bytes = image.bytes
        let end = min(section.offset + section.size, bytes.count)
        var immediates: [Immediate] = []
        var addresses: [(offset: Int, target: UInt64)] = []
        // Per register: the entry of `immediates` it holds, and the page an `adrp` put there.
        var building = [Int?](repeating: nil, count: 32)
        var pages = [(page: UInt64, at: Int)?](repeating: nil, count: 32)
        var calls = 0
        func start(_ value: UInt64, in register: Int, at i: Int) {
            pages[register] = nil
            guard register != 31 else { return }
            building[register] = immediates.count
            immediates.append((i, i, value, calls))
        }
        // A `movk` more than 64 bytes after the last change is taken to be a value built in
        // another block of code; a value more than 1 KiB old, to be stale.
        func held(_ register: Int, at i: Int, within reach: Int) -> Int? {
            guard let b = building[register], i - immediates[b].end <= reach else { return nil }
            return b
        }
        func change(_ register: Int, at i: Int, _ update: (UInt64) -> UInt64) {
            guard let b = held(register, at: i, within: 64) else { building[register] = nil; return }
            immediates[b].value = update(immediates[b].value)
            immediates[b].end = i
        }
        var i = section.offset
        while i + 4 <= end {
            defer { i += 4 }
            let w = readU32(bytes, i)
            let rd = Int(w & 31), rn = Int(w >> 5 & 31), is64 = w >> 31 == 1, width: UInt64 = is64 ? ~0 : 0xFFFF_FFFF
            let pc = section.address &+ UInt64(i - section.offset)
            if w & 0x1F80_0000 == 0x1280_0000 {
                let shift = UInt64(w >> 21 & 3) * 16, imm = UInt64(w >> 5 & 0xFFFF) << shift
                switch w >> 29 & 3 {
                case 0, 2:  // movn, movz
                    let value = w >> 29 & 3 == 0 ? ~imm & width : imm
                    start(value, in: rd, at: i)
                    // Unoptimised code passes a literal's address and then its length to a call.
                    if let last = addresses.last, i - last.offset <= 16 { insertCString(image, at: last.target, count: Int(clamping: value), into: &found) }
                case 3:  // movk
                    change(rd, at: i) { ($0 & ~(0xFFFF << shift) | imm) & width }
                default: building[rd] = nil
                }
            } else if w & 0x1F80_0000 == 0x1200_0000 {  // and, orr, eor with a bitmask immediate
                guard let mask = bitmaskImmediate(w, width: is64 ? 64 : 32) else { building[rd] = nil; continue }
                switch (w >> 29 & 3, rn) {
                case (1, 31): start(mask, in: rd, at: i)  // `mov xd, #bitmask`
                case (1, rd): change(rd, at: i) { $0 | mask }
                case (0, rd), (3, rd): change(rd, at: i) { $0 & mask }
                case (2, rd): change(rd, at: i) { $0 ^ mask }
                default: building[rd] = nil; pages[rd] = nil
                }
            } else if w & 0x1F00_0000 == 0x1000_0000 {  // adr, adrp
                building[rd] = nil
                let imm = (Int64(w >> 29 & 3 | (w >> 5 & 0x7FFFF) << 2) << 43) >> 43
                if w >> 31 == 1 {
                    pages[rd] = ((pc & ~0xFFF) &+ UInt64(bitPattern: imm << 12), i)
                } else {
                    addresses.append((i, pc &+ UInt64(bitPattern: imm)))
                }
            } else if w & 0x1F80_0000 == 0x1100_0000 {  // add, sub (immediate)
                let imm = UInt64(w >> 10 & 0xFFF) << (w & 0x40_0000 != 0 ? 12 : 0), subtract = w & 0x4000_0000 != 0
                let page = pages[rn], source = held(rn, at: i, within: 1024).map { immediates[$0].value }
                building[rd] = nil
                pages[rd] = nil
                if w & 0x2000_0000 != 0 { continue }  // adds, subs: a comparison
                if let page, is64, !subtract, i - page.at <= 64 {
                    addresses.append((i, page.page &+ imm))
                } else if let source {
                    start((subtract ? source &- imm : source &+ imm) & width, in: rd, at: i)
                }
            } else if w & 0x7FE0_FFE0 == 0x2A00_03E0, let b = held(Int(w >> 16 & 31), at: i, within: 1024) {  // mov xd, xm
                start(immediates[b].value & width, in: rd, at: i)
            } else {
                let written = writtenRegisters(w)
                if written.count > 1 { calls += 1 }
                for r in written { building[r] = nil; pages[r] = nil }
            }
        }
        pair(immediates, addresses, in: image, smallReach: 64, largeReach: 64, into: &found)
    }

    /// The general registers an instruction not decoded above may write, so that what the scan
    /// believes they hold is forgotten: a call's scratch registers, a load's targets, a data
    /// processing instruction's destination. SIMD and floating-point ones are taken to write none.
    static func writtenRegisters(_ w: UInt32) -> [Int] {
        let rd = Int(w & 31)
        if w & 0x7C00_0000 == 0x1400_0000 && w >> 31 == 1 || w & 0xFFFF_FC1F == 0xD63F_0000 { return Array(0...18) + [30] }  // bl, blr
        if w & 0x1C00_0000 == 0x1400_0000 { return [] }  // branches, system
        if w & 0x0A00_0000 == 0x0800_0000 {  // loads and stores
            guard w & 0x0400_0000 == 0 else { return [] }
            if w & 0x3B00_0000 == 0x1800_0000 { return [rd] }  // ldr (literal)
            if w & 0x3A00_0000 == 0x2800_0000 { return w & 0x40_0000 != 0 ? [rd, Int(w >> 10 & 31)] : [] }  // ldp, stp
            return w & 0xC0_0000 != 0 ? [rd] : []  // opc: 0 stores, others load (ldrsw too)
        }
        return w & 0x0E00_0000 == 0x0E00_0000 ? [] : [rd]
    }

    /// The value of an `orr` bitmask immediate (ARM ARM `DecodeBitMasks`): a run of ones, rotated
    /// within an element of 2...64 bits, repeated across the register; nil if reserved.
    static func bitmaskImmediate(_ w: UInt32, width: Int) -> UInt64? {
        let n = Int(w >> 22 & 1), immr = Int(w >> 16 & 0x3F), imms = Int(w >> 10 & 0x3F)
        let combined = n << 6 | (~imms & 0x3F)
        guard combined > 1, width == 64 || n == 0 else { return nil }
        let size = 1 << (Int.bitWidth - 1 - combined.leadingZeroBitCount)
        let s = imms & (size - 1), r = immr & (size - 1)
        guard s != size - 1 else { return nil }
        let elementMask: UInt64 = size == 64 ? ~0 : (1 << UInt64(size)) - 1
        var element: UInt64 = (1 << UInt64(s + 1)) - 1
        if r > 0 { element = (element >> UInt64(r) | element << UInt64(size - r)) & elementMask }
        var value: UInt64 = 0
        for k in stride(from: 0, to: width, by: size) { value |= element << UInt64(k) }
        return value
    }

    /// A 64-bit constant, where the code built it (one instruction on x86-64, several on arm64),
    /// and after how many calls (arm64): a literal's two words are never split by a call, as
    /// both are set up before the call they are passed to.
    typealias Immediate = (offset: Int, end: Int, value: UInt64, calls: Int)

    /// Pairs a scan's immediates (in code order) into small strings, and a large literal's length
    /// immediate with the nearest address loaded within `largeReach` bytes of it.
    static func pair(_ immediates: [Immediate], _ addresses: [(offset: Int, target: UInt64)],
                     in image: some LiteralImage, smallReach: Int, largeReach: Int, into found: inout Set<String>) {
        var l = 0
        for (n, imm) in immediates.enumerated() {
            let top = UInt8(imm.value >> 56)
            if top & 0xF0 == 0xE0 {
                let count = Int(top & 0x0F)
                guard count >= 2 else { continue }
                let tail = (0..<7).map { UInt8(truncatingIfNeeded: imm.value >> (8 * $0)) }
                let headLength = min(count, 8)
                guard count <= 8 ? tail.allSatisfy({ $0 == 0 })
                                 : tail[..<(count - 8)].allSatisfy(isPrintable) && tail[(count - 8)...].allSatisfy({ $0 == 0 }) else { continue }
                // The nearest immediate within reach either way whose bytes fit the first word:
                // nearest by the gap between where each was built (arm64 interleaves the two),
                // then by where each began; on a tie, the earlier.
                func gap(_ other: Immediate) -> Int { max(0, max(other.offset, imm.offset) - min(other.end, imm.end)) }
                let neighbours = immediates[max(0, n - 6)..<min(immediates.count, n + 7)]
                    .filter { $0.offset != imm.offset && $0.calls == imm.calls && gap($0) <= smallReach }
                    .sorted { (gap($0), abs($0.offset - imm.offset), $0.offset) < (gap($1), abs($1.offset - imm.offset), $1.offset) }
                for candidate in neighbours {
                    let head = (0..<8).map { UInt8(truncatingIfNeeded: candidate.value >> (8 * $0)) }
                    guard head[..<headLength].allSatisfy(isPrintable), head[headLength...].allSatisfy({ $0 == 0 }) else { continue }
                    found.insert(String(decoding: Array(head[..<headLength]) + (count > 8 ? Array(tail[..<(count - 8)]) : []), as: UTF8.self))
                    break
                }
            } else if imm.value & 0xFFFF_FFFF_FFFF_FF00 == 0xD000_0000_0000_0000 {
                let count = Int(imm.value & 0xFF)
                guard count >= 16, count <= 64 else { continue }
                while l < addresses.count, addresses[l].offset < imm.offset - largeReach { l += 1 }
                var k = l
                while k < addresses.count, addresses[k].offset <= imm.offset + largeReach { k += 1 }
                // Swift's literal is NUL-terminated: a neighbouring literal's address would
                // otherwise pass for this one's whenever it is at least as long.
                for address in addresses[l..<k].sorted(by: { abs($0.offset - imm.offset) < abs($1.offset - imm.offset) }) {
                    // The address is loaded as is (then 32 subtracted) or already biased by -32.
                    if let text = [address.target, address.target &+ 32].lazy.compactMap({ image.bytes(atAddress: $0, count: count + 1) })
                        .first(where: { $0.last == 0 && $0.dropLast().allSatisfy(isPrintable) }) {
                        found.insert(String(decoding: text.dropLast(), as: UTF8.self)); break
                    }
                }
            }
        }
    }

    /// A NUL-terminated printable literal of `count` bytes at `address`, as unoptimised code
    /// passes one to `String(_builtinStringLiteral:utf8CodeUnitCount:isASCII:)`.
    static func insertCString(_ image: some LiteralImage, at address: UInt64, count: Int, into found: inout Set<String>) {
        guard count >= 2, count <= 64, let text = image.bytes(atAddress: address, count: count + 1),
              text.last == 0, text.dropLast().allSatisfy(isPrintable) else { return }
        found.insert(String(decoding: text.dropLast(), as: UTF8.self))
    }

    static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }

    /// Little-endian; bytes past the end read as zero, so a read never traps.
    static func readU64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<8 where at + k >= 0 && at + k < bytes.count { v |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
        return v
    }

    static func readU32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(truncatingIfNeeded: readU64(bytes, at)) }
}

/// A part of an image's file that is loaded at `address`.
struct ImageSection: Equatable {
    var address: UInt64
    var offset: Int
    var size: Int

    /// A section whose bytes lie inside a file of `fileSize` bytes; nil if they do not.
    init?(address: UInt64, offset: UInt64, size: UInt64, fileSize: Int) {
        guard offset <= UInt64(fileSize), size <= UInt64(fileSize) - offset else { return nil }
        self.address = address
        self.offset = Int(offset)
        self.size = Int(size)
    }
}

enum CodeArchitecture { case x86_64, arm64 }

/// What the scans need of an ELF or Mach-O image.
protocol LiteralImage {
    var bytes: [UInt8] { get }
    var architecture: CodeArchitecture { get }
    var codeSections: [ImageSection] { get }
    /// Every section with bytes in the file, for reading data at an address.
    var sections: [ImageSection] { get }
}

extension LiteralImage {
    func bytes(atAddress address: UInt64, count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0 else { return nil }
        for s in sections where address >= s.address && address - s.address <= UInt64(s.size) && UInt64(count) <= UInt64(s.size) - (address - s.address) {
            let o = s.offset + Int(address - s.address)
            return bytes[o..<(o + count)]
        }
        return nil
    }
}

/// Just enough ELF64 (little-endian) to find executable sections and read bytes at an address.
/// Relocatable objects are scanned unrelocated: their small strings are found, not large ones.
struct ELFImage: LiteralImage {
    let bytes: [UInt8]
    let architecture: CodeArchitecture
    let sections: [ImageSection]
    let codeSections: [ImageSection]

    init(_ bytes: [UInt8]) throws(BinaryLiteralsError.Reason) {
        guard bytes.count >= 64 else { throw .malformed("the ELF header is cut short") }
        guard bytes[4] == 2 else { throw bytes[4] == 1 ? .thirtyTwoBit : .malformed("unknown ELF class \(bytes[4])") }
        guard bytes[5] == 1 else { throw .unsupportedCPU("big-endian") }
        func u16(_ o: Int) -> Int { Int(DecoderLiterals.readU32(bytes, o) & 0xFFFF) }
        func u64(_ o: Int) -> UInt64 { DecoderLiterals.readU64(bytes, o) }
        switch u16(18) {
        case 62: architecture = .x86_64
        case 183: architecture = .arm64
        case let machine: throw .unsupportedCPU(Self.machineNames[machine] ?? "ELF machine \(machine)")
        }
        let shoff = u64(40), shentsize = u16(58), shnum = u16(60)
        guard shentsize >= 64 || shnum == 0, shoff <= UInt64(bytes.count), UInt64(shentsize * shnum) <= UInt64(bytes.count) - shoff else {
            throw .malformed("the section headers run past the end of the file")
        }
        var sections: [ImageSection] = [], code: [ImageSection] = []
        for n in 0..<shnum {
            let o = Int(shoff) + n * shentsize
            guard DecoderLiterals.readU32(bytes, o + 4) == 1 else { continue }  // SHT_PROGBITS
            guard let section = ImageSection(address: u64(o + 16), offset: u64(o + 24), size: u64(o + 32), fileSize: bytes.count) else {
                throw .malformed("section \(n) runs past the end of the file")
            }
            sections.append(section)
            if u64(o + 8) & 0x4 != 0 { code.append(section) }  // SHF_EXECINSTR
        }
        self.bytes = bytes
        self.sections = sections
        self.codeSections = code
    }

    static let machineNames = [3: "i386", 8: "MIPS", 20: "PowerPC", 21: "PowerPC 64", 22: "s390", 40: "ARM", 243: "RISC-V", 258: "LoongArch"]
}
