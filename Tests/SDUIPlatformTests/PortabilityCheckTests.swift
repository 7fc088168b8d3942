import Foundation
import SDUIPlatformProcesses
import Testing

/// scripts/check-portability.sh: clean on this repository, and failing, with file, line and rule,
/// on planted violations.
@Suite struct PortabilityCheckTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = repo.appendingPathComponent("scripts/check-portability.sh").path

    func check(_ root: URL) throws -> ProcessRunner.Output {
        try ProcessRunner.run("/bin/bash", [Self.script, root.path], timeout: 120)
    }

    /// A tree with `files` (path → text).
    func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-port-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func thisRepositoryIsClean() throws {
        let out = try check(Self.repo)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("clean"))
    }

    @Test func aPlantedLinuxCallIsNamedByFileLineAndRule() throws {
        let root = try tree([
            "Sources/Decoder/Memory.swift": "import Foundation\n// reads /proc/self/status in a comment: fine\nlet status = try? String(contentsOfFile: \"/proc/self/status\")\n",
            "Sources/Decoder/Imports.swift": "import Foundation\n#if canImport(Glibc)\nimport Glibc\n#endif\n",
            "Sources/CHooks/hooks.c": "#include <stddef.h>\nsize_t LLVMFuzzerMutate(void *d, size_t s, size_t m) __attribute__((weak));\n",
            "scripts/run.sh": "#!/usr/bin/env bash\nsed -i 's/a/b/' file\nn=$(nproc)\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try check(root)
        #expect(out.status == 1)
        #expect(out.stdout.contains("Sources/Decoder/Memory.swift:3: [P002]"))
        #expect(!out.stdout.contains("Sources/Decoder/Memory.swift:2:"))  // a comment may name it
        #expect(out.stdout.contains("Sources/Decoder/Imports.swift:2: [P001]"))
        #expect(out.stdout.contains("Sources/Decoder/Imports.swift:3: [P001]"))
        #expect(out.stdout.contains("Sources/CHooks/hooks.c:2: [P007]"))
        #expect(out.stdout.contains("scripts/run.sh:2: [S005]"))
        #expect(out.stdout.contains("scripts/run.sh:3: [S003]"))
        #expect(out.stdout.contains("Platform.residentBytes"))  // says what to use instead
        #expect(out.stderr.contains("6 place(s)"))
    }

    @Test func thePlatformLayerAndDeclaredLinuxScriptsMayUseThem() throws {
        let root = try tree([
            "Sources/SDUIPlatform/Memory.swift": "let status = try? String(contentsOfFile: \"/proc/self/status\")\n",
            "Sources/CSDUIPlatform/platform.c": "#if defined(__linux__)\n#include <sys/syscall.h>\n#endif\n",
            "scripts/bench.sh": "#!/usr/bin/env bash\n# portability: linux-only — this machine's figures\nn=$(nproc)\n",
            "Sources/Decoder/Allowed.swift": "let p = \"/proc/cpuinfo\"  // portability: allow (a label in a report)\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try check(root)
        #expect(out.status == 0, "\(out.stdout)")
        #expect(out.stdout.contains("scripts/bench.sh"))
    }
}
