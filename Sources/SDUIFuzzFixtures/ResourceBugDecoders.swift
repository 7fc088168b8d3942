import SDUIJSON
import SDUIPayload

/// TEST FIXTURE: hangs (loops forever) when the payload's JSON has a `spacer` with `height` 4242 —
/// the kind of bug a decoder's layout pass can have. Used to check that timeouts are classified.
public enum HangingDecoder {
    public static func decode(_ bytes: [UInt8]) -> Int {
        guard let text = try? PayloadDecoder().decode(bytes).text, let root = try? JSONParser().parse(text) else { return 0 }
        var spins = 0
        if case .array(let components)? = root["components"] {
            for c in components where c["type"] == "spacer" && c["data"]?["height"] == 4242 {
                while spins >= 0 { spins = spins &+ 1 | 1 }  // never ends
            }
        }
        return spins
    }
}

/// TEST FIXTURE: allocates without bound when a `stack` has `spacing` 4242 — a decoder
/// pre-allocating from an untrusted number. Used to check that out-of-memory is classified.
public enum HoggingDecoder {
    nonisolated(unsafe) static var hoard: [[UInt8]] = []

    public static func decode(_ bytes: [UInt8]) -> Int {
        guard let text = try? PayloadDecoder().decode(bytes).text, let root = try? JSONParser().parse(text) else { return 0 }
        if case .array(let components)? = root["components"] {
            for c in components where c["type"] == "stack" && c["data"]?["spacing"] == 4242 {
                while true { hoard.append([UInt8](repeating: 1, count: 64 << 20)) }
            }
        }
        return hoard.count
    }
}
