import ArgumentParser
import Foundation
import SDUIJSON
import SDUIPlatform
import SDUIScreen

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a payload and report its encoding, sizes, warnings and errors.",
        discussion: """
        Reads a Screen protocol v1 payload (plain JSON, gzip, zlib or raw deflate),
        decodes it with the reference decoder and prints what happened: the encoding
        used, the sizes as received and decompressed, every warning with its JSON
        path, or the error with its JSON path or byte offset.

        EXAMPLES
          sdui decode Corpus/seeds/home.json
          curl -s -H "Accept-Encoding: gzip" https://api.example.com/screens/home | sdui decode --encoding gzip -
          sdui decode --json payload.bin | jq .warnings

        EXIT STATUS
          0 decoded without warnings; 1 decoded with warnings; 2 rejected; 64 usage
            error; 66 unreadable input.
        """
    )

    @OptionGroup var input: InputOptions

    @Flag(help: "Print a JSON object instead of text (for machines).")
    var json = false

    @Flag(help: "Also print the decode time and this process's peak resident memory (getrusage).")
    var stats = false

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try decodeInput(input)
        let elapsed = clock.now - start
        let peak = stats ? Platform.peakResidentBytes() : nil
        if json {
            var value = report(result)
            if stats, case .object(var members) = value {
                members.append(JSONMember("decode_seconds", .number(elapsed.seconds)))
                if let peak { members.append(JSONMember("peak_rss_bytes", .number(Double(peak)))) }
                value = .object(members)
            }
            print(JSONSerializer.string(value, options: .init(pretty: true)))
        } else {
            printText(result)
            if stats {
                print("time: \(String(format: "%.3f", elapsed.seconds * 1000)) ms")
                if let peak { print("peak memory: \(peak) bytes (\(peak >> 20) MiB)") }
            }
        }
        switch result {
        case .success(let decoded): if !decoded.screen.warnings.isEmpty { throw ExitCode(1) }
        case .failure: throw ExitCode(2)
        }
    }

    private func printText(_ result: Result<DecodedScreen, ScreenError>) {
        print("file: \(input.displayName)")
        switch result {
        case .success(let d):
            print("encoding: \(d.encoding.rawValue) (\(d.receivedSize) bytes received, \(d.decodedSize) bytes decoded)")
            let total = countComponents(d.screen.components)
            print("screen: \(JSONPath.quoted(d.screen.name)) v\(d.screen.version), \(total) component(s), \(d.screen.components.count) at top level")
            if d.screen.warnings.isEmpty {
                print("result: decoded without warnings")
            } else {
                print("warnings: \(d.screen.warnings.count)")
                for w in d.screen.warnings { print("  [\(w.code.rawValue)] \(w.path): \(w.message)") }
                print("result: decoded with warnings")
            }
        case .failure(let error):
            var location = ""
            if let path = error.path { location += " at \(path)" }
            if let offset = error.byteOffset { location += " (byte \(offset))" }
            print("error [\(error.code)]\(location): \(error.message)")
            print("result: rejected")
        }
    }

    private func report(_ result: Result<DecodedScreen, ScreenError>) -> JSONValue {
        var members: [JSONMember] = [JSONMember("file", .string(input.displayName))]
        switch result {
        case .success(let d):
            members += [
                JSONMember("status", .string(d.screen.warnings.isEmpty ? "ok" : "warnings")),
                JSONMember("encoding", .string(d.encoding.rawValue)),
                JSONMember("received_bytes", .number(Double(d.receivedSize))),
                JSONMember("decoded_bytes", .number(Double(d.decodedSize))),
                JSONMember("screen", .string(d.screen.name)),
                JSONMember("components", .number(Double(countComponents(d.screen.components)))),
                JSONMember("warnings", .array(d.screen.warnings.map {
                    ["code": .string($0.code.rawValue), "path": .string($0.path), "message": .string($0.message)]
                })),
            ]
        case .failure(let e):
            var error: [JSONMember] = [JSONMember("code", .string(e.code)), JSONMember("message", .string(e.message))]
            if let path = e.path { error.append(JSONMember("path", .string(path))) }
            if let offset = e.byteOffset { error.append(JSONMember("byte_offset", .number(Double(offset)))) }
            members += [JSONMember("status", .string("rejected")), JSONMember("error", .object(error))]
        }
        return .object(members)
    }
}

func countComponents(_ components: [Component]) -> Int {
    components.reduce(0) { total, c in
        if case .stack(let s) = c.content { return total + 1 + countComponents(s.children) }
        return total + 1
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
