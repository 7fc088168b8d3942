import Foundation

extension DecoderLiterals {
    /// Mines the string literals a Swift binary (ELF, x86-64) compares against, for decoders whose
    /// sources are not at hand. A literal of up to 15 bytes is a "small string": two 64-bit
    /// immediates (`movabs`), the second one's top byte `0xE0 | count`; a longer one lies in
    /// read-only data, its address loaded RIP-relative (minus 32) next to an immediate
    /// `0xD000_0000_0000_0000 | count`. Both are found by scanning the executable sections.
    /// Strings that are not printable ASCII are left out.
    public static func mine(binary path: String) -> DecoderLiterals {
        guard let data = FileManager.default.contents(atPath: path), let elf = ELFImage(data) else { return DecoderLiterals() }
        var found = Set<String>()
        for section in elf.executableSections { scan(elf, section, into: &found) }
        return DecoderLiterals(strings: Array(found).sorted())
    }

    static func scan(_ elf: ELFImage, _ section: ELFImage.Section, into found: inout Set<String>) {
        let bytes = elf.bytes
        let start = section.offset, end = min(section.offset + section.size, bytes.count)
        guard end > start + 10 else { return }
        // First pass: every 64-bit immediate and RIP-relative address; the two words of a literal
        // are paired in the second pass, in whichever order the compiler scheduled them.
        var immediates: [(offset: Int, value: UInt64)] = []
        var leas: [(offset: Int, target: UInt64)] = []
        var i = start
        while i < end - 10 {
            let b0 = bytes[i], b1 = bytes[i + 1]
            if (b0 == 0x48 || b0 == 0x49) && b1 >= 0xB8 && b1 <= 0xBF {
                immediates.append((i, readU64(bytes, i + 2)))
                i += 10
                continue
            }
            if (b0 == 0x48 || b0 == 0x4C) && b1 == 0x8D && bytes[i + 2] & 0xC7 == 0x05 {
                // lea reg, [rip + disp32]
                let disp = Int32(bitPattern: UInt32(readU64(bytes, i + 3) & 0xFFFF_FFFF))
                let next = section.address &+ UInt64(i + 7 - section.offset)
                let target = UInt64(bitPattern: Int64(bitPattern: next) &+ Int64(disp))
                leas.append((i, target))
                // Unoptimised code builds a literal by a call: `lea rdi, [rip+str]` then
                // `mov esi, count` (the UTF-8 length) within a few instructions.
                var k = i + 7
                while k < min(i + 24, end - 5) {
                    if bytes[k] == 0xBE {
                        let count = Int(readU64(bytes, k + 1) & 0xFFFF_FFFF)
                        if count >= 2, count <= 64, let text = elf.bytes(atAddress: target, count: count + 1),
                           text.last == 0, text.dropLast().allSatisfy(isPrintable) {
                            found.insert(String(decoding: text.dropLast(), as: UTF8.self))
                        }
                        break
                    }
                    k += 1
                }
                i += 7
                continue
            }
            i += 1
        }
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
                // The nearest immediate within 64 bytes either way whose bytes fit the first word.
                let neighbours = immediates[max(0, n - 6)..<min(immediates.count, n + 7)]
                    .filter { $0.offset != imm.offset && abs($0.offset - imm.offset) <= 64 }
                    .sorted { abs($0.offset - imm.offset) < abs($1.offset - imm.offset) }
                for candidate in neighbours {
                    let head = (0..<8).map { UInt8(truncatingIfNeeded: candidate.value >> (8 * $0)) }
                    guard head[..<headLength].allSatisfy(isPrintable), head[headLength...].allSatisfy({ $0 == 0 }) else { continue }
                    found.insert(String(decoding: Array(head[..<headLength]) + (count > 8 ? Array(tail[..<(count - 8)]) : []), as: UTF8.self))
                    break
                }
            } else if imm.value & 0xFFFF_FFFF_FFFF_FF00 == 0xD000_0000_0000_0000 {
                let count = Int(imm.value & 0xFF)
                guard count >= 16, count <= 64 else { continue }
                while l < leas.count, leas[l].offset < imm.offset - 48 { l += 1 }
                var k = l
                while k < leas.count, leas[k].offset <= imm.offset + 48 {
                    // The address is loaded as is (then 32 subtracted) or already biased by -32.
                    if let text = [leas[k].target, leas[k].target &+ 32].lazy
                        .compactMap({ elf.bytes(atAddress: $0, count: count) }).first(where: { $0.allSatisfy(isPrintable) }) {
                        found.insert(String(decoding: text, as: UTF8.self)); break
                    }
                    k += 1
                }
            }
        }
    }

    static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }

    static func readU64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<8 where at + k < bytes.count { v |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
        return v
    }
}

/// Just enough ELF64 (little-endian) to find executable sections and read bytes at an address.
struct ELFImage {
    struct Section { var address: UInt64; var offset: Int; var size: Int; var flags: UInt64 }
    let bytes: [UInt8]
    let sections: [Section]

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count > 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
              bytes[4] == 2, bytes[5] == 1 else { return nil }
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        func u64(_ o: Int) -> UInt64 { DecoderLiterals.readU64(bytes, o) }
        let machine = u16(18)
        guard machine == 62 else { return nil }  // x86-64
        let shoff = Int(u64(40)), shentsize = u16(58), shnum = u16(60)
        guard shoff > 0, shentsize >= 64, shoff + shentsize * shnum <= bytes.count else { return nil }
        var sections: [Section] = []
        for n in 0..<shnum {
            let o = shoff + n * shentsize
            let type = Int(bytes[o + 4]) | Int(bytes[o + 5]) << 8
            guard type == 1 else { continue }  // SHT_PROGBITS
            let section = Section(address: u64(o + 16), offset: Int(u64(o + 24)), size: Int(u64(o + 32)), flags: u64(o + 8))
            if section.offset + section.size <= bytes.count { sections.append(section) }
        }
        self.bytes = bytes
        self.sections = sections
    }

    var executableSections: [Section] { sections.filter { $0.flags & 0x4 != 0 } }

    func bytes(atAddress address: UInt64, count: Int) -> ArraySlice<UInt8>? {
        for s in sections where address >= s.address && address - s.address <= UInt64(s.size) && UInt64(count) <= UInt64(s.size) - (address - s.address) {
            let o = s.offset + Int(address - s.address)
            return bytes[o..<(o + count)]
        }
        return nil
    }
}
