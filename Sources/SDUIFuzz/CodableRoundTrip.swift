import Foundation

/// Round trips for a generated target: when the decode expression's value is `Codable`, each
/// value the decoder accepts is encoded with `JSONEncoder` and decoded again with `JSONDecoder`
/// (both with their defaults, so only the type's own `encode(to:)` and `init(from:)` are tested,
/// never the app's decoding strategies or envelope), and must render as it did. What a hand-written
/// target's `reencode:` finds, with no line written. Which overload applies is decided when the
/// target compiles, from the decoded type.
public enum CodableRoundTrip {
    /// A decoder whose value is not `Codable`: nothing to round-trip.
    public static func adding<T>(to decoder: DecoderUnderTest<T>) -> DecoderUnderTest<T> { decoder }

    public static func adding<T: Codable>(to decoder: DecoderUnderTest<T>) -> DecoderUnderTest<T> {
        var decoder = decoder
        decoder.codableRoundTrip = { value in try check(value) }
        return decoder
    }

    /// Encodes `value`, decodes the bytes as its type, and compares the two derived renderings.
    public static func check<T: Codable>(_ value: T) throws {
        let data: Data
        do { data = try JSONEncoder().encode(value) } catch { throw RoundTripFailure.encoding(error) }
        let again: T
        do { again = try JSONDecoder().decode(T.self, from: data) } catch { throw RoundTripFailure.decoding(error) }
        let before = DerivedRendering.rendering(of: value).text, after = DerivedRendering.rendering(of: again).text
        if before != after { throw RoundTripFailure.changed(before: before, after: after) }
    }
}
