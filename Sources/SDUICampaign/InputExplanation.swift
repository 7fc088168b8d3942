import Foundation
import SDUIFuzz
import SDUILiteralMining
import SDUIJSON

/// Explains a crash input in the plugged-in decoder's terms, whatever its protocol: the values in
/// it that the decoder's own code compares against (mined literals), kinds and keys that no seed
/// has, and numbers at the edges that break arithmetic (negative, zero, beyond `Int32`, beyond
/// `Double`'s exact integers) — each with its JSON path.
public struct InputExplanation: Sendable {
    /// Strings the decoder's code mentions (its literals, enum raw values, keys).
    public var literals: Set<String>
    /// Every key and string value of the seeds, when known: what is *new* in the input.
    public var seedStrings: Set<String>

    public init(decoderSources: [String], seeds: [String]) {
        let mined = SourceLiteralMiner.mine(sources: decoderSources)
        literals = Set(mined.strings + mined.keys)
        var strings = Set<String>()
        var stack = CorpusReader.documents(in: seeds, limit: 500)
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                var children: [(JSONValue, String)] = []
                for m in members { strings.insert(m.key); stack.append(m.value) }
            case .array(let elements): stack.append(contentsOf: elements)
            case .string(let s): strings.insert(s)
            default: break
            }
        }
        seedStrings = strings
    }

    /// Up to `limit` notes, in document order.
    public func notes(for bytes: [UInt8], limit: Int = 12) -> [String] {
        guard let root = CorpusReader.parse(bytes) else { return [] }
        var notes: [String] = []
        var stack: [(JSONValue, String)] = [(root, "$")]
        let seedsKnown = !seedStrings.isEmpty
        while let (value, path) = stack.popLast(), notes.count < limit {
            switch value {
            case .object(let members):
                var children: [(JSONValue, String)] = []
                for m in members {
                    let childPath = JSONPath.appending(key: m.key, to: path)
                    if seedsKnown, !seedStrings.contains(m.key) {
                        notes.append("\(childPath): key \(JSONPath.quoted(m.key)) is in no seed" + (literals.contains(m.key) ? " (the decoder's code names it)" : ""))
                    }
                    if case .string(let s) = m.value, FuzzDictionary.isDiscriminator(m.key), seedsKnown, !seedStrings.contains(s) {
                        notes.append("\(childPath) = \(JSONPath.quoted(s)): a kind no seed has" + (literals.contains(s) ? ", which the decoder's code compares against" : ""))
                        continue
                    }
                    children.append((m.value, childPath))
                }
                stack.append(contentsOf: children.reversed())  // the first member is explained first
            case .array(let elements):
                for (i, e) in elements.enumerated().reversed() { stack.append((e, JSONPath.appending(index: i, to: path))) }
            case .string(let s):
                if literals.contains(s), !(seedsKnown && seedStrings.contains(s)) {
                    notes.append("\(path) = \(JSONPath.quoted(s)): a literal of the decoder's code" + (seedsKnown ? " that no seed has" : ""))
                }
            case .number(let d):
                if d < 0 { notes.append("\(path) = \(JSONSerializer.formatNumber(d)): negative") }
                else if d == 0 { notes.append("\(path) = 0: zero (a divisor, a count, a size?)") }
                else if d > 9_007_199_254_740_992 { notes.append("\(path) = \(JSONSerializer.formatNumber(d)): beyond Double's exact integers and Int64") }
                else if d > 2_147_483_647 { notes.append("\(path) = \(JSONSerializer.formatNumber(d)): beyond Int32") }
                else if d > 1_000_000 { notes.append("\(path) = \(JSONSerializer.formatNumber(d)): large (a count, a size, a loop bound?)") }
            default:
                break
            }
        }
        var seen = Set<String>()
        return notes.filter { seen.insert($0).inserted }
    }
}
