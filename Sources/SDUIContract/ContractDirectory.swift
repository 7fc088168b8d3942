import Foundation

/// The contracts directory (`Contracts/`): every file the gate reads or writes is resolved here,
/// and nothing resolves outside it — not through `..`, absolute names or symbolic links.
public struct ContractDirectory: Sendable {
    /// The directory as given (for messages).
    public let root: URL
    /// Its real path (symbolic links resolved), the containment boundary.
    let realRoot: String

    public init(_ root: URL) throws(ContractFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ContractFileError(file: root.path, "not a directory (expected a contracts directory with \(ContractConfig.fileName))")
        }
        self.root = root
        self.realRoot = root.resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// One path segment the gate will use in a file name: letters, digits, `.`, `_`, `-`, `@`;
    /// never empty, never starting with `.`.
    public static func isSafeSegment(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first != ".", s.utf8.count <= 200 else { return false }
        return s.unicodeScalars.allSatisfy { c in
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "." || c == "_" || c == "-" || c == "@"
        }
    }

    /// The file at `relative` (segments separated by `/`), checked to stay inside the directory
    /// even after resolving symbolic links of the parts that exist.
    public func file(_ relative: String) throws(ContractFileError) -> URL {
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !segments.isEmpty, segments.allSatisfy(Self.isSafeSegment) else {
            throw ContractFileError(file: relative, "unsafe name: only letters, digits, '.', '_', '-', '@' and '/' separators, no '..'")
        }
        let url = segments.reduce(root) { $0.appendingPathComponent($1) }
        try checkContained(url, name: relative)
        return url
    }

    /// Whether `url` (or, if it does not exist yet, its nearest existing ancestor) is inside.
    func checkContained(_ url: URL, name: String) throws(ContractFileError) {
        var probe = url
        while !FileManager.default.fileExists(atPath: probe.path), probe.path != "/" { probe.deleteLastPathComponent() }
        let real = probe.resolvingSymlinksInPath().standardizedFileURL.path
        guard real == realRoot || real.hasPrefix(realRoot + "/") else {
            throw ContractFileError(file: name, "resolves outside the contracts directory (symbolic link?)")
        }
    }

    public func read(_ relative: String) throws(ContractFileError) -> [UInt8]? {
        let url = try file(relative)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do { return [UInt8](try Data(contentsOf: url)) } catch {
            throw ContractFileError(file: relative, "cannot read: \(error.localizedDescription)")
        }
    }

    /// Writes atomically (a temporary file in the same directory, then a rename), so a golden is
    /// either the old one or the new one, never half of each.
    public func write(_ bytes: [UInt8], to relative: String) throws(ContractFileError) {
        let url = try file(relative)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try checkContained(url, name: relative)
            try Data(bytes).write(to: url, options: .atomic)
        } catch let error as ContractFileError {
            throw error
        } catch {
            throw ContractFileError(file: relative, "cannot write: \(error.localizedDescription)")
        }
    }

    /// Regular files under `relativeDirectory`, as paths relative to the contracts directory, sorted.
    public func files(under relativeDirectory: String) -> [String] {
        let base = root.appendingPathComponent(relativeDirectory)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let basePath = base.standardizedFileURL.path
        var result: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(basePath + "/") else { continue }
            result.append(relativeDirectory + "/" + path.dropFirst(basePath.count + 1))
        }
        return result.sorted()
    }
}
