import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import SDUIFuzz

/// Source coverage of what a corpus reaches: builds the fuzz targets as replayers with
/// `-profile-generate -profile-coverage-mapping`, replays the corpus, and writes an llvm-cov HTML
/// report plus a per-module summary of line and function coverage.
public struct CoverageReport: Sendable {
    public var packageRoot: String
    /// Its own scratch path: instrumented builds never mix with normal or fuzz builds.
    public var scratchPath = ".build-coverage"

    public init(packageRoot: String) { self.packageRoot = packageRoot }

    /// Line and function coverage of one module (`Sources/<module>/…`).
    public struct ModuleSummary: Sendable, Codable, Hashable {
        public var module: String
        public var lines: Int
        public var coveredLines: Int
        public var functions: Int
        public var coveredFunctions: Int
        public var linePercent: Double { lines == 0 ? 100 : 100 * Double(coveredLines) / Double(lines) }
        public var functionPercent: Double { functions == 0 ? 100 : 100 * Double(coveredFunctions) / Double(functions) }
    }

    public struct Result: Sendable {
        public var modules: [ModuleSummary]
        /// `html/index.html` under the output directory.
        public var htmlIndex: String
        public var inputs: Int
        /// Inputs whose replay crashed (their coverage is lost; see `sdui repro`).
        public var crashed: [String]
    }

    public enum CoverageError: Error, CustomStringConvertible {
        case build(String)
        case tool(String)
        case noInputs
        public var description: String {
            switch self {
            case .build(let s): "coverage build failed:\n\(s)"
            case .tool(let s): s
            case .noInputs: "no corpus inputs to replay"
            }
        }
    }

    var buildArguments: [String] {
        ["build", "--scratch-path", scratchPath, "-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"]
    }

    /// Builds, replays `corpora[product]` through each product, and writes the report to `output`.
    public func run(_ corpora: [(product: String, paths: [String])], output: String) throws -> Result {
        guard let swift = Toolchain.tool("swift") else { throw CoverageError.tool("swift is not on PATH") }
        guard let profdata = Toolchain.tool("llvm-profdata"), let cov = Toolchain.tool("llvm-cov") else {
            throw CoverageError.tool("llvm-profdata and llvm-cov must be on PATH (the Swift toolchain's, e.g. /opt/swift/usr/bin)")
        }
        let fm = FileManager.default
        try? fm.removeItem(atPath: output + "/profiles")
        try? fm.removeItem(atPath: output + "/html")
        try fm.createDirectory(atPath: output + "/profiles", withIntermediateDirectories: true)
        var binaries: [String] = []
        var inputs = 0
        var crashed: [String] = []
        for (product, paths) in corpora {
            let built = try ProcessRunner.run(swift, buildArguments + ["--product", product], in: packageRoot)
            guard built.status == 0 else { throw CoverageError.build(built.stdout + built.stderr) }
            let bin = try ProcessRunner.run(swift, buildArguments + ["--show-bin-path"], in: packageRoot).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines) + "/" + product
            binaries.append(bin)
            let files = paths.flatMap { CorpusReader.files(under: $0) }.filter { f in
                ![".md", ".py", ".txt", ".meta.json"].contains { f.hasSuffix($0) }
            }
            inputs += files.count
            // Batches keep command lines short; a batch that crashes is replayed file by file,
            // so only the crashing input's coverage is lost.
            for start in stride(from: 0, to: files.count, by: 200) {
                let batch = Array(files[start..<min(start + 200, files.count)])
                if try replay(bin, batch, product: product, output: output) { continue }
                for file in batch where try !replay(bin, [file], product: product, output: output) { crashed.append(file) }
            }
        }
        guard inputs > 0 else { throw CoverageError.noInputs }
        let raw = try fm.contentsOfDirectory(atPath: output + "/profiles").filter { $0.hasSuffix(".profraw") }
            .map { output + "/profiles/" + $0 }
        let merged = output + "/profiles/merged.profdata"
        let merge = try ProcessRunner.run(profdata, ["merge", "-sparse", "-o", merged] + raw)
        guard merge.status == 0 else { throw CoverageError.tool("llvm-profdata merge failed: \(merge.stderr)") }
        let objects = [binaries[0]] + binaries.dropFirst().flatMap { ["-object", $0] }
        // Only the project's own sources: not dependencies, not generated code, not tests.
        let ignore = "-ignore-filename-regex=(\\.build[^/]*|checkouts|Tests)/"
        let html = try ProcessRunner.run(cov, ["show", "-format=html", "-output-dir=\(output)/html", "-instr-profile=\(merged)",
                                               "-show-line-counts-or-regions", "-Xdemangler=\(swift)-demangle", ignore] + objects)
        if html.status != 0 {
            // Older llvm-cov without -Xdemangler support: plain mangled names, still a report.
            let plain = try ProcessRunner.run(cov, ["show", "-format=html", "-output-dir=\(output)/html", "-instr-profile=\(merged)",
                                                    "-show-line-counts-or-regions", ignore] + objects)
            guard plain.status == 0 else { throw CoverageError.tool("llvm-cov show failed: \(plain.stderr)") }
        }
        let export = try ProcessRunner.run(cov, ["export", "-summary-only", "-instr-profile=\(merged)", ignore] + objects)
        guard export.status == 0 else { throw CoverageError.tool("llvm-cov export failed: \(export.stderr)") }
        let modules = try Self.modules(fromExport: Data(export.stdout.utf8))
        let result = Result(modules: modules, htmlIndex: output + "/html/index.html", inputs: inputs, crashed: crashed)
        try Data(Self.markdown(result, relativeTo: output).utf8).write(to: URL(fileURLWithPath: output + "/summary.md"), options: .atomic)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(modules).write(to: URL(fileURLWithPath: output + "/summary.json"), options: .atomic)
        return result
    }

    /// Replays files; false when the process crashed (no profile written).
    private func replay(_ binary: String, _ files: [String], product: String, output: String) throws -> Bool {
        let out = try ProcessRunner.run(binary, files, in: packageRoot,
                                        environment: ["LLVM_PROFILE_FILE": "\(output)/profiles/\(product)-%p.profraw"], timeout: 600)
        return out.status == 0
    }

    /// Per-module totals from `llvm-cov export -summary-only` JSON: files grouped by the folder
    /// under `Sources/` (fuzz targets under `FuzzTargets`).
    public static func modules(fromExport data: Data) throws -> [ModuleSummary] {
        struct Export: Decodable {
            struct Entry: Decodable { var files: [File] }
            struct File: Decodable { var filename: String; var summary: Summary }
            struct Summary: Decodable { var lines: Count; var functions: Count }
            struct Count: Decodable { var count: Int; var covered: Int }
            var data: [Entry]
        }
        let export = try JSONDecoder().decode(Export.self, from: data)
        var byModule: [String: ModuleSummary] = [:]
        for file in export.data.flatMap(\.files) {
            let parts = file.filename.split(separator: "/").map(String.init)
            guard let s = parts.lastIndex(of: "Sources"), s + 1 < parts.count else { continue }
            let module = parts[s + 1]
            var m = byModule[module] ?? ModuleSummary(module: module, lines: 0, coveredLines: 0, functions: 0, coveredFunctions: 0)
            m.lines += file.summary.lines.count
            m.coveredLines += file.summary.lines.covered
            m.functions += file.summary.functions.count
            m.coveredFunctions += file.summary.functions.covered
            byModule[module] = m
        }
        return byModule.values.sorted { $0.module < $1.module }
    }

    /// The summary table (Markdown) with a link to the HTML report.
    public static func markdown(_ result: Result, relativeTo directory: String) -> String {
        var md = "| module | lines | line coverage | functions | function coverage |\n|---|---|---|---|---|\n"
        for m in result.modules {
            md += "| \(m.module) | \(m.coveredLines)/\(m.lines) | \(String(format: "%.1f", m.linePercent)) % | "
            md += "\(m.coveredFunctions)/\(m.functions) | \(String(format: "%.1f", m.functionPercent)) % |\n"
        }
        let link = result.htmlIndex.hasPrefix(directory + "/") ? String(result.htmlIndex.dropFirst(directory.count + 1)) : result.htmlIndex
        md += "\n\(result.inputs) inputs replayed\(result.crashed.isEmpty ? "" : ", \(result.crashed.count) crashed (their coverage is not counted)"). "
        md += "Line by line: [\(link)](\(link)).\n"
        return md
    }
}
