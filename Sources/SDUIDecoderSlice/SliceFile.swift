import SwiftParser
import SwiftSyntax

/// One of the user's files as the slice sees it: the original text (never written back), the
/// ranges blanked so far and what was done, with the declarations it holds found from its syntax tree.
struct SliceFile {
    /// The original file's path.
    let path: String
    /// Where it sits below its source folder (`Models/Card.swift`): the slice keeps the layout.
    let relativePath: String
    let text: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    var edits = SourceEdits()
    var notes: [SliceNote] = []

    init(path: String, relativePath: String, text: String) {
        self.path = path
        self.relativePath = relativePath
        self.text = text
        self.tree = Parser.parse(source: text)
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// The text the slice compiles: blanked where told, every line where it was. The first line
    /// (`#sourceLocation`) makes the compiler, debug info and runtime messages name the user's
    /// file and lines, not the copy's.
    var slicedText: String {
        "#sourceLocation(file: \(SwiftSource.stringLiteral(path)), line: 1)\n" + edits.applied(to: text)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// The byte range of a node without its leading and trailing trivia (comments stay).
    static func range(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    /// The first line of a declaration, as a reader would name it (`var body: some View`).
    static func summary(of node: some SyntaxProtocol) -> String {
        var text = node.trimmedDescription
        // Attributes on lines of their own are not what names it.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        text = lines.first { !$0.hasPrefix("@") || $0.contains(" ") && !$0.hasSuffix(")") } ?? lines.first ?? text
        if let brace = text.firstIndex(of: "{") { text = String(text[..<brace]) }
        text = text.trimmingCharacters(in: .whitespaces)
        return text.count > 90 ? String(text.prefix(87)) + "…" : text
    }

    mutating func leaveOut(_ node: some SyntaxProtocol, action: SliceNote.Action = .leftOut, reason: String) {
        edits.blank(Self.range(of: node))
        notes.append(SliceNote(file: path, line: line(of: node), declaration: Self.summary(of: node), action: action, reason: reason))
    }

    /// Whether a node was blanked already (by itself or with what holds it).
    func isLeftOut(_ node: some SyntaxProtocol) -> Bool {
        edits.contains(node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}

import Foundation
