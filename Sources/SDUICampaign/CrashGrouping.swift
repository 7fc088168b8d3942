import SDUICrashAnalysis
/// One signature per crash site, across the crashes of a campaign: triage signs each input on its
/// own, and three things one site can look like are joined here, after grouping by signature.
///
/// 1. **A site without a line.** The optimiser sometimes merges a trap with another and the frame
///    loses its line (`crash in X.init(object:): Unexpectedly found nil`), while other inputs that
///    fail at the same site keep it. An unlined crash joins the one lined crash of the same kind in
///    the same function whose callers (the decoder's frames below the site) are the same; with
///    several lined sites there, which one it was cannot be told, and it stays apart, saying why.
/// 2. **One hang, sampled at several depths.** Where a hang is caught is a sample of its loop (a
///    closure in the parsing function, the function, its caller): timeouts whose decoder stacks are
///    one the caller-side end of the other, or that with frames the unwinder skipped (at least two
///    of the decoder's frames shared, the same entry), are one, shown by the deepest sample.
/// 3. **One allocation, several ways to fail.** A size read from the payload fails as out-of-memory,
///    a heap overflow, a timeout or (the size's own arithmetic) an arithmetic overflow depending on
///    the value; when their innermost lined decoder frame is one source line, they are one
///    signature, with every kind listed.
/// 4. **One recursion, overflowing anywhere in it.** A cycle (a template that refers to itself)
///    recurses until the stack runs out wherever the last call happens to be: in the recursive
///    function at one line or another, or in an allocation it called. Stack overflows whose
///    decoder frames are mostly one recursive function are one signature.
public enum CrashGrouping {
    public static func merge(_ crashes: [TargetResult.Crash]) -> [TargetResult.Crash] {
        var result = crashes
        result = joinUnlined(result)
        result = joinHangSamples(result)
        result = joinAllocationKinds(result)
        result = joinRecursions(result)
        return result
    }

    /// The decoder's functions from the site outwards, for comparing stacks.
    static func projectChain(_ crash: TargetResult.Crash) -> [String] {
        let project = crash.frames.filter(\.isProject)
        guard let site = CrashTriage.siteFrame(crash.frames), let start = project.firstIndex(of: site) else {
            return project.map { CrashTriage.plainName($0.function) }
        }
        return project[start...].map { CrashTriage.plainName($0.function) }
    }

    static func siteLine(_ crash: TargetResult.Crash) -> SourceSite? {
        CrashTriage.siteFrame(crash.frames).flatMap { SourceSite(location: $0.location) }
    }

    /// `absorbed` joins `into`: its inputs (in order of discovery), its signature and kind noted.
    static func join(_ absorbed: TargetResult.Crash, into target: inout TargetResult.Crash) {
        target.inputs += absorbed.inputs
        target.alsoSignedAs = (target.alsoSignedAs ?? []) + [absorbed.signature] + (absorbed.alsoSignedAs ?? [])
        let kinds = [target.kind] + (target.alsoKinds ?? []) + [absorbed.kind] + (absorbed.alsoKinds ?? [])
        var unique: [CrashAnalysis.Kind] = []
        for k in kinds where !unique.contains(k) { unique.append(k) }
        target.alsoKinds = unique.count > 1 ? Array(unique.dropFirst()) : target.alsoKinds
        if let a = absorbed.firstSeconds, a < (target.firstSeconds ?? .infinity) { target.firstSeconds = a }
        if let sites = absorbed.siteKeys { target.siteKeys = (target.siteKeys ?? []) + sites }
    }

    static func joinUnlined(_ crashes: [TargetResult.Crash]) -> [TargetResult.Crash] {
        var result = crashes
        var removed = Set<Int>()
        for (i, crash) in crashes.enumerated() where crash.kind != .timeout && siteLine(crash) == nil {
            let chain = projectChain(crash)
            guard let function = chain.first else { continue }
            let candidates = crashes.indices.filter { j in
                j != i && !removed.contains(j) && crashes[j].kind == crash.kind && siteLine(crashes[j]) != nil
                    && projectChain(crashes[j]).first == function
            }
            let agreeing = candidates.filter { Array(projectChain(crashes[$0]).dropFirst()) == Array(chain.dropFirst()) }
            if agreeing.count == 1 {
                join(crash, into: &result[agreeing[0]])
                removed.insert(i)
            } else if candidates.count > 0 {
                result[i].groupingNote = agreeing.count > 1
                    ? "no line: \(agreeing.count) lined sites in \(function) with the same callers, so which one cannot be told"
                    : "no line, and no lined site in \(function) has the same callers"
            }
        }
        return result.indices.filter { !removed.contains($0) }.map { result[$0] }
    }

    static func joinHangSamples(_ crashes: [TargetResult.Crash]) -> [TargetResult.Crash] {
        var result = crashes
        var removed = Set<Int>()
        let hangs = crashes.indices.filter { crashes[$0].kind == .timeout }
        for i in hangs where !removed.contains(i) {
            for j in hangs where j != i && !removed.contains(j) && !removed.contains(i) {
                let a = projectChain(result[i]), b = projectChain(result[j])
                let (short, long) = a.count <= b.count ? (a, b) : (b, a)
                guard short.count >= 2, Self.isSample(short, of: long) else { continue }
                // The deepest sample stands for the hang: its stack holds every frame the others
                // show (theirs is its caller-side end), so the report names each place it was caught.
                let iDeeper = a.count != b.count ? a.count > b.count : result[i].inputs.count >= result[j].inputs.count
                let (keep, drop) = iDeeper ? (i, j) : (j, i)
                join(result[drop], into: &result[keep])
                removed.insert(drop)
            }
        }
        return result.indices.filter { !removed.contains($0) }.map { result[$0] }
    }

    /// Whether `short` is a sample of the hang `long` was caught in: the caller-side end of it, or
    /// that with frames missing (the sampling unwinder, stopped in the runtime, can skip a frame of
    /// the decoder's between two others): its functions in `long`'s order, ending at the same entry.
    static func isSample(_ short: [String], of long: [String]) -> Bool {
        if Array(long.suffix(short.count)) == short { return true }
        guard short.last == long.last else { return false }
        var rest = long[...]
        for function in short {
            guard let k = rest.firstIndex(of: function) else { return false }
            rest = rest[(k + 1)...]
        }
        return true
    }

    static func joinAllocationKinds(_ crashes: [TargetResult.Crash]) -> [TargetResult.Crash] {
        let allocationKinds: Set<CrashAnalysis.Kind> = [.oom, .sanitizer, .timeout]
        // The size itself overflowing (`width * height * 4` past `Int.max`) is the same
        // allocation failing a fourth way, but only beside one of the others: an overflow alone
        // on a line is arithmetic, and any other trap there (a `!`) is a bug of its own.
        func isSizeOverflow(_ crash: TargetResult.Crash) -> Bool {
            crash.kind == .crash && (crash.message ?? crash.title).contains("arithmetic overflow")
        }
        var bySite: [SourceSite: [Int]] = [:]
        for (i, crash) in crashes.enumerated() where allocationKinds.contains(crash.kind) || isSizeOverflow(crash) {
            if let site = siteLine(crash) { bySite[site, default: []].append(i) }
        }
        var result = crashes
        var removed = Set<Int>()
        for members in bySite.values {
            // The first allocation failure stands for the bug; one sample per kind joins it.
            guard let keep = members.first(where: { allocationKinds.contains(crashes[$0].kind) }) else { continue }
            var kinds: Set<CrashAnalysis.Kind> = [crashes[keep].kind]
            for i in members where i != keep && kinds.insert(crashes[i].kind).inserted {
                join(crashes[i], into: &result[keep])
                removed.insert(i)
            }
        }
        return result.indices.filter { !removed.contains($0) }.map { result[$0] }
    }

    /// The decoder function a stack overflow recursed in (``CrashTriage/recursiveFunction(_:)``),
    /// nil for another crash.
    static func recursion(_ crash: TargetResult.Crash) -> String? {
        crash.title.contains("stack-overflow") ? CrashTriage.recursiveFunction(crash.frames) : nil
    }

    static func joinRecursions(_ crashes: [TargetResult.Crash]) -> [TargetResult.Crash] {
        var result = crashes
        var removed = Set<Int>()
        var byFunction: [String: Int] = [:]
        for (i, crash) in crashes.enumerated() {
            guard let function = recursion(crash) else { continue }
            if let first = byFunction[function] {
                // The sample with a line in the recursive function itself stands for the bug.
                let keep = siteLine(result[first]) == nil && siteLine(crash) != nil ? i : first
                let drop = keep == i ? first : i
                join(result[drop], into: &result[keep])
                removed.insert(drop)
                byFunction[function] = keep
            } else {
                byFunction[function] = i
            }
        }
        return result.indices.filter { !removed.contains($0) }.map { result[$0] }
    }
}
