import Foundation
import SDUIJSON
import SDUIPayload

/// What the mutators made of the bytes they were handed, by those bytes. libFuzzer hands a custom
/// mutator a corpus element or the mutator's own last output (it mutates each input up to five
/// times in a row), and a crossover two corpus elements, so the same bytes come back again and
/// again: here each is inflated and parsed once, not at every mutation. Parsing and inflating in
/// the mutators were a quarter of a structured campaign's time (issue 39, BENCHMARKS.md "mutators").
///
/// What is cached is exactly what opening the bytes gives (``CompressionMutator/open(_:)``,
/// ``JSONStructureMutator/parse(_:)``): a mutator remembers an output it made only when opening it
/// is known to give the same (tested in OpenedDocumentsTests). Bounded: the oldest entries go
/// first once what is held passes ``weightLimit``.
final class OpenedDocuments<Opened>: @unchecked Sendable {
    /// The bytes with their hash taken once, in bulk (an array's own hashing goes byte by byte).
    private struct Key: Hashable {
        let bytes: [UInt8]
        let hash: Int
        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            hash = bytes.withUnsafeBytes { InputHashes.hash($0) }
        }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
    }

    /// Roughly the bytes an entry holds (its key, its text, its parsed tree).
    let weigh: (_ bytes: [UInt8], _ opened: Opened) -> Int
    let weightLimit: Int
    private var entries: [Key: (opened: Opened, weight: Int)] = [:]
    private var order: [Key] = []
    private var oldest = 0
    private var held = 0
    private let lock = NSLock()
    private(set) var hits = 0
    private(set) var misses = 0

    init(weightLimit: Int = 32 << 20, weigh: @escaping (_ bytes: [UInt8], _ opened: Opened) -> Int) {
        self.weightLimit = weightLimit
        self.weigh = weigh
    }

    /// `bytes` opened: remembered, or opened by `open` now (and remembered).
    func opened(_ bytes: [UInt8], open: () -> Opened) -> Opened {
        let key = Key(bytes)
        lock.lock()
        if let entry = entries[key] {
            hits += 1
            lock.unlock()
            return entry.opened
        }
        misses += 1
        lock.unlock()
        let opened = open()
        remember(key, opened)
        return opened
    }

    /// Remembers what opening `bytes` gives, without opening them: for an output the mutator made
    /// and knows the inside of.
    func remember(_ bytes: [UInt8], _ opened: Opened) { remember(Key(bytes), opened) }

    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }

    /// What is remembered for `bytes`, without opening them.
    func remembered(_ bytes: [UInt8]) -> Opened? {
        lock.lock(); defer { lock.unlock() }
        return entries[Key(bytes)]?.opened
    }

    private func remember(_ key: Key, _ opened: Opened) {
        let weight = weigh(key.bytes, opened)
        // One entry never takes more than a sixteenth: a huge input is rare and opened again.
        guard weight <= weightLimit / 16 else { return }
        lock.lock(); defer { lock.unlock() }
        guard entries[key] == nil else { return }
        entries[key] = (opened, weight)
        order.append(key)
        held += weight
        while held > weightLimit, oldest < order.count {
            if let gone = entries.removeValue(forKey: order[oldest]) { held -= gone.weight }
            oldest += 1
        }
        // Drop the forgotten keys from the front now and then, not at every eviction.
        if oldest > 1_024, oldest * 2 > order.count {
            order.removeFirst(oldest)
            oldest = 0
        }
    }
}

/// A JSON text parsed the way the structure-aware mutator parses it (a byte-order mark set aside).
struct ParsedJSON {
    var byteOrderMark: Bool
    /// nil when the text is not JSON.
    var value: JSONValue?

    /// A parsed tree holds about twice its text (strings, member arrays, enum boxes).
    static func weight(_ bytes: [UInt8], _ parsed: ParsedJSON) -> Int { parsed.value == nil ? bytes.count : 3 * bytes.count }
}

/// A mutator's input opened as a payload: how it was compressed and the text inside.
struct OpenedPayload {
    /// nil when the bytes could not be told apart as anything (see ``CompressionMutator/open(_:)``).
    var encoding: ContentEncoding?
    /// nil when the bytes could not be opened.
    var text: [UInt8]?
    /// The text is only the beginning of what the stream inflates to (past ``CompressionMutator/innerLimit``).
    var isPrefix = false

    static func weight(_ bytes: [UInt8], _ opened: OpenedPayload) -> Int { bytes.count + (opened.text?.count ?? 0) }
}

/// The caches a harness's mutators share.
final class MutatorDocuments: @unchecked Sendable {
    let json = OpenedDocuments<ParsedJSON>(weigh: ParsedJSON.weight)
    let payloads = OpenedDocuments<OpenedPayload>(weigh: OpenedPayload.weight)
    /// Inputs found to inflate past the mutator's inner limit (decompression bombs and their
    /// byte-mutated offspring), by hash: such an input is given to the compression-aware step, which
    /// cuts it down, rather than to libFuzzer's byte mutations, which keep it a bomb.
    let oversize = InputHashes(limit: 4_096)
}

/// A bounded set of inputs, by the hash of their bytes (a collision only sends an input to another
/// mutation step). Full, it starts again empty.
final class InputHashes: @unchecked Sendable {
    private var hashes: Set<Int> = []
    private let limit: Int
    private let lock = NSLock()

    init(limit: Int) { self.limit = limit }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    func insert(_ bytes: [UInt8]) {
        let hash = bytes.withUnsafeBytes { Self.hash($0) }
        lock.lock(); defer { lock.unlock() }
        if hashes.count >= limit { hashes.removeAll(keepingCapacity: true) }
        hashes.insert(hash)
    }

    func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lock.lock()
        let empty = hashes.isEmpty
        lock.unlock()
        guard !empty else { return false }
        let hash = Self.hash(bytes)
        lock.lock(); defer { lock.unlock() }
        return hashes.contains(hash)
    }
}
