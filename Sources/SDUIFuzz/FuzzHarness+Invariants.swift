import Foundation
import SDUIPayload

/// The invariants every input is held to: the decoder throws only errors it means to throw (and
/// can explain), and what it decodes renders, re-encodes, decodes again and renders the same —
/// compressed too, for one input in four.
extension FuzzHarness {
    /// Checks one input; returns the broken invariant, if any. Used by tests and replay tools.
    public func check(_ bytes: [UInt8]) -> InvariantViolation? {
        var notAPayload = false
        return check(bytes, notAPayload: &notAPayload)
    }

    /// `notAPayload` is set when the bytes never reached the decoder's own code: ``FuzzPayload``
    /// could not open them (a broken compressed stream, garbage taken as raw deflate).
    func check(_ bytes: [UInt8], notAPayload: inout Bool) -> InvariantViolation? {
        let decoded: Decoded
        do {
            decoded = try decoder.decode(bytes)
        } catch {
            explain(.rejected("\(error)"))
            notAPayload = error is PayloadError
            guard decoder.isExpectedError(error) else {
                return InvariantViolation(kind: .untypedError, detail: "\(type(of: error)): \(error)")
            }
            if checksInvariants, let explain = decoder.explain {
                guard let text = explain(error), !text.isEmpty else {
                    return InvariantViolation(kind: .unexplainedError, detail: "\(error)")
                }
            }
            return nil
        }
        if configuration.explains { explain(.decoded(rendering: decoder.render.map { $0(decoded) })) }
        if checksInvariants, let roundTrip = decoder.codableRoundTrip {
            do {
                try roundTrip(decoded)
            } catch RoundTripFailure.encoding(let error) {
                return InvariantViolation(kind: .reencodingFailed, error: error)
            } catch RoundTripFailure.decoding(let error) {
                return InvariantViolation(kind: .reencodingRejected, error: error)
            } catch RoundTripFailure.changed(let before, let after) {
                return InvariantViolation(kind: .roundTripChanged, detail: firstDifference(before, after))
            } catch {
                return InvariantViolation(kind: .reencodingFailed, error: error)
            }
        }
        guard checksInvariants, let render = decoder.render else { return nil }
        let rendering = render(decoded)
        guard let reencode = decoder.reencode else { return nil }
        let encoded: [UInt8]
        do {
            encoded = try reencode(decoded)
        } catch {
            // The decoder's own encoder cannot write what the decoder accepted: its error and
            // coding path are the finding (not a complaint about the bytes it did not write).
            return InvariantViolation(kind: .reencodingFailed, error: error)
        }
        let again: Decoded
        do {
            again = try decoder.decode(encoded)
        } catch {
            return InvariantViolation(kind: .reencodingRejected, error: error)
        }
        let second = render(again)
        guard second == rendering else {
            return InvariantViolation(kind: .roundTripChanged, detail: firstDifference(rendering, second))
        }
        return checkCompressed(bytes, decoded, rendering: rendering, render: render)
    }

    /// One input in four also goes through compression (which one depends on the input), so the
    /// cost stays small while a corpus exercises every encoding.
    private func checkCompressed(_ bytes: [UInt8], _ decoded: Decoded, rendering: String, render: (Decoded) -> String) -> InvariantViolation? {
        guard let compress = decoder.reencodeCompressed else { return nil }
        let pick = bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
        guard pick % 4 == 0 else { return nil }
        let compressed: [UInt8]
        do { compressed = try compress(decoded, pick / 4) } catch {
            return InvariantViolation(kind: .reencodingFailed, error: error)
        }
        do {
            let third = render(try decoder.decode(compressed))
            if third != rendering {
                return InvariantViolation(kind: .compressionChanged, detail: firstDifference(rendering, third))
            }
        } catch {
            return InvariantViolation(kind: .compressionChanged, detail: "compressed re-encoding rejected: \(error)")
        }
        return nil
    }

    /// `explains` (`sdui repro`): what the decoder made of the input, on standard error for a
    /// person and as a record for the tool.
    private func explain(_ verdict: FuzzOutcomeRecord.DecoderVerdict) {
        guard configuration.explains else { return }
        switch verdict {
        case .rejected(let error): Self.say("\(decoder.name) rejected the input: \(error)")
        case .decoded(let rendering): Self.say("\(decoder.name) decoded the input" + (rendering.map { ", rendering:\n" + $0 } ?? ""))
        }
        outcomes?.append(.explained(verdict, decoder: decoder.name))
    }

    func firstDifference(_ a: String, _ b: String) -> String {
        let la = a.split(separator: "\n", omittingEmptySubsequences: false), lb = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(la.count, lb.count) where (i < la.count ? la[i] : "") != (i < lb.count ? lb[i] : "") {
            return "line \(i + 1): \(i < la.count ? String(la[i]) : "<none>") → \(i < lb.count ? String(lb[i]) : "<none>")"
        }
        return "renderings differ"
    }
}
