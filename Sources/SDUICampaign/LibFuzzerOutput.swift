/// Reads libFuzzer's status lines (plain and `-fork` modes).
public struct LibFuzzerStatus: Sendable, Hashable {
    public var executions: Int?
    public var coverage: Int?
    public var features: Int?
    public var corpus: Int?
    public var execsPerSecond: Int?
    public var rssMB: Int?
    public var crashes: Int?
    public var timeouts: Int?
    public var ooms: Int?
    public var seconds: Int?
}

public enum LibFuzzerOutput {
    /// `N` from `INFO: Loaded 1 modules   (N inline 8-bit counters)`.
    public static func counters(in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.contains("inline 8-bit counters") && line.contains("Loaded") {
            guard let open = line.firstIndex(of: "(") else { continue }
            return Int(line[line.index(after: open)...].prefix { $0.isNumber })
        }
        return nil
    }

    /// Parses a status line (`#123 NEW cov: …` or fork mode `#123: cov: … oom/timeout/crash: a/b/c time: 5s`).
    public static func status(_ line: String) -> LibFuzzerStatus? {
        guard line.hasPrefix("#"), line.contains("cov: ") else { return nil }
        var status = LibFuzzerStatus()
        status.executions = Int(line.dropFirst().prefix { $0.isNumber })
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        for (i, token) in tokens.enumerated() where i + 1 < tokens.count {
            let value = tokens[i + 1]
            let number = Int(value.prefix { $0.isNumber })
            switch token {
            case "cov:": status.coverage = number
            case "ft:": status.features = number
            case "corp:": status.corpus = number  // "40/29Kb" in plain mode: the count comes first
            case "exec/s:": status.execsPerSecond = number
            case "rss:": status.rssMB = number
            case "time:": status.seconds = number
            case "oom/timeout/crash:":
                let parts = value.split(separator: "/").map { Int($0) }
                if parts.count == 3 { (status.ooms, status.timeouts, status.crashes) = (parts[0], parts[1], parts[2]) }
            default: break
            }
        }
        // Fork mode's `exec/s` is the last job's, 0 for a job that crashed within its first second
        // (a campaign that keeps hitting a bug prints 0 all along): the campaign's own rate instead.
        if let seconds = status.seconds, seconds > 0, let executions = status.executions {
            status.execsPerSecond = executions / seconds
        }
        return status
    }
}
