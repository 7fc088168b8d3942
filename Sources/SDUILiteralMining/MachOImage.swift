import Foundation
import SDUIFuzz

/// Just enough Mach-O (64-bit little-endian; thin or universal; linked or object) to find
/// executable sections and read bytes at an address. Addresses are mapped through sections, not
/// segments: an object's sections sit at their own addresses inside one segment, and a linked
/// image's literals are all in sections, so one mapping serves both.
struct MachOImage: LiteralImage {
    typealias Reason = BinaryLiteralsError.Reason
    let bytes: [UInt8]
    let architecture: CodeArchitecture
    let sections: [ImageSection]
    let codeSections: [ImageSection]

    /// A thin file's image, or a universal file's 64-bit slices; nil if `bytes` is not Mach-O.
    static func images(in bytes: [UInt8]) throws(Reason) -> [MachOImage]? {
        guard bytes.count >= 8 else { return nil }
        switch readBE32(bytes, 0) {  // the magic as it reads byte by byte
        case 0xCFFA_EDFE: return [try MachOImage(bytes)]  // MH_MAGIC_64, little-endian
        case 0xCEFA_EDFE, 0xFEED_FACE: throw .thirtyTwoBit  // MH_MAGIC, either order
        case 0xFEED_FACF: throw .unsupportedCPU(cpuName(readBE32(bytes, 4)) + " (big-endian)")
        case 0xCAFE_BABE, 0xCAFE_BABF: return try universal(bytes)  // FAT_MAGIC, FAT_MAGIC_64
        default: return nil
        }
    }

    /// Every 64-bit slice; 32-bit ones and slices for other CPUs are passed over, and are an
    /// error only when nothing is left to scan.
    static func universal(_ bytes: [UInt8]) throws(Reason) -> [MachOImage]? {
        let wide = readBE32(bytes, 0) == 0xCAFE_BABF, entrySize = wide ? 32 : 20
        let count = Int(readBE32(bytes, 4))
        // Java class files share the magic; there the word is a version, 45 or more.
        guard count > 0, count < 45 else { return nil }
        guard 8 + count * entrySize <= bytes.count else { throw .malformed("the universal header runs past the end of the file") }
        var images: [MachOImage] = [], skipped: Reason = .thirtyTwoBit
        for n in 0..<count {
            let e = 8 + n * entrySize
            let offset = wide ? readBE64(bytes, e + 8) : UInt64(readBE32(bytes, e + 8))
            let size = wide ? readBE64(bytes, e + 16) : UInt64(readBE32(bytes, e + 12))
            guard let slice = ImageSection(address: 0, offset: offset, size: size, fileSize: bytes.count) else {
                throw .malformed("slice \(n) runs past the end of the file")
            }
            let sliceBytes = Array(bytes[slice.offset..<(slice.offset + slice.size)])
            switch readBE32(sliceBytes, 0) {
            case 0xCFFA_EDFE:
                do throws(Reason) {
                    images.append(try MachOImage(sliceBytes))
                } catch {
                    guard case .unsupportedCPU = error else { throw error }
                    skipped = error
                }
            case 0xCEFA_EDFE, 0xFEED_FACE: continue
            default: throw .malformed("slice \(n) is not a Mach-O image")
            }
        }
        guard !images.isEmpty else { throw skipped }
        return images
    }

// Long on purpose: one walk over the load commands in file order, each bounded by the header's
// size and count checked at the top; the checks and the walk read the same offsets.
    init(_ bytes: [UInt8]) throws(Reason) {
        func u32(_ o: Int) -> UInt32 { DecoderLiterals.readU32(bytes, o) }
        func u64(_ o: Int) -> UInt64 { DecoderLiterals.readU64(bytes, o) }
        guard bytes.count >= 32 else { throw .malformed("the Mach-O header is cut short") }
        switch u32(4) {
        case 0x0100_0007: architecture = .x86_64
        case 0x0100_000C: architecture = .arm64
        case let cpu: throw .unsupportedCPU(Self.cpuName(cpu))
        }
        let commandsEnd = 32 + Int(u32(20))
        guard commandsEnd <= bytes.count else { throw .malformed("the load commands run past the end of the file") }
        func name(_ h: Int) -> String {
            func field(_ o: Int) -> String { String(decoding: bytes[o..<(o + 16)].prefix { $0 != 0 }, as: UTF8.self) }
            return field(h + 16) + "," + field(h)
        }
        var sections: [ImageSection] = [], code: [ImageSection] = []
        // Relocations name sections by ordinal, counting the zero-filled ones too.
        var ordinals: [UInt64] = []
        var relocated: [(section: ImageSection, entries: Int, count: Int)] = []
        var symbols = 0..<0
        var at = 32
        for _ in 0..<u32(16) {
            let command = u32(at), size = Int(u32(at + 4))
            guard at + 8 <= commandsEnd, size >= 8, size <= commandsEnd - at else {
                throw .malformed("a load command runs past the end of the load commands")
            }
            if command == 0x19 {  // LC_SEGMENT_64
                let count = Int(u32(at + 64))
                guard size >= 72, count <= (size - 72) / 80 else { throw .malformed("a segment's sections run past its load command") }
                for k in 0..<count {
                    let h = at + 72 + k * 80, flags = u32(h + 64)
                    ordinals.append(u64(h + 32))
                    guard ![0x1, 0xC, 0x12].contains(flags & 0xFF) else { continue }  // zero-filled: no bytes in the file
                    guard let section = ImageSection(address: u64(h + 32), offset: UInt64(u32(h + 48)), size: u64(h + 40), fileSize: bytes.count) else {
                        throw .malformed("section \(name(h)) runs past the end of the file")
                    }
                    sections.append(section)
                    // S_ATTR_PURE_INSTRUCTIONS or S_ATTR_SOME_INSTRUCTIONS
                    if flags & 0x8000_0400 != 0 || name(h) == "__TEXT,__text" { code.append(section) }
                    let entries = Int(u32(h + 56)), count = Int(u32(h + 60))
                    guard count <= (bytes.count - min(entries, bytes.count)) / 8 else {
                        throw .malformed("the relocations of \(name(h)) run past the end of the file")
                    }
                    if count > 0 { relocated.append((section, entries, count)) }
                }
            } else if command == 0x2 {  // LC_SYMTAB
                let offset = Int(u32(at + 8)), count = Int(u32(at + 12))
                guard offset <= bytes.count, count <= (bytes.count - offset) / 16 else {
                    throw .malformed("the symbol table runs past the end of the file")
                }
                symbols = offset..<(offset + count * 16)
            }
            at += size
        }
        var patched = bytes
        if u32(12) == 1 {  // MH_OBJECT
            for r in relocated {
                Self.relocate(&patched, r.section, entries: r.entries, count: r.count, architecture: architecture, ordinals: ordinals, symbols: symbols)
            }
        }
        self.bytes = patched
        self.sections = sections
        self.codeSections = code
    }

    /// In an object file, an instruction that loads a literal's address holds zero (or only an
    /// addend) and a relocation says what it refers to. Applying the relocations with sections at
    /// their addresses in the object lets the scans read an object like a linked image. Only the
    /// kinds that load an address are applied: arm64 `adrp` + `add` (PAGE21, PAGEOFF12, with an
    /// ADDEND), x86-64 RIP-relative (SIGNED*); a target is a section (r_extern=0) or a symbol
    /// defined in this object, never one defined elsewhere.
    static func relocate(_ bytes: inout [UInt8], _ section: ImageSection, entries: Int, count: Int,
                         architecture: CodeArchitecture, ordinals: [UInt64], symbols: Range<Int>) {
        let original = bytes
        func u32(_ o: Int) -> UInt32 { DecoderLiterals.readU32(original, o) }
        func target(_ index: Int, external: Bool) -> UInt64? {
            guard external else { return index >= 1 && index <= ordinals.count ? ordinals[index - 1] : nil }
            let entry = symbols.lowerBound + index * 16
            // n_type N_SECT: defined in a section of this object.
            guard entry + 16 <= symbols.upperBound, original[entry + 4] & 0x0E == 0x0E else { return nil }
            return DecoderLiterals.readU64(original, entry + 8)
        }
        var addend: Int64 = 0
        for n in 0..<count {
            let e = entries + n * 8, info = u32(e + 4)
            let address = Int(Int32(bitPattern: u32(e))), index = Int(info & 0xFF_FFFF), type = info >> 28
            let external = info >> 27 & 1 == 1
            if architecture == .arm64 && type == 10 {  // ARM64_RELOC_ADDEND: for the next entry
                addend = Int64(Int32(bitPattern: info << 8) >> 8)
                continue
            }
            defer { addend = 0 }
            guard address >= 0, address <= section.size - 4, let symbol = target(index, external: external) else { continue }
            let site = section.offset + address, place = section.address &+ UInt64(address)
            let goal = symbol &+ UInt64(bitPattern: addend)
            var w = u32(site)
            switch (architecture, type) {
            case (.arm64, 3) where w & 0x9F00_0000 == 0x9000_0000:  // PAGE21 on adrp
                let pages = Int64(bitPattern: (goal >> 12) &- (place >> 12))
                w = w & 0x9F00_001F | UInt32(truncatingIfNeeded: pages & 3) << 29 | UInt32(truncatingIfNeeded: pages >> 2 & 0x7FFFF) << 5
            case (.arm64, 4) where w & 0x7F80_0000 == 0x1100_0000:  // PAGEOFF12 on add
                w = w & ~(0xFFF << 10) | UInt32(goal & 0xFFF) << 10
            case (.x86_64, 1), (.x86_64, 6), (.x86_64, 7), (.x86_64, 8):
                // An external one holds the addend; a section-relative one is already resolved.
                guard external else { continue }
                let displacement = Int64(bitPattern: goal &+ UInt64(bitPattern: Int64(Int32(bitPattern: w))) &- (place &+ 4))
                guard let fits = Int32(exactly: displacement) else { continue }
                w = UInt32(bitPattern: fits)
            default: continue
            }
            for k in 0..<4 { bytes[site + k] = UInt8(truncatingIfNeeded: w >> (8 * UInt32(k))) }
        }
    }

    static func cpuName(_ cpu: UInt32) -> String {
        let names: [UInt32: String] = [7: "i386", 12: "ARM", 18: "PowerPC", 0x0100_0012: "PowerPC 64", 0x0200_000C: "arm64_32"]
        return names[cpu] ?? "CPU type 0x\(String(cpu, radix: 16))"
    }

    static func readBE32(_ bytes: [UInt8], _ at: Int) -> UInt32 { DecoderLiterals.readU32(bytes, at).byteSwapped }
    static func readBE64(_ bytes: [UInt8], _ at: Int) -> UInt64 { DecoderLiterals.readU64(bytes, at).byteSwapped }
}
