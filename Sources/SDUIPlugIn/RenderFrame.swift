/// The render protocol between the contract gate and a team's fuzz target in a normal build
/// (`TARGET --sdui-render-server`): the gate writes response bodies to the target's standard input
/// and reads one answer per body from its standard output. Both sides use this type, so the bytes
/// one writes are the bytes the other reads.
///
/// A request is a 4-byte big-endian length and the body. An answer is one tag byte (`R`: the
/// ``Rendering`` as JSON; `U`: why the target cannot render, as UTF-8), a 4-byte big-endian length
/// and the payload.
public enum RenderFrame {
    /// The command-line flag that makes a fuzz target's replayer serve renderings.
    public static let serverFlag = "--sdui-render-server"

    /// The answer's tag byte: a rendering follows (JSON).
    public static let renderingTag = UInt8(ascii: "R")
    /// The answer's tag byte: the target cannot render; the reason follows (UTF-8).
    public static let unavailableTag = UInt8(ascii: "U")

    /// The bytes of a request for `body`.
    public static func request(_ body: [UInt8]) -> [UInt8] {
        lengthHeader(body.count) + body
    }

    /// The bytes of an answer.
    public static func answer(tag: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [tag] + lengthHeader(payload.count) + payload
    }

    /// The length a 4-byte header says (big-endian); nil when the header is not 4 bytes.
    public static func length<Header: Collection>(of header: Header) -> Int? where Header.Element == UInt8 {
        guard header.count == 4 else { return nil }
        return header.reduce(0) { $0 << 8 | Int($1) }
    }

    static func lengthHeader(_ n: Int) -> [UInt8] {
        precondition(n >= 0 && n <= Int(UInt32.max), "a frame holds at most 4 GiB")
        return [UInt8(n >> 24 & 0xff), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)]
    }
}
