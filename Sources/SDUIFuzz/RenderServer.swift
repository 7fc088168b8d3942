import Foundation
import SDUIPlatform
import SDUIPlugIn

/// The contract gate's side of a fuzz target in a normal build: `TARGET --sdui-render-server`
/// reads response bodies from standard input and answers each with the target's ``Rendering``, so
/// `sdui contract check` runs the team's decoder out of process (a crash is a crash of one
/// client's check, not of the gate). The bytes are ``RenderFrame``'s; the target's own prints go
/// to standard error.
enum RenderServer {
    static let flag = RenderFrame.serverFlag

    static func serve<Decoded>(_ decoder: DecoderUnderTest<Decoded>) -> Never {
        // The protocol gets its own descriptor; whatever the decoder prints goes to stderr.
        let out = Platform.duplicate(1)
        Platform.duplicate(2, onto: 1)
        PayloadSniffer.replayDeclaredEncoding = nil
        let encoder = JSONEncoder()
        // Without `rendering:`, or when asked (to compare the two), the rendering is derived.
        let derived = ProcessInfo.processInfo.environment["SDUI_RENDERING"] == "derived"
        while let body = readFrame() {
            let result: Rendering
            do { result = decoder.gateRendering(of: try decoder.decode(body), derived: derived) } catch { result = .rejected(error) }
            guard let json = try? encoder.encode(result) else {
                write(out, tag: RenderFrame.unavailableTag, Array("the rendering could not be encoded".utf8))
                continue
            }
            write(out, tag: RenderFrame.renderingTag, [UInt8](json))
        }
        exit(0)
    }

    static func readFrame() -> [UInt8]? {
        guard let header = readExactly(4), let length = RenderFrame.length(of: header) else { return nil }
        return readExactly(length)
    }

    static func readExactly(_ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = buffer.withUnsafeMutableBytes { Platform.read(0, $0.baseAddress! + done, count - done) }
            guard n > 0 else { return nil }
            done += n
        }
        return buffer
    }

    static func write(_ fd: Int32, tag: UInt8, _ payload: [UInt8]) {
        if !Platform.writeAll(fd, RenderFrame.answer(tag: tag, payload)) { exit(0) }  // the gate went away
    }
}
