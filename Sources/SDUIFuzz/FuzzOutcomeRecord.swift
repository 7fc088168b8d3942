import Foundation
import SDUIPlatform

/// What a fuzz binary observed, one record per line (JSON lines) of the file its configuration
/// names (``FuzzHarnessConfiguration/outcomes``): how triage learns which invariant an input broke,
/// `sdui repro` what the decoder made of it, and the campaign how its jobs went. Typed on both
/// sides, so nothing reads a message meant for people.
public enum FuzzOutcomeRecord: Codable, Sendable, Equatable {
    /// An input broke an invariant; the process stops right after (libFuzzer keeps the input).
    /// `input`: the input's FNV-1a hash, hexadecimal.
    case invariantViolated(InvariantViolation, input: String)
    /// What the decoder (named as in reports) made of a replayed input (``FuzzHarnessConfiguration/explains``).
    case explained(DecoderVerdict, decoder: String)
    /// An input decoded slowly, or past the timeout; `file`: where it was kept, if it was.
    case slowInput(milliseconds: Int, pastTimeout: Bool, file: String?)
    /// The process ended itself before its time: it had skipped crashes until their leaks neared
    /// the memory limit, or reached the skip limit.
    case jobEnded(executions: Int, crashesSkipped: Int, knownSites: Int, peakRSSMB: Int)
    /// An input was ended early by the hang watch after `milliseconds`: inside a hang already known,
    /// or (`newSite`) past the timeout at a new one, whose input was kept as a `timeout-<site>` artifact.
    case hangEnded(milliseconds: Int, newSite: Bool)
    /// How the mutation moves did since the process's last such record.
    case mutationMoves([MutationMoveStatistic])
    /// One timed run of a file in a build without sanitizers (`--sdui-timing`, see
    /// ``FuzzReplay``): the decoding thread's CPU time (wall time where that is unknown).
    case timed(nanoseconds: UInt64, file: String)

    /// What the decoder made of an input, in its own terms.
    public enum DecoderVerdict: Codable, Sendable, Equatable {
        /// It threw this error.
        case rejected(String)
        /// It decoded the input; its rendering, when it has one.
        case decoded(rendering: String?)
    }

    private enum Kind: String, Codable { case invariantViolated = "invariant-violated", explained, slowInput = "slow-input",
                                          jobEnded = "job-ended", mutationMoves = "mutation-moves", timed,
                                          hangEnded = "hang-ended" }
    private enum CodingKeys: String, CodingKey {
        case kind, invariant, input, rejected, rendering, decoder, milliseconds, pastTimeout, file, executions, crashesSkipped, knownSites, peakRSSMB, moves, nanoseconds, newSite
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .invariantViolated(let violation, let input):
            try c.encode(Kind.invariantViolated, forKey: .kind)
            try c.encode(violation, forKey: .invariant)
            try c.encode(input, forKey: .input)
        case .explained(.rejected(let error), let decoder):
            try c.encode(Kind.explained, forKey: .kind)
            try c.encode(decoder, forKey: .decoder)
            try c.encode(error, forKey: .rejected)
        case .explained(.decoded(let rendering), let decoder):
            try c.encode(Kind.explained, forKey: .kind)
            try c.encode(decoder, forKey: .decoder)
            try c.encodeIfPresent(rendering, forKey: .rendering)
        case .slowInput(let ms, let pastTimeout, let file):
            try c.encode(Kind.slowInput, forKey: .kind)
            try c.encode(ms, forKey: .milliseconds)
            try c.encode(pastTimeout, forKey: .pastTimeout)
            try c.encodeIfPresent(file, forKey: .file)
        case .jobEnded(let executions, let skipped, let sites, let peak):
            try c.encode(Kind.jobEnded, forKey: .kind)
            try c.encode(executions, forKey: .executions)
            try c.encode(skipped, forKey: .crashesSkipped)
            try c.encode(sites, forKey: .knownSites)
            try c.encode(peak, forKey: .peakRSSMB)
        case .hangEnded(let ms, let newSite):
            try c.encode(Kind.hangEnded, forKey: .kind)
            try c.encode(ms, forKey: .milliseconds)
            try c.encode(newSite, forKey: .newSite)
        case .mutationMoves(let moves):
            try c.encode(Kind.mutationMoves, forKey: .kind)
            try c.encode(moves, forKey: .moves)
        case .timed(let nanoseconds, let file):
            try c.encode(Kind.timed, forKey: .kind)
            try c.encode(nanoseconds, forKey: .nanoseconds)
            try c.encode(file, forKey: .file)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .kind) {
        case .invariantViolated:
            self = .invariantViolated(try c.decode(InvariantViolation.self, forKey: .invariant), input: try c.decode(String.self, forKey: .input))
        case .explained:
            let decoder = try c.decode(String.self, forKey: .decoder)
            if let error = try c.decodeIfPresent(String.self, forKey: .rejected) { self = .explained(.rejected(error), decoder: decoder) }
            else { self = .explained(.decoded(rendering: try c.decodeIfPresent(String.self, forKey: .rendering)), decoder: decoder) }
        case .slowInput:
            self = .slowInput(milliseconds: try c.decode(Int.self, forKey: .milliseconds), pastTimeout: try c.decode(Bool.self, forKey: .pastTimeout),
                              file: try c.decodeIfPresent(String.self, forKey: .file))
        case .jobEnded:
            self = .jobEnded(executions: try c.decode(Int.self, forKey: .executions), crashesSkipped: try c.decode(Int.self, forKey: .crashesSkipped),
                             knownSites: try c.decode(Int.self, forKey: .knownSites), peakRSSMB: try c.decode(Int.self, forKey: .peakRSSMB))
        case .hangEnded:
            self = .hangEnded(milliseconds: try c.decode(Int.self, forKey: .milliseconds), newSite: try c.decode(Bool.self, forKey: .newSite))
        case .mutationMoves:
            self = .mutationMoves(try c.decode([MutationMoveStatistic].self, forKey: .moves))
        case .timed:
            self = .timed(nanoseconds: try c.decode(UInt64.self, forKey: .nanoseconds), file: try c.decode(String.self, forKey: .file))
        }
    }

    /// The records of a file, in order; a line that is not a record (a process killed mid-write)
    /// is passed over. No file: none.
    public static func read(from path: String) -> [FuzzOutcomeRecord] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: 0x0a).compactMap { try? decoder.decode(FuzzOutcomeRecord.self, from: Data($0)) }
    }
}

/// Appends records to the outcomes file, each one line written with one `write` to a file opened
/// for appending, so the lines of a campaign's concurrent jobs do not interleave.
final class OutcomeLog: @unchecked Sendable {
    let path: String
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    init(path: String) { self.path = path }

    func append(_ record: FuzzOutcomeRecord) {
        guard var line = try? encoder.encode(record) else { return }
        line.append(0x0a)
        _ = Platform.appendToFile(path, [UInt8](line))
    }
}
