import Foundation
import SwiftParser
import SwiftSyntax

/// The sample responses an app already carries beside its decoder: JSON files (mocks, preview
/// content, test fixtures) and JSON in Swift multi-line string literals (previews, tests). A
/// campaign given no seeds starts from these, and its report says which.
public enum SeedFinder {
    public struct Seed: Sendable, Hashable, Codable {
        /// Where it was found: a file, or `File.swift:LINE` for a literal.
        public var origin: String
        public var bytes: [UInt8]
    }

    /// At most this many seeds and files read: a repository of thousands of JSON files is data, not samples.
    public static let maxSeeds = 200
    static let maxFileBytes = 1 << 20
    static let maxFilesVisited = 20_000

    /// Seeds in `folders` and wherever the project they belong to keeps samples (its nearest
    /// folder holding an `.xcodeproj`, `.xcworkspace` or the `Package.swift` of their target):
    /// test, fixture, mock, preview, sample and example folders at any depth (an example app's
    /// `Sample/` folder), and JSON code blocks of its Markdown files (the README's). JSON files,
    /// JSON in Swift string literals (multi-line or not, no interpolation) and in Markdown code
    /// blocks count; build output, checkouts and asset catalogs do not. Deterministic: sorted by
    /// origin, the decoder's own folders first.
    public static func find(in folders: [String]) -> [Seed] {
        let sources = folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var roots = sources.map { (path: $0, everything: true) }
        for folder in sources {
            guard let project = projectRoot(of: folder), !roots.contains(where: { $0.path == project }) else { continue }
            roots.append((project, false))
        }
        var seeds: [String: Seed] = [:]
        var seenBytes = Set<[UInt8]>()
        var visited = 0
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root.path), includingPropertiesForKeys: [.isDirectoryKey, .fileSizeKey]) else { continue }
            for case let url as URL in walker {
                visited += 1
                if visited > maxFilesVisited || seeds.count >= maxSeeds { break }
                let name = url.lastPathComponent
                let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .fileSizeKey])
                if values?.isDirectory == true {
                    if name.hasPrefix(".") || name.hasPrefix(".build") || name.hasSuffix(".xcassets") || name.hasSuffix(".xcodeproj")
                        || ["Pods", "Carthage", "DerivedData", "node_modules", "campaigns", "Packages"].contains(name) {
                        walker.skipDescendants()
                    }
                    continue
                }
                guard (values?.fileSize ?? 0) <= maxFileBytes else { continue }
                let path = url.standardizedFileURL.path
                guard seeds[path] == nil, !sources.contains(where: { root.path != $0 && path.hasPrefix($0 + "/") }) else { continue }
                // Beyond the decoder's folders, only where projects keep samples (and their Markdown anywhere).
                let relative = String(path.dropFirst(root.path.count))
                let inSampleFolder = root.everything || relative.split(separator: "/").dropLast().contains { isSampleFolder(String($0)) }
                switch url.pathExtension {
                case "json" where inSampleFolder:
                    guard !["Package.resolved", "package.json", "package-lock.json"].contains(name),
                          let data = FileManager.default.contents(atPath: path), isScreenLike(data),
                          seenBytes.insert(Array(data)).inserted else { continue }
                    seeds[path] = Seed(origin: path, bytes: Array(data))
                case "swift" where inSampleFolder:
                    guard let data = FileManager.default.contents(atPath: path) else { continue }
                    for literal in jsonLiterals(in: String(decoding: data, as: UTF8.self)) where seenBytes.insert(literal.bytes).inserted {
                        let origin = "\(path):\(literal.line)"
                        seeds[origin] = Seed(origin: origin, bytes: literal.bytes)
                    }
                case "md", "markdown":
                    guard let data = FileManager.default.contents(atPath: path) else { continue }
                    for block in jsonCodeBlocks(in: String(decoding: data, as: UTF8.self)) where seenBytes.insert(block.bytes).inserted {
                        let origin = "\(path):\(block.line)"
                        seeds[origin] = Seed(origin: origin, bytes: block.bytes)
                    }
                default: continue
                }
            }
        }
        let ordered = seeds.values.sorted { a, b in
            let (ia, ib) = (sources.contains { a.origin.hasPrefix($0 + "/") }, sources.contains { b.origin.hasPrefix($0 + "/") })
            return ia != ib ? ia : a.origin < b.origin
        }
        return Array(ordered.prefix(maxSeeds))
    }

    /// Fenced code blocks of a Markdown text (```json, or unlabelled) whose text is a JSON object
    /// or array; the line of the block's first line of text.
    static func jsonCodeBlocks(in markdown: String) -> [(line: Int, bytes: [UInt8])] {
        guard markdown.contains("```") || markdown.contains("~~~") else { return [] }
        var found: [(Int, [UInt8])] = []
        var fence: (marker: String, line: Int, json: Bool)?
        var body: [Substring] = []
        for (i, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open.marker) {
                    let bytes = Array(body.joined(separator: "\n").utf8)
                    if open.json, isScreenLike(Data(bytes)) { found.append((open.line, bytes)) }
                    fence = nil
                    body = []
                } else {
                    body.append(line)
                }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = String(trimmed.prefix(3))
                let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased()
                fence = (marker, i + 2, info.isEmpty || info.hasPrefix("json") || info.hasPrefix("javascript"))
            }
        }
        return found
    }

    /// An object or array that Foundation parses (it accepts trailing commas, as apps' mocks have):
    /// a screen-shaped sample, not a configuration file of a tool.
    static func isScreenLike(_ data: Data) -> Bool {
        guard let first = data.first(where: { !($0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09) }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }

    /// String literals with no interpolation (multi-line, one-line with escapes, raw) whose
    /// value is a JSON object or array: previews', tests' and demo apps' inline responses.
    static func jsonLiterals(in source: String) -> [(line: Int, bytes: [UInt8])] {
        guard source.contains("{") || source.contains("[") else { return [] }
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        final class Literals: SyntaxVisitor {
            var found: [StringLiteralExprSyntax] = []
            override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(node)
                return .skipChildren
            }
        }
        let literals = Literals(viewMode: .sourceAccurate)
        literals.walk(tree)
        return literals.found.compactMap { literal in
            guard let text = literal.representedLiteralValue, text.count >= 8 else { return nil }
            let bytes = Array(text.utf8)
            guard isScreenLike(Data(bytes)) else { return nil }
            return (converter.location(for: literal.positionAfterSkippingLeadingTrivia).line, bytes)
        }
    }

    /// The project a source folder belongs to: the folder itself or the nearest above it that holds
    /// an Xcode project or workspace, or a `Package.swift` whose `Sources/` holds the folder (a
    /// folder that merely lies somewhere inside another package is not that package's).
    static func projectRoot(of folder: String) -> String? {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        let start = url.path
        while url.path != "/" {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) { return url.path }
            if names.contains("Package.swift") {
                let relative = start == url.path ? "" : String(start.dropFirst(url.path.count + 1))
                return relative.isEmpty || ["Sources/", "Source/"].contains(where: { (relative + "/").hasPrefix($0) }) ? url.path : nil
            }
            if names.contains(".git") { return nil }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// Folders where apps keep sample responses: `MyAppTests`, `Fixtures`, `Mocks`, `Preview Content`,
    /// `Stubs`, an example app's `Sample/`, `Example/`, `Demo/`.
    static func isSampleFolder(_ name: String) -> Bool {
        ["Test", "Fixture", "Mock", "Sample", "Preview", "Stub", "Response", "Example", "Demo"].contains { name.localizedCaseInsensitiveContains($0) }
    }
}
