import Testing
@testable import SDUIPayload

private let json = Array(#"{"screen":"s","version":1,"components":[]}"#.utf8)

private func decodeError(_ bytes: [UInt8], _ declared: DeclaredEncoding? = nil, limits: PayloadLimits = .default) -> PayloadError? {
    do { _ = try PayloadDecoder(limits: limits).decode(bytes, declared: declared); return nil } catch { return error }
}

@Suite struct PayloadDecoderTests {
    @Test func roundTripsEveryEncodingSniffedAndDeclared() throws {
        for encoding in ContentEncoding.allCases {
            let compressed = Deflater.compress(json, as: encoding)
            let declared: DeclaredEncoding = .exactly(encoding)
            let viaDeclared = try PayloadDecoder().decode(compressed, declared: declared)
            #expect(viaDeclared.text == json)
            #expect(viaDeclared.encoding == encoding)
            #expect(viaDeclared.receivedSize == compressed.count)
            if encoding != .rawDeflate {
                #expect(try PayloadDecoder().decode(compressed).encoding == encoding)
            }
        }
    }

    @Test func deflateMeansZlibOrRawByTheBytes() throws {
        let zlib = Deflater.compress(json, as: .zlib), raw = Deflater.compress(json, as: .rawDeflate)
        #expect(try PayloadDecoder().decode(zlib, declared: .deflate).encoding == .zlib)
        #expect(try PayloadDecoder().decode(raw, declared: .deflate).encoding == .rawDeflate)
        #expect(try PayloadDecoder().decode(raw, declared: .deflate).text == json)
    }

    @Test func parsesContentEncodingHeaderValues() throws {
        #expect(try DeclaredEncoding(contentEncoding: " GZip ") == .gzip)
        #expect(try DeclaredEncoding(contentEncoding: "x-gzip") == .gzip)
        #expect(try DeclaredEncoding(contentEncoding: "deflate") == .deflate)
        #expect(try DeclaredEncoding(contentEncoding: "") == .identity)
        #expect(throws: PayloadError.unsupportedEncoding("br")) { try DeclaredEncoding(contentEncoding: "br") }
        #expect(throws: PayloadError.unsupportedEncoding("gzip, br")) { try DeclaredEncoding(contentEncoding: "gzip, br") }
    }

    @Test func concatenatedGzipMembersDecodeInOrder() throws {
        let a = Array(json[..<10]), b = Array(json[10...])
        let two = Deflater.compress(a, as: .gzip) + Deflater.compress(b, as: .gzip)
        #expect(try PayloadDecoder().decode(two).text == json)
    }

    @Test func declaredGzipOnPlainJSONIsAHeaderError() {
        guard case .badHeader(.gzip, 0, _)? = decodeError(json, .gzip) else {
            Issue.record("expected a bad gzip header at byte 0"); return
        }
    }

    @Test func truncationAtEveryLengthIsAnErrorNeverACrash() {
        for encoding in [ContentEncoding.gzip, .zlib, .rawDeflate] {
            let full = Deflater.compress(json, as: encoding)
            for cut in 0..<full.count {
                let error = decodeError(Array(full[..<cut]), .exactly(encoding))
                #expect(error != nil, "\(encoding) cut at \(cut)")
            }
        }
    }

    @Test func checksumAndLengthMismatches() {
        var gz = Deflater.compress(json, as: .gzip)
        gz[gz.count - 8] ^= 1
        guard case .checksumMismatch(.gzip, _)? = decodeError(gz) else { Issue.record("CRC"); return }
        var gzLength = Deflater.compress(json, as: .gzip)
        gzLength[gzLength.count - 1] ^= 1
        guard case .lengthMismatch? = decodeError(gzLength) else { Issue.record("ISIZE"); return }
        var zz = Deflater.compress(json, as: .zlib)
        zz[zz.count - 1] ^= 1
        guard case .checksumMismatch(.zlib, _)? = decodeError(zz) else { Issue.record("Adler"); return }
    }

    @Test func presetDictionaryIsRejected() {
        let fdict: [UInt8] = [0x78, 0xBB, 0, 0, 0, 1] + Deflater.compress(json, as: .rawDeflate)
        #expect(decodeError(fdict) == .presetDictionary(offset: 1))
    }

    @Test func trailingBytesAfterTheStream() {
        let gz = Deflater.compress(json, as: .gzip) + [0x00]
        #expect(decodeError(gz) == .trailingData(encoding: .gzip, offset: gz.count - 1, count: 1))
        let zz = Deflater.compress(json, as: .zlib) + Array("junk".utf8)
        #expect(decodeError(zz) == .trailingData(encoding: .zlib, offset: zz.count - 4, count: 4))
    }

    @Test func limitsAreEnforcedForEveryEncoding() {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: 100_000)
        let limits = PayloadLimits(maxInputBytes: 50_000, maxDecodedBytes: 60_000)
        #expect(decodeError(big, limits: limits) == .inputTooLarge(size: 100_000, limit: 50_000))
        for encoding in [ContentEncoding.gzip, .zlib, .rawDeflate] {
            let compressed = Deflater.compress(big, as: encoding)
            guard case .decodedTooLarge(60_000, _)? = decodeError(compressed, .exactly(encoding), limits: limits) else {
                Issue.record("\(encoding) not stopped by the decoded limit"); continue
            }
        }
        // Exactly at the limit is fine.
        let exact = PayloadLimits(maxInputBytes: 100_000, maxDecodedBytes: 100_000)
        #expect(decodeError(Deflater.compress(big, as: .gzip), limits: exact) == nil)
        #expect(decodeError(big, limits: exact) == nil)
    }

    @Test func errorsNameTheirOffsetAndCode() {
        let e = PayloadError.truncated(encoding: .gzip, offset: 17)
        #expect(e.byteOffset == 17)
        #expect(e.code == "payload.truncated")
        #expect(e.description == "gzip stream is truncated (at byte 17)")
        #expect(e.message == "gzip stream is truncated")
    }
}
