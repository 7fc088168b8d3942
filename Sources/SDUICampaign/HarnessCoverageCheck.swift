/// Which of the harness's own functions carry coverage in a fuzz binary. A build that instruments
/// the decoder only must leave the harness (its Swift modules, and its C: the fork server, the
/// crash sites, the hang watch, the platform layer) without coverage, or libFuzzer keeps inputs for
/// new paths through the harness's bookkeeping. The listing is libFuzzer's own
/// (`-print_coverage=1`: one `COVERED_FUNC:`/`UNCOVERED_FUNC:` line per instrumented function),
/// so what is checked is the binary as built, whatever flags reached each file.
public enum HarnessCoverageCheck {
    /// The modules that are the harness's in a build of this kind: its C (the fork server, crash
    /// sites, hang watch, platform layer) and its Swift. SDUIJSON and SDUIPayload are the reference
    /// decoder's own when this package's targets are fuzzed (`decoder`).
    public static func harnessModules(_ instrumenting: FuzzBuilder.Instrumenting) -> [String] {
        switch instrumenting {
        case .everything: []
        case .decoder: ["CSDUIFuzzEngine", "CSDUIPlatform", "SDUIFuzz", "SDUIPlugIn", "SDUIPlatform"]
        case .plugged: ["CSDUIFuzzEngine", "CSDUIPlatform", "SDUIFuzz", "SDUIPlugIn", "SDUIPlatform", "SDUIJSON", "SDUIPayload"]
        }
    }

    /// The instrumented functions of `listing` whose source file lies in one of `modules`' folders
    /// (`…/Sources/SDUIFuzz/…`), as `name file:line`. Judged by file, not by name: the compiler
    /// emits a harness type's outlined copies and thunks in the module that uses them (the decoder's,
    /// named after the harness's type, at `<compiler-generated>`), and those are the decoder's code.
    /// An unsymbolized listing (no file) names nothing.
    public static func harnessFunctions(in listing: String, modules: [String]) -> [String] {
        let folders = modules.map { "/Sources/\($0)/" }
        var found: [String] = []
        for line in listing.split(separator: "\n") where line.hasPrefix("COVERED_FUNC:") || line.hasPrefix("UNCOVERED_FUNC:") {
            // `COVERED_FUNC: hits: 1 edges: 6/15 NAME FILE:LINE`
            let fields = line.split(separator: " ")
            guard let edges = fields.firstIndex(of: "edges:"), edges + 3 < fields.count, let file = fields.last else { continue }
            if folders.contains(where: { file.contains($0) }) { found.append("\(fields[edges + 2]) \(file)") }
        }
        return found
    }
}
