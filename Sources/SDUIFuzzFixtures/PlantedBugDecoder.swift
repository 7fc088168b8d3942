import SDUIJSON
import SDUIPayload
import Foundation

/// TEST FIXTURE, not a real decoder: a decoder with a planted crash, used to prove that the fuzz
/// harness finds bugs plain libFuzzer does not reach.
///
/// It crashes (a force-unwrap of nil, the way app decoders look up style tables) only when a
/// **gzip** payload holds a `button` component whose `style` is not in its table (the corpus has
/// other styles, such as `"caption"`, only on `text`) — a specific component kind, field and value,
/// reachable only through a compressed payload.
public enum PlantedBugDecoder {
    public struct Rejected: Error {}

    /// Set `SDUI_FIXTURE_FIXED=1` to run the fixture with the bug fixed (for regression replays).
    public static var bugFixed: Bool { getenvString("SDUI_FIXTURE_FIXED") == "1" }

    public static func decode(_ bytes: [UInt8]) throws -> Int {
        guard let payload = try? PayloadDecoder().decode(bytes),
              let root = try? JSONParser().parse(payload.text) else { throw Rejected() }
        var buttons = 0
        var stack: [JSONValue] = [root]
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                if value["type"] == "button", case .string(let style)? = value["data"]?["style"], payload.encoding == .gzip {
                    let styleIndex = ["primary": 0, "secondary": 1]
                    buttons += bugFixed ? (styleIndex[style] ?? 0) : styleIndex[style]!  // planted: "caption" is not in the table
                }
                stack.append(contentsOf: members.map(\.value))
            case .array(let elements):
                stack.append(contentsOf: elements)
            default:
                break
            }
        }
        return buttons
    }
}

func getenvString(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}
