import SDUIPayload

/// Compression-aware mutation: inflates the input, mutates the JSON inside (structure-aware) and
/// compresses it again as gzip, zlib or raw deflate; some of the time it operates on the
/// compressed bytes themselves (header flags, block types, CRC, ISIZE, Adler-32, truncation,
/// trailing bytes, extra members) so the inflate path is fuzzed too.
struct CompressionMutator {
    var structure: JSONStructureMutator

    static let innerLimit = PayloadLimits(maxInputBytes: 4 << 20, maxDecodedBytes: 1 << 20)

    func mutate(_ bytes: inout [UInt8], maxSize: Int, rng: inout FuzzRandom) {
        let opened = Self.open(bytes, documents: structure.documents)
        let encoding = opened.encoding
        // Surgery on the stream itself is rarer than mutating the document inside: a decoder that
        // chokes on a header flag would otherwise be re-crashed by every other mutation. A bomb
        // (a stream opened only in part) is cut down instead: surgery would leave it a bomb.
        if let encoding, encoding != .identity, !opened.isPrefix, rng.chance(15) {
            AppliedMoves.note(.streamSurgery)
            surgery(&bytes, encoding: encoding, maxSize: maxSize, rng: &rng)
            return
        }
        guard var text = opened.text else {
            // Neither JSON nor a stream we can open: mutate the bytes, the inflater sees them anyway.
            ByteMutator.mutate(&bytes, maxSize: maxSize, rng: &rng)
            return
        }
        AppliedMoves.note(.recompress)
        let budget = max(maxSize, 4096)
        if text.count > budget, opened.isPrefix || rng.chance(90) {
            AppliedMoves.note(.shrink)
            text = JSONTruncation.cut(text, to: Self.cutSize(within: budget, rng: &rng))
        } else {
            structure.mutate(&text, maxSize: max(maxSize * 8, 4096), rng: &rng)
        }
        var target = encoding ?? .identity
        if target == .identity || rng.chance(25) {
            target = [.gzip, .gzip, .zlib, .rawDeflate, .identity][rng.below(5)]
        }
        var out = compress(text, as: target, rng: &rng)
        if out.count > maxSize {
            if target == .identity { target = .gzip }
            out = Deflater.compress(text, as: target, level: 9)
        }
        guard out.count <= maxSize else { ByteMutator.mutate(&bytes, maxSize: maxSize, rng: &rng); return }
        bytes = out
        Self.remember(out, holding: text, as: target, in: structure.documents)
    }

    /// A size to cut a document down to: 1 KB to `budget`, each power of two as likely as the
    /// next, so most cuts are small (a decoder can be slow on a large document that is valid, and
    /// every mutant of it costs that much) and some keep most of the budget.
    static func cutSize(within budget: Int, rng: inout FuzzRandom) -> Int {
        var top = budget, halvings = 0
        while top >> (halvings + 1) >= 1024 { halvings += 1 }
        top >>= rng.below(halvings + 1)
        return top / 2 + rng.below(top - top / 2 + 1)
    }

    /// `bytes` opened as ``open(_:)`` opens them, remembered between mutations when `documents` is given.
    static func open(_ bytes: [UInt8], documents: MutatorDocuments?) -> OpenedPayload {
        guard let documents else { return open(bytes) }
        return documents.payloads.opened(bytes) {
            let opened = open(bytes)
            if opened.isPrefix { documents.oversize.insert(bytes) }
            return opened
        }
    }

    /// Remembers that `out`, made by compressing `text` as `encoding` (or `text` itself for
    /// `.identity`), opens to `text`: when ``open(_:)`` would take it for that encoding, from its
    /// first bytes, and the text is within what it inflates.
    static func remember(_ out: [UInt8], holding text: [UInt8], as encoding: ContentEncoding, in documents: MutatorDocuments?) {
        guard let documents, PayloadSniffer.overrideEncoding == nil, text.count < innerLimit.maxDecodedBytes,
              out.count <= innerLimit.maxInputBytes else { return }
        let sniffed = out.withUnsafeBytes { PayloadDecoder.sniff($0) }
        let taken: ContentEncoding = sniffed != .identity ? sniffed : PayloadSniffer.startsLikeJSONText(out) ? .identity : .rawDeflate
        guard taken == encoding else { return }
        documents.payloads.remember(out, OpenedPayload(encoding: encoding, text: text))
    }

    /// The encoding of `bytes` and the text inside, where they can be opened. A stream that inflates
    /// past ``innerLimit`` (a decompression bomb) gives the text it begins with, which the mutation
    /// then cuts down (``MutationMove/shrink``): its mutants are documents again, where byte noise on
    /// the stream would leave every one of them a bomb that costs the decoder megabytes to inflate.
    static func open(_ bytes: [UInt8]) -> OpenedPayload {
        let declared = PayloadSniffer.declaredForFuzzing(bytes)
        let sniffed = bytes.withUnsafeBytes { PayloadDecoder.sniff($0) }
        if declared == nil, sniffed == .identity { return OpenedPayload(encoding: .identity, text: bytes) }
        let asDeclared = declared ?? .exactly(sniffed)
        do throws(PayloadError) {
            let payload = try PayloadDecoder(limits: innerLimit).decode(bytes, declared: asDeclared)
            return OpenedPayload(encoding: payload.encoding, text: payload.text)
        } catch .decodedTooLarge {
            let encoding = bytes.withUnsafeBytes { PayloadDecoder.resolve(asDeclared, $0) }
            let prefix = InflatedPrefix.of(bytes, as: encoding, count: innerLimit.maxDecodedBytes)
            return OpenedPayload(encoding: encoding, text: prefix, isPrefix: prefix != nil)
        } catch {
            return OpenedPayload(encoding: declared == nil ? sniffed : .rawDeflate, text: nil)
        }
    }

    func compress(_ text: [UInt8], as encoding: ContentEncoding, rng: inout FuzzRandom) -> [UInt8] {
        let level = Int32(rng.below(10))
        guard encoding == .gzip, rng.chance(40) else { return Deflater.compress(text, as: encoding, level: level) }
        // Hand-built gzip: random optional header fields, sometimes split into two members.
        if rng.chance(30), text.count > 1 {
            let cut = 1 + rng.below(text.count - 1)
            return GzipBuilder.member(Array(text[..<cut]), flags: UInt8(rng.below(32)), rng: &rng)
                + GzipBuilder.member(Array(text[cut...]), flags: UInt8(rng.below(32)), rng: &rng)
        }
        return GzipBuilder.member(text, flags: UInt8(rng.below(32)), rng: &rng)
    }

    func surgery(_ bytes: inout [UInt8], encoding: ContentEncoding, maxSize: Int, rng: inout FuzzRandom) {
        guard !bytes.isEmpty else { return }
        switch rng.below(9) {
        case 0 where encoding == .gzip && bytes.count > 3: // header flags, reserved bits included
            bytes[3] ^= UInt8(1 << rng.below(8))
        case 1 where encoding == .zlib && bytes.count > 1: // FDICT, FLEVEL, or a broken FCHECK
            bytes[1] ^= [0x20, 0xC0, 0x01][rng.below(3)]
        case 2: // block type bits of the first deflate block
            let start = encoding == .gzip ? min(10, bytes.count - 1) : encoding == .zlib ? min(2, bytes.count - 1) : 0
            bytes[start] ^= UInt8(1 + rng.below(7)) << 0 & 0x07
        case 3 where bytes.count >= 8: // trailer: CRC-32/ISIZE (gzip) or Adler-32 (zlib)
            bytes[bytes.count - 1 - rng.below(encoding == .gzip ? 8 : 4)] ^= UInt8(1 << rng.below(8))
        case 4: // truncate
            bytes.removeLast(1 + rng.below(bytes.count))
        case 5 where bytes.count < maxSize: // trailing bytes
            let extra = [[0x00], [0x1f], [0x1f, 0x8b], Array("junk".utf8), [UInt8](repeating: 0, count: 8)][rng.below(5)]
            bytes += extra.prefix(maxSize - bytes.count)
        case 6 where encoding == .gzip: // another member, possibly empty
            let member = GzipBuilder.member(rng.chance(50) ? [] : Array(" ".utf8), flags: 0, rng: &rng)
            if bytes.count + member.count <= maxSize { bytes += member }
        default:
            ByteMutator.mutate(&bytes, maxSize: maxSize, rng: &rng)
        }
    }
}

/// Builds gzip members by hand so every optional header field (FEXTRA, FNAME, FCOMMENT, FHCRC) and
/// FTEXT can be produced.
enum GzipBuilder {
    static func member(_ data: [UInt8], flags: UInt8, rng: inout FuzzRandom) -> [UInt8] {
        let flags = flags & 0x1F
        var header: [UInt8] = [0x1f, 0x8b, 0x08, flags, 0, 0, 0, 0, 0, 0x03]
        if flags & 0x04 != 0 {
            let extra = (0..<rng.below(12)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            header += [UInt8(extra.count & 0xff), UInt8(extra.count >> 8)] + extra
        }
        if flags & 0x08 != 0 { header += Array("screen.json".utf8) + [0] }
        if flags & 0x10 != 0 { header += Array("fuzz".utf8) + [0] }
        if flags & 0x02 != 0 {
            let crc = Deflater.crc32(header)
            header += [UInt8(crc & 0xff), UInt8(crc >> 8 & 0xff)]
        }
        let crc = Deflater.crc32(data), size = UInt32(truncatingIfNeeded: data.count)
        return header + Deflater.compress(data, as: .rawDeflate, level: Int32(rng.below(10)))
            + [crc, size].flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    }
}
