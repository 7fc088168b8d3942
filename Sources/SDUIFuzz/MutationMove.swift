import Foundation

/// A named unit of mutation. Each mutation the harness makes is one or more moves; the harness
/// counts, per move, how often it was used and how often an input it made reached code the job had
/// not run before, and the campaign reports both (report.json's `mutationMoves`), so the weights of
/// the moves can be measured and tuned instead of guessed.
public enum MutationMove: String, CaseIterable, Codable, Sendable, Comparable {
    /// libFuzzer's own byte mutations (`LLVMFuzzerMutate`), run in its buffer.
    case libFuzzerBytes = "libfuzzer-bytes"
    /// Byte mutations of the harness's own making: on a serialized document, on bytes that are not
    /// JSON, on a stream that cannot be opened.
    case bytes
    /// Start again from a seed as it was, before the other moves of the mutation.
    case seedRestart = "seed-restart"
    /// Two corpus inputs spliced (`LLVMFuzzerCustomCrossOver`): a subtree of one into the other.
    case crossover
    // The structure-aware moves, on the JSON tree.
    /// A discriminator's value swapped for another known kind (or an unknown one).
    case swapKind = "swap-kind"
    /// A member or element dropped (a required field, say).
    case dropMember = "drop-member"
    /// A member or element duplicated (the same key twice).
    case duplicate
    /// A value's JSON type changed.
    case changeType = "change-type"
    /// A value nested deeply (arrays, objects, known containers).
    case nest
    /// A subtree of the corpus spliced in.
    case splice
    /// An extreme number (infinity, the edges of `Double`).
    case extremeNumber = "extreme-number"
    /// An edge-case string, or raw bytes a JSON value cannot hold (lone surrogates, invalid UTF-8).
    case edgeString = "edge-string"
    /// A key the decoder reads, with a value of its type.
    case typedValue = "typed-value"
    /// A known key added.
    case addKey = "add-key"
    /// A known enum value or kind where a string was.
    case enumValue = "enum-value"
    /// A literal of the decoder's own code, as a value or a key.
    case decoderLiteral = "decoder-literal"
    /// A key the decoder compares with a literal given that literal, wherever the key is.
    case keyLiteralPair = "key-literal-pair"
    /// A string seen elsewhere in the document (ids and references that must agree).
    case documentString = "document-string"
    /// A named piece (a definition, a fragment) replaced by the component that refers to it by
    /// that name, so it refers to itself (``JSONStructureMutator/selfReference(_:rng:)``).
    case selfReference = "self-reference"
    /// A key the decoder's source names, added to about half of the objects with a number at a type's edge
    /// (``JSONStructureMutator/sourceKeyNumber(_:rng:)``).
    case sourceKeyNumber = "source-key-number"
    /// A component rewritten as a kind the decoder's source names, with every key that kind's type
    /// reads (all but one, a third of the time) (``JSONStructureMutator/kindSketch(_:rng:injections:)``).
    case kindSketch = "kind-sketch"
    /// A number moved across a type boundary or by orders of magnitude.
    case moveNumber = "move-number"
    /// The bytes of a leaf string or number changed.
    case leafBytes = "leaf-bytes"
    /// Members or elements shuffled.
    case shuffle
    /// A key renamed to another known key.
    case renameKey = "rename-key"
    // The compression-aware moves.
    /// The document inside a compressed stream mutated, compressed again (same or another encoding).
    case recompress
    /// The compressed stream itself changed: header flags, block types, checksums, truncation, members.
    case streamSurgery = "stream-surgery"
    /// A document inside a stream that inflates past the mutator's budget cut down where a value
    /// ends and closed (``JSONTruncation``), instead of mutated at that size.
    case shrink

    public static func < (a: MutationMove, b: MutationMove) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The moves of the mutation being made. The harness sets it around each mutation and the
/// mutators note what they do; a mutator used on its own (tests, benchmarks) notes nothing. Bound
/// per thread (a task local, which synchronous code on a thread of its own gets too): libFuzzer
/// mutates on one thread, but tests mutate on several at once, and a shared variable there was a
/// data race (a crash in `note` when another thread's recording ended between its check and its append).
enum AppliedMoves {
    final class Log: @unchecked Sendable { var moves: [MutationMove] = [] }
    @TaskLocal static var log: Log?

    static func note(_ move: MutationMove) {
        log?.moves.append(move)
    }

    /// Runs `body` noting its moves; returns them.
    static func recording(_ body: () -> Void) -> [MutationMove] {
        let log = Log()
        $log.withValue(log) { body() }
        return log.moves
    }
}

/// How often each move was used, and how often an input it took part in reached new code.
public struct MutationMoveStatistic: Codable, Sendable, Equatable {
    public var move: MutationMove
    public var uses: Int
    /// Inputs made with this move that ran code the job had not run before.
    public var newCoverage: Int

    public init(move: MutationMove, uses: Int, newCoverage: Int) {
        self.move = move
        self.uses = uses
        self.newCoverage = newCoverage
    }

    /// Per move, summed over records (a campaign's jobs each write their own), in declaration order.
    public static func sum(_ records: [[MutationMoveStatistic]]) -> [MutationMoveStatistic] {
        var totals: [MutationMove: (Int, Int)] = [:]
        for record in records {
            for s in record { totals[s.move, default: (0, 0)].0 += s.uses; totals[s.move, default: (0, 0)].1 += s.newCoverage }
        }
        return totals.keys.sorted().map { MutationMoveStatistic(move: $0, uses: totals[$0]!.0, newCoverage: totals[$0]!.1) }
    }
}

/// The tally of one process: the moves of the last mutation, waiting for its input's run, and the
/// counts since the last time they were written.
final class MoveTally: @unchecked Sendable {
    private var pending: [MutationMove] = []
    private var uses: [MutationMove: Int] = [:]
    private var newCoverage: [MutationMove: Int] = [:]
    private let lock = NSLock()

    /// A mutation was made of these moves; the next input run is its result.
    func mutated(_ moves: [MutationMove]) {
        lock.lock(); defer { lock.unlock() }
        pending = moves
        for move in Set(moves) { uses[move, default: 0] += 1 }
    }

    /// The input made by the last mutation ran; `reachedNewCode`: it ran code not run before.
    func ran(reachedNewCode: Bool) {
        lock.lock(); defer { lock.unlock() }
        if reachedNewCode { for move in Set(pending) { newCoverage[move, default: 0] += 1 } }
        pending = []
    }

    /// The counts since the last call, and zero again; nil when nothing was counted.
    func drain() -> [MutationMoveStatistic]? {
        lock.lock(); defer { lock.unlock() }
        guard !uses.isEmpty else { return nil }
        let result = uses.keys.sorted().map { MutationMoveStatistic(move: $0, uses: uses[$0]!, newCoverage: newCoverage[$0] ?? 0) }
        uses = [:]
        newCoverage = [:]
        return result
    }
}
