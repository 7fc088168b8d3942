import SwiftSyntax

/// Why a declaration on the decode path does not compile, when the reason is one the slice made:
/// its compiler error names something left out in an earlier round (`cannot find 'ImageCache' in
/// scope`, `class 'Root' has no initializers` after its only initializer went), and that one went
/// for its own error. The error the user sees names the first in that chain, the one to fix.
enum LeftOutCause {
    /// A left-out declaration and the note that says why.
    struct LeftOut {
        var name: String
        var owner: String
        var note: SliceNote
    }

    static func explaining(_ error: SliceError, in files: [SliceFile]) -> SliceError {
        guard case .cannotLeaveOut(let file, let line, let declaration, let message) = error else { return error }
        let leftOut = declarationsLeftOut(in: files)
        var cause: SliceNote?
        var current = message
        var seen = Set<String>()
        // A few hops at most: each hop is one round's consequence of the one before.
        for _ in 0..<6 {
            guard let next = culprit(of: current, among: leftOut), seen.insert("\(next.note.file):\(next.note.line)").inserted else { break }
            cause = next.note
            current = next.note.reason
        }
        guard let cause else { return error }
        let name = cause.file.split(separator: "/").last.map(String.init) ?? cause.file
        return .cannotLeaveOut(file: file, line: line, declaration: declaration,
                               error: message + "; the first error behind it: \(name):\(cause.line): `\(cause.declaration)` was left out because it \(cause.reason)")
    }

    /// What a compiler error says is missing, among what was left out.
    static func culprit(of message: String, among leftOut: [LeftOut]) -> LeftOut? {
        if let match = message.firstMatch(of: /(?:class|struct|type) '([A-Za-z_][A-Za-z0-9_]*)' has no initializers/) {
            return leftOut.first { $0.name == "init" && $0.owner == String(match.1) }
        }
        if let match = message.firstMatch(of: /'([A-Za-z_][A-Za-z0-9_.]*)' has no member '([A-Za-z_][A-Za-z0-9_]*)'/) {
            let owner = String(match.1.split(separator: ".").last ?? "")
            return leftOut.first { $0.name == String(match.2) && $0.owner == owner } ?? leftOut.first { $0.name == String(match.2) }
        }
        if let match = message.firstMatch(of: /cannot find (?:type )?'([A-Za-z_][A-Za-z0-9_]*)' in scope/) {
            return leftOut.first { $0.name == String(match.1) }
        }
        return nil
    }

    /// Every declaration blanked whole, by name and owner, with its note.
    static func declarationsLeftOut(in files: [SliceFile]) -> [LeftOut] {
        var found: [LeftOut] = []
        for file in files {
            let notes = file.notes.filter { $0.action == .leftOut }
            guard !notes.isEmpty else { continue }
            for decl in DeclarationTree.declarations(in: file.tree) {
                guard let name = DeclarationTree.memberName(of: decl),
                      let note = notes.first(where: { $0.line == file.line(of: decl) && file.isLeftOut(decl) }) else { continue }
                let owner = DeclarationTree.owner(of: decl).flatMap(DeclarationTree.typeName(of:)) ?? ""
                found.append(LeftOut(name: name, owner: owner, note: note))
            }
        }
        return found
    }
}
