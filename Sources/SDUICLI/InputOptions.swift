import ArgumentParser
import Foundation
import SDUIPayload
import SDUIPlatform
import SDUIScreen

/// A declared payload encoding, as an HTTP `Content-Encoding` names it: the values `--encoding`
/// takes (listed by `--help`).
enum EncodingArgument: String, ExpressibleByArgument, CaseIterable {
    case identity, gzip, deflate, zlib
    case rawDeflate = "raw-deflate"

    var declared: DeclaredEncoding {
        // Every case is a value DeclaredEncoding understands (EncodingArgumentTests checks each).
        try! DeclaredEncoding(contentEncoding: rawValue)
    }
}

/// The payload argument and decoder options shared by `decode` and `render`.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The payload file, or - for standard input.", valueName: "file"))
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "The declared encoding, as an HTTP Content-Encoding value (deflate: zlib or raw, told apart by the bytes). Without it, a .gz, .zz or .deflate file name declares it; otherwise the encoding is sniffed (raw deflate cannot be).",
        valueName: "encoding"))
    var encoding: EncodingArgument?

    @Option(help: "Largest payload accepted as received, in bytes.")
    var maxInputBytes: Int = PayloadLimits.default.maxInputBytes

    @Option(help: "Largest decompressed size, in bytes (checked while inflating).")
    var maxDecodedBytes: Int = PayloadLimits.default.maxDecodedBytes

    @Option(help: "Deepest stack nesting; deeper stacks become invalid placeholders.")
    var maxStackDepth: Int = DecodingLimits.default.maxStackDepth

    @Option(help: "Most components in one screen, all levels.")
    var maxComponents: Int = DecodingLimits.default.maxComponents

    func validate() throws {
        for (name, value) in [("--max-input-bytes", maxInputBytes), ("--max-decoded-bytes", maxDecodedBytes),
                              ("--max-stack-depth", maxStackDepth), ("--max-components", maxComponents)] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
    }

    /// `--encoding`, else what the file name declares (`.gz`, `.zz`, `.deflate`), else nil (sniff).
    var declared: DeclaredEncoding? {
        if let encoding { return encoding.declared }
        return DeclaredEncoding(fileName: file)
    }

    var limits: DecodingLimits {
        DecodingLimits(payload: PayloadLimits(maxInputBytes: maxInputBytes, maxDecodedBytes: maxDecodedBytes),
                       maxStackDepth: maxStackDepth, maxComponents: maxComponents)
    }

    var displayName: String { file == "-" ? "<stdin>" : file }
}

struct InputError: Error, CustomStringConvertible {
    var description: String
}

enum InputReader {
    /// Reads a file (or standard input for `-`), stopping after `limit` bytes.
    static func read(path: String, limit: Int) throws(InputError) -> [UInt8] {
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw InputError(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                close(fd)
                throw InputError(description: "\(path) is a directory, not a payload file")
            }
        }
        defer { if fd != 0 { close(fd) } }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let want = min(chunk.count, limit - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Platform.read(fd, $0.baseAddress!, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(description: "cannot read \(path == "-" ? "standard input" : path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}

/// Decodes the input, mapping unreadable input to exit status 66.
func decodeInput(_ options: InputOptions) throws -> Result<DecodedScreen, ScreenError> {
    let bytes: [UInt8]
    do {
        bytes = try InputReader.read(path: options.file, limit: options.maxInputBytes + 1)
    } catch {
        printError("sdui: \(error)")
        throw ExitCode(66)
    }
    do {
        return .success(try ScreenDecoder(limits: options.limits).decode(bytes, declared: options.declared))
    } catch {
        return .failure(error)
    }
}

func printError(_ message: String, terminator: String = "\n") {
    var stderr = StandardError()
    print(message, terminator: terminator, to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

