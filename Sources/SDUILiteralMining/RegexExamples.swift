/// Strings a regular expression of the decoder's source matches, made from the pattern itself: a
/// deep link, an id or a version the decoder picks apart with a regex literal
/// (`deeplink.firstMatch(of: /^app:\/\/product\/(\d+)$/)`) reaches the code behind the match only with
/// a value no single-character mutation makes from the samples' values. Each digit run is given
/// once as `0` and once as a number of more digits than any fixed-width integer holds, the shape
/// `Int(match.1)!` traps on.
///
/// A small subset of the syntax: literals and escapes, `.`, classes (their first member), groups
/// (transparent) and quantifiers. Anything else (alternation, lookaround, backreferences) gives
/// no example rather than a wrong one.
enum RegexExamples {
    /// More digits than `UInt64.max` (20) has.
    static let longDigits = String(repeating: "9", count: 24)

    static func examples(_ pattern: String) -> [String] {
        guard let atoms = parse(Array(pattern.unicodeScalars)) else { return [] }
        let hasDigits = atoms.contains { $0.isDigit }
        let variants = hasDigits ? [longDigits, "0"] : [""]
        var seen = Set<String>()
        return variants.map { digits in
            atoms.map { atom in atom.isDigit && atom.repeats ? digits : String(repeating: atom.text, count: atom.count) }.joined()
        }.filter { !$0.isEmpty && $0.utf8.count <= 64 && seen.insert($0).inserted }
    }

    private struct Atom {
        var text: String
        var isDigit = false
        /// Open-ended (`+`, `*`, `{n,}`, `{n,m}`): a digit run of any length.
        var repeats = false
        /// How many times it is written otherwise (`{6}`).
        var count = 1
    }

    /// The pattern as atoms; nil for syntax outside the subset.
    private static func parse(_ s: [Unicode.Scalar]) -> [Atom]? {
        var atoms: [Atom] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            switch c {
            case "^" where i == 0, "$" where i == s.count - 1:
                i += 1
                continue
            case "(":
                // `(?:`, `(?<name>`: only the group's opening; lookaround and the rest are out.
                if i + 1 < s.count, s[i + 1] == "?" {
                    if i + 2 < s.count, s[i + 2] == ":" { i += 3; continue }
                    if i + 2 < s.count, s[i + 2] == "<", i + 3 < s.count, s[i + 3] != "=", s[i + 3] != "!",
                       let close = s[(i + 3)...].firstIndex(of: ">") { i = close + 1; continue }
                    return nil
                }
                i += 1
                continue
            case ")":
                i += 1
                continue
            case "|", "^", "$":
                return nil
            case "\\":
                guard i + 1 < s.count else { return nil }
                let e = s[i + 1]
                i += 2
                switch e {
                case "d": atoms.append(Atom(text: "9", isDigit: true))
                case "w": atoms.append(Atom(text: "a"))
                case "s": atoms.append(Atom(text: " "))
                case "b", "B", "A", "z", "Z": continue
                default:
                    guard !e.properties.isAlphabetic, !("0"..."9").contains(e) else { return nil }
                    atoms.append(Atom(text: String(e)))
                }
            case "[":
                guard let atom = classAtom(s, &i) else { return nil }
                atoms.append(atom)
            case ".":
                atoms.append(Atom(text: "a"))
                i += 1
            case "+", "*", "?", "{":
                return nil  // a quantifier with nothing before it
            default:
                atoms.append(Atom(text: String(c)))
                i += 1
            }
            guard !atoms.isEmpty, quantify(&atoms[atoms.count - 1], s, &i) else { return nil }
        }
        return atoms
    }

    /// `[0-9a-f]`, `[\\d.]`: its first member (a digit run when that is a digit); at `i`, the `[`.
    private static func classAtom(_ s: [Unicode.Scalar], _ i: inout Int) -> Atom? {
        guard let close = s[(i + 1)...].firstIndex(of: "]"), close > i + 1, s[i + 1] != "^" else { return nil }
        let first = s[i + 1]
        defer { i = close + 1 }
        if first == "\\" {
            guard i + 2 < close else { return nil }
            return s[i + 2] == "d" ? Atom(text: "9", isDigit: true) : Atom(text: "a")
        }
        return ("0"..."9").contains(first) ? Atom(text: "9", isDigit: true) : Atom(text: String(first))
    }

    /// The quantifier at `i` (if any) applied to the atom just read; false for one it cannot read.
    private static func quantify(_ atom: inout Atom, _ s: [Unicode.Scalar], _ i: inout Int) -> Bool {
        guard i < s.count else { return true }
        switch s[i] {
        case "+", "*":
            atom.repeats = true
            i += 1
        case "?":
            i += 1
        case "{":
            guard let close = s[i...].firstIndex(of: "}") else { return false }
            let bounds = String(String.UnicodeScalarView(s[(i + 1)..<close])).split(separator: ",", omittingEmptySubsequences: false)
            atom.repeats = bounds.count > 1
            atom.count = min(16, max(1, Int(bounds.first ?? "") ?? 1))
            i = close + 1
        default:
            return true
        }
        if i < s.count, s[i] == "?" || s[i] == "+" { i += 1 }  // lazy, possessive
        return true
    }
}
