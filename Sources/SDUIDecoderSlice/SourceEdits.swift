/// Byte ranges of a source text to blank out. Every removed byte becomes a space, except line
/// breaks, which stay: every line and column of what is kept is where it was in the user's file,
/// so crash lines, compiler errors and coverage name the user's own `File.swift:LINE`.
struct SourceEdits {
    private(set) var ranges: [Range<Int>] = []

    mutating func blank(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        ranges.append(range)
    }

    func contains(_ offset: Int) -> Bool { ranges.contains { $0.contains(offset) } }

    func applied(to text: String) -> String {
        var bytes = Array(text.utf8)
        for range in ranges {
            for i in range where i < bytes.count && bytes[i] != UInt8(ascii: "\n") && bytes[i] != UInt8(ascii: "\r") {
                bytes[i] = UInt8(ascii: " ")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
