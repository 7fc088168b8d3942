import Foundation
import SDUIPlugIn

/// What `sdui init` writes into a team's repository to start: a contracts folder with one example
/// contract (and response, when the app carries one), the gate workflow, `.gitignore` entries and
/// ClusterFuzzLite files for the team's own decoder. Files are only ever created, never
/// overwritten; `.gitignore` only gains the lines it lacks.
public struct ProjectScaffold: Sendable {
    /// How the app decodes a screen and where that code is, as `sdui fuzz run` takes it; nil: the
    /// bundled reference decoder (a team trying the gate before naming its own).
    public struct Decoder: Sendable, Hashable {
        /// `--decode` (a Swift expression over `data: Data`) or `--type`.
        public var decodeExpression: String?
        public var typeName: String?
        /// Source folders relative to the repository root (Xcode app folders), or empty with `module`.
        public var sources: [String]
        public var module: String?
        /// Whether campaigns round-trip a `Codable` decoded value (`--no-round-trip` when not).
        public var roundTrip: Bool

        public init(decodeExpression: String? = nil, typeName: String? = nil, sources: [String] = [], module: String? = nil, roundTrip: Bool = true) {
            self.decodeExpression = decodeExpression
            self.typeName = typeName
            self.sources = sources
            self.module = module
            self.roundTrip = roundTrip
        }
    }

    public var decoder: Decoder?
    /// `OWNER/NAME` of the harness's GitHub repository, for the workflow's `uses:` and the
    /// ClusterFuzzLite image's clone.
    public var harnessRepository: String
    /// The harness release the files pin (a tag `v<version>`).
    public var harnessVersion: String
    /// One of the app's own JSON samples, used as the example contract's recorded response.
    public var sampleResponse: (origin: String, bytes: [UInt8])?
    /// What the workflow's `uses:` and the ClusterFuzzLite image's clone pin the harness to.
    public var harnessReference: HarnessReference
    /// The repository's folder name: ClusterFuzzLite's image holds it at `$SRC/<name>`.
    public var projectName = "app"

    /// A commit (the harness checkout `sdui init` ran from, until releases are tagged) or a tag.
    public enum HarnessReference: Sendable, Hashable {
        /// A full commit hash, and what it is (`main`, or the tag it carries) for the comment beside it.
        case commit(String, describedAs: String)
        case tag(String)
    }

    public init(decoder: Decoder?, harnessRepository: String, harnessVersion: String = SDUIHarnessVersion.current,
                sampleResponse: (origin: String, bytes: [UInt8])? = nil, harnessReference: HarnessReference? = nil) {
        self.decoder = decoder
        self.harnessRepository = harnessRepository
        self.harnessVersion = harnessVersion
        self.sampleResponse = sampleResponse
        self.harnessReference = harnessReference ?? .tag("v" + harnessVersion)
    }

    /// Third-party actions the workflow uses, pinned by commit (a tag can be moved; a hash cannot).
    static let checkout = "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2"
    static let uploadSarif = "github/codeql-action/upload-sarif@1b549b9259bda1cb5ddde3b41741a82a2d15a841 # v3.28.13"
    /// The Swift image the jobs run in (the harness needs Swift 6.2 or later; GitHub's Ubuntu images have none).
    static let swiftImage = "swift:6.2"

    /// A file the scaffold writes, relative to the repository root.
    public struct File: Sendable, Hashable {
        public var path: String
        public var text: String
        public var executable = false
        /// Lines appended to an existing file instead of a new file (`.gitignore`).
        public var appendsMissingLines = false
    }

    /// What happened to one file.
    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        case wrote(String)
        case appended(String, lines: [String])
        case keptExisting(String)
        case upToDate(String)

        public var description: String {
            switch self {
            case .wrote(let path): "wrote     \(path)"
            case .appended(let path, let lines): "appended  \(path): " + lines.joined(separator: ", ")
            case .keptExisting(let path): "kept      \(path) (exists; not overwritten)"
            case .upToDate(let path): "unchanged \(path) (already has every line)"
            }
        }
    }

    /// `sdui.json`: the decoder said once, for every command, the workflow and the ClusterFuzzLite build.
    public var projectFile: ProjectFile? {
        guard let decoder else { return nil }
        return ProjectFile(decoders: [.init(name: "app", sources: decoder.sources.isEmpty ? nil : decoder.sources, module: decoder.module,
                                            decode: decoder.decodeExpression, type: decoder.typeName,
                                            roundTrip: decoder.roundTrip ? nil : false)])
    }

    /// Every file, in the order they are written.
    public var files: [File] {
        var files = projectFile.map { [File(path: ProjectFile.fileName, text: $0.text)] } ?? []
        files += [File(path: "Contracts/sdui-contracts.json", text: contractsConfig),
                     File(path: "Contracts/contracts/home.json", text: "{\"path\": \"/screens/home\"}\n")]
        if let response = exampleResponse { files.append(File(path: "Contracts/responses/home.json", text: response)) }
        files.append(File(path: ".github/workflows/sdui.yml", text: workflow))
        files.append(File(path: ".gitignore", text: Self.ignoredLines.joined(separator: "\n") + "\n", appendsMissingLines: true))
        if decoder != nil {
            files.append(File(path: ".clusterfuzzlite/project.yaml", text: "language: swift\nfuzzing_engines:\n  - libfuzzer\nsanitizers:\n  - address\n"))
            files.append(File(path: ".clusterfuzzlite/Dockerfile", text: dockerfile))
            files.append(File(path: ".clusterfuzzlite/build.sh", text: buildScript, executable: true))
            files.append(File(path: ".github/workflows/cflite-pr.yml", text: clusterFuzzLitePullRequests))
            files.append(File(path: ".github/workflows/cflite-batch.yml", text: clusterFuzzLiteBatch))
        }
        return files
    }

    /// What campaigns and generated packages leave in a repository.
    static let ignoredLines = ["campaigns/", ".build-sdui-decoders/", ".build-fuzz/", ".build-fuzz-driver/", ".build-sdui-debug/"]

    /// Writes every file under `root`: a new file atomically and only where none exists, the
    /// `.gitignore` lines it lacks appended. Nothing is ever overwritten.
    public func write(into root: String) throws -> [Outcome] {
        let fm = FileManager.default
        var outcomes: [Outcome] = []
        for file in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(file.path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if file.appendsMissingLines {
                let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                let present = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
                let missing = file.text.split(separator: "\n").map(String.init).filter { !present.contains($0) }
                guard !missing.isEmpty else { outcomes.append(.upToDate(file.path)); continue }
                let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
                let added = separator + "# sdui: campaign output and generated fuzz packages\n" + missing.joined(separator: "\n") + "\n"
                try Data((existing + added).utf8).write(to: url, options: .atomic)
                outcomes.append(existing.isEmpty ? .wrote(file.path) : .appended(file.path, lines: missing))
                continue
            }
            do {
                try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            } catch where fm.fileExists(atPath: url.path) {
                outcomes.append(.keptExisting(file.path))
                continue
            }
            if file.executable { try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
            outcomes.append(.wrote(file.path))
        }
        return outcomes
    }

    // MARK: The files

    var contractsConfig: String {
        guard let decoder else {
            return """
            {
              "description": "The gate's contracts (sdui init). No client is named, so the bundled reference decoder renders; name your app versions in \\"clients\\" (docs/gate.md).",
              "clients": []
            }

            """
        }
        // The client's folders are read relative to this file's folder (Contracts/).
        var members = ["\"name\": \"app\""]
        if let e = decoder.decodeExpression { members.append("\"decode\": \(Self.json(e))") }
        if let t = decoder.typeName { members.append("\"type\": \(Self.json(t))") }
        if !decoder.sources.isEmpty { members.append("\"sources\": [" + decoder.sources.map { Self.json("../" + $0) }.joined(separator: ", ") + "]") }
        if let m = decoder.module { members.append("\"module\": \(Self.json(m))") }
        members.append("\"share\": 100")
        return """
        {
          "description": "The gate's contracts (sdui init). One client per app version you support; an older one by its release tag: \\"revision\\": \\"v5.2.0\\".",
          "clients": [
            {\(members.joined(separator: ", "))}
          ]
        }

        """
    }

    var exampleResponse: String? {
        if let sampleResponse { return String(decoding: sampleResponse.bytes, as: UTF8.self) }
        guard decoder == nil else { return nil }
        // The bundled reference decoder's protocol (Screen protocol v1), for a gate with no client.
        return """
        {"screen": "home", "version": 1, "components": [{"type": "two_line_text", "data": {"title": "Deals", "subtitle": "This week"}}, {"type": "button", "id": "shop", "data": {"title": "Shop", "action": {"type": "navigate", "destination": "/shop"}}}]}

        """
    }

    var uses: String {
        switch harnessReference {
        case .commit(let hash, let described): "\(harnessRepository)@\(hash) # \(described)"
        case .tag(let tag): "\(harnessRepository)@\(tag)"
        }
    }

    var workflow: String {
        let text = """
        # Written by `sdui init` (SDUIHarness \(harnessVersion)). The contract gate on every pull request:
        # each app version in Contracts/sdui-contracts.json renders the recorded responses (or your
        # server's, when the repository variable SDUI_BASE_URL is set) against its goldens. Record
        # the goldens first, and commit them: sdui contract record --offline
        # Actions are pinned by commit; the harness to the one sdui init ran from (docs/ci.md says how to move it).
        name: SDUI
        on:
          pull_request:
          push:
            branches: [main]
        permissions:
          contents: read
        jobs:
          gate:
            runs-on: ubuntu-latest
            container: \(Self.swiftImage)
            steps:
              - uses: \(Self.checkout)
                with:
                  persist-credentials: false
              - name: Every app version against the recorded responses
                uses: \(uses)
                with:
                  command: gate
                  args: --offline
              - name: Every app version against the server
                if: vars.SDUI_BASE_URL != ''
                uses: \(uses)
                with:
                  command: gate
                  args: --base-url ${{ vars.SDUI_BASE_URL }}

        """
        return text + (decoder != nil ? crashesJob : "")
    }

    /// The workflow's job for the decoder: kept crash inputs replayed and a short campaign.
    var crashesJob: String {
        """
              crashes:
                # Every crash input kept in Corpus/crashes (sdui repro --keep) replayed, and a short
                # campaign; what crashes goes to code scanning at your File.swift:LINE.
                runs-on: ubuntu-latest
                container: \(Self.swiftImage)
                permissions:
                  contents: read
                  security-events: write
                steps:
                  - uses: \(Self.checkout)
                    with:
                      persist-credentials: false
                  # The decoder is the one sdui.json names (sdui reads it; no args repeat it).
                  - id: regress
                    uses: \(uses)
                    with:
                      command: regress
                  - id: fuzz
                    if: always()
                    uses: \(uses)
                    with:
                      command: fuzz
                      fuzz-seconds: 120
                      sarif-file: sdui-fuzz.sarif
                  # Only a file with results: an empty upload fails where code scanning is off.
                  - if: always() && steps.fuzz.outputs.sarif-results != '' && steps.fuzz.outputs.sarif-results != '0'
                    uses: \(Self.uploadSarif)
                    with:
                      sarif_file: ${{ steps.fuzz.outputs.sarif }}
                      category: sdui-fuzz

            """
    }

    /// A YAML single-quoted scalar (a decode expression may hold `: ` or `#`).
    static func yaml(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }

    static func json(_ s: String) -> String { CIText.jsonString(s) }
}
