import Foundation

/// A golden rendering read back into its tree (the format `ScreenRenderer` writes), so two
/// renderings can be compared component by component rather than line by line.
public struct RenderedScreen: Sendable, Hashable {
    /// `screen NAME vN "title"`, or the whole `rejected [...]` line.
    public var header: String
    public var isRejected: Bool
    public var nodes: [RenderedNode]
    public var warnings: [RenderedWarning]

    /// Reads a rendering; `nil` when the text is not one (e.g. a hand-edited golden gone wrong),
    /// with the 1-based line that could not be read.
    public static func parse(_ text: String) -> Result<RenderedScreen, RenderingParseError> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first else { return .failure(.init(line: 1, message: "the rendering is empty")) }
        if header.hasPrefix("rejected [") {
            guard lines.count == 1 else { return .failure(.init(line: 2, message: "a rejection is a single line")) }
            return .success(RenderedScreen(header: header, isRejected: true, nodes: [], warnings: []))
        }
        guard header.hasPrefix("screen ") else {
            return .failure(.init(line: 1, message: "expected `screen NAME vN` or `rejected [...]`"))
        }
        var screen = RenderedScreen(header: header, isRejected: false, nodes: [], warnings: [])
        // Tree lines: each level is three characters of prefix ("│  " or "   "), then "├─ " or "└─ ".
        var stack: [(depth: Int, path: [Int])] = []
        var n = 1
        while n < lines.count, lines[n] != "warnings:" {
            let line = lines[n]
            var depth = 0
            var rest = Substring(line)
            while rest.hasPrefix("│  ") || rest.hasPrefix("   ") {
                depth += 1
                rest = rest.dropFirst(3)
            }
            guard rest.hasPrefix("├─ ") || rest.hasPrefix("└─ ") else {
                return .failure(.init(line: n + 1, message: "expected a tree line (├─ or └─)"))
            }
            let content = String(rest.dropFirst(3))
            // The parent is the last node one level up.
            while let top = stack.last, top.depth >= depth { stack.removeLast() }
            guard depth == (stack.last.map { $0.depth + 1 } ?? 0) else {
                return .failure(.init(line: n + 1, message: "the tree skips a level"))
            }
            let node = RenderedNode(content)
            var indexPath: [Int]
            if let parent = stack.last {
                guard screen.nodes.node(at: parent.path)?.kind == "stack" else {
                    return .failure(.init(line: n + 1, message: "only a stack has children"))
                }
                let count = screen.nodes.node(at: parent.path)!.children.count
                indexPath = parent.path + [count]
            } else {
                indexPath = [screen.nodes.count]
            }
            screen.nodes.insert(node, at: indexPath)
            stack.append((depth, indexPath))
            n += 1
        }
        if n < lines.count {
            n += 1
            while n < lines.count {
                let line = lines[n]
                guard line.hasPrefix("  "), let colon = line.range(of: ": ") else {
                    return .failure(.init(line: n + 1, message: "expected a warning line `  PATH: message`"))
                }
                screen.warnings.append(RenderedWarning(path: String(line[line.index(line.startIndex, offsetBy: 2)..<colon.lowerBound]),
                                                       message: String(line[colon.upperBound...])))
                n += 1
            }
        }
        screen.nodes.assignPaths(prefix: "$.components")
        return .success(screen)
    }
}

public struct RenderingParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// A warning line: `  PATH: message`.
public struct RenderedWarning: Sendable, Hashable {
    public var path: String
    public var message: String
    public var line: String { "\(path): \(message)" }
}

/// One component line of a rendering, with its children.
public struct RenderedNode: Sendable, Hashable {
    /// The line without the tree prefix, e.g. `text#greeting [body] "GREEN"`.
    public var line: String
    /// `text`, `button`, …, `unsupported`, `invalid`.
    public var kind: String
    public var id: String?
    /// The line without its kind, id and placeholder path (`  @ $.…`): what a component shows.
    public var body: String
    /// The JSON path the component came from, from its position in the tree.
    public var path: String = ""
    public var children: [RenderedNode] = []

    init(_ line: String) {
        self.line = line
        var rest = Substring(line)
        let kindEnd = rest.firstIndex(where: { $0 == "#" || $0 == " " || $0 == ":" }) ?? rest.endIndex
        kind = String(rest[..<kindEnd])
        // Placeholders end with their JSON path, which moves whenever a component is inserted before them.
        if kind == "unsupported" || kind == "invalid", let at = rest.range(of: "  @ $", options: .backwards) {
            rest = rest[..<at.lowerBound]
        }
        rest = rest[kindEnd...]
        if rest.first == "#" {
            rest = rest.dropFirst()
            if rest.first == "\"" {
                let end = RenderedNode.endOfQuoted(rest)
                id = String(rest[..<end])
                rest = rest[end...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                id = String(rest[..<end])
                rest = rest[end...]
            }
        }
        body = String(rest.drop(while: { $0 == " " }))
    }

    /// The index just past a JSON string literal starting at `s.startIndex`.
    static func endOfQuoted(_ s: Substring) -> Substring.Index {
        var i = s.index(after: s.startIndex)
        var escaped = false
        while i < s.endIndex {
            let c = s[i]
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { return s.index(after: i) }
            i = s.index(after: i)
        }
        return s.endIndex
    }

    /// The tokens of ``body``: JSON string literals, `[style]`, `key=value`, words, `→`.
    var tokens: [String] {
        var result: [String] = []
        var rest = Substring(body)
        while let c = rest.first {
            if c == " " { rest = rest.dropFirst(); continue }
            if c == "\"" {
                let end = RenderedNode.endOfQuoted(rest)
                result.append(String(rest[..<end]))
                rest = rest[end...]
            } else if let eq = rest.firstIndex(where: { $0 == "=" || $0 == " " }), rest[eq] == "=",
                      rest[rest.index(after: eq)...].first == "\"" {
                let valueStart = rest.index(after: eq)
                let end = RenderedNode.endOfQuoted(rest[valueStart...])
                result.append(String(rest[..<end]))
                rest = rest[end...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                result.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return result
    }
}

extension [RenderedNode] {
    func node(at path: [Int]) -> RenderedNode? {
        guard let first = path.first, indices.contains(first) else { return nil }
        return path.count == 1 ? self[first] : self[first].children.node(at: [Int](path.dropFirst()))
    }

    mutating func insert(_ node: RenderedNode, at path: [Int]) {
        if path.count == 1 { append(node) } else { self[path[0]].children.insert(node, at: [Int](path.dropFirst())) }
    }

    mutating func assignPaths(prefix: String) {
        for i in indices {
            self[i].path = "\(prefix)[\(i)]"
            self[i].children.assignPaths(prefix: self[i].path + ".data.children")
        }
    }
}
