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

    /// Seeds in `folders` and in the test, fixture, mock and preview folders of the project they
    /// belong to (its nearest folder holding an `.xcodeproj`, `.xcworkspace` or `Package.swift`):
    /// fixtures live beside the app target, not in it. Deterministic: sorted by origin.
    public static func find(in folders: [String]) -> [Seed] {
        var roots = folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        for folder in roots {
            guard let project = projectRoot(of: folder) else { continue }
            for child in (try? FileManager.default.contentsOfDirectory(atPath: project)) ?? [] where isSampleFolder(child) {
                let path = project + "/" + child
                if !roots.contains(where: { path.hasPrefix($0 + "/") || $0 == path }) { roots.append(path) }
            }
        }
        var seeds: [String: Seed] = [:]
        var seenBytes = Set<[UInt8]>()
        var visited = 0
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isDirectoryKey, .fileSizeKey]) else { continue }
            for case let url as URL in walker {
                visited += 1
                if visited > maxFilesVisited || seeds.count >= maxSeeds { break }
                let name = url.lastPathComponent
                let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .fileSizeKey])
                if values?.isDirectory == true {
                    if name.hasPrefix(".") || name.hasPrefix(".build") || name.hasSuffix(".xcassets") || name.hasSuffix(".xcodeproj")
                        || ["Pods", "Carthage", "DerivedData", "node_modules", "campaigns"].contains(name) {
                        walker.skipDescendants()
                    }
                    continue
                }
                guard (values?.fileSize ?? 0) <= maxFileBytes else { continue }
                let path = url.standardizedFileURL.path
                guard seeds[path] == nil else { continue }
                switch url.pathExtension {
                case "json":
                    guard !["Package.resolved", "package.json", "package-lock.json"].contains(name),
                          let data = FileManager.default.contents(atPath: path), isScreenLike(data),
                          seenBytes.insert(Array(data)).inserted else { continue }
                    seeds[path] = Seed(origin: path, bytes: Array(data))
                case "swift":
                    guard let data = FileManager.default.contents(atPath: path) else { continue }
                    for literal in jsonLiterals(in: String(decoding: data, as: UTF8.self)) where seenBytes.insert(literal.bytes).inserted {
                        let origin = "\(path):\(literal.line)"
                        seeds[origin] = Seed(origin: origin, bytes: literal.bytes)
                    }
                default: continue
                }
            }
        }
        return seeds.values.sorted { $0.origin < $1.origin }.prefix(maxSeeds).map { $0 }
    }

    /// An object or array that Foundation parses (it accepts trailing commas, as apps' mocks have):
    /// a screen-shaped sample, not a configuration file of a tool.
    static func isScreenLike(_ data: Data) -> Bool {
        guard let first = data.first(where: { !($0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09) }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }

    /// Multi-line string literals with no interpolation whose text is a JSON object or array.
    static func jsonLiterals(in source: String) -> [(line: Int, bytes: [UInt8])] {
        guard source.contains("\"\"\"") else { return [] }
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        final class Literals: SyntaxVisitor {
            var found: [StringLiteralExprSyntax] = []
            override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
                if node.openingQuote.tokenKind == .multilineStringQuote { found.append(node) }
                return .skipChildren
            }
        }
        let literals = Literals(viewMode: .sourceAccurate)
        literals.walk(tree)
        return literals.found.compactMap { literal in
            var text = ""
            for segment in literal.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
                text += plain.content.text
            }
            let bytes = Array(text.utf8)
            guard isScreenLike(Data(bytes)) else { return nil }
            return (converter.location(for: literal.positionAfterSkippingLeadingTrivia).line, bytes)
        }
    }

    /// The project a source folder belongs to: the folder itself or the nearest above it that holds
    /// an Xcode project or workspace or a `Package.swift`.
    static func projectRoot(of folder: String) -> String? {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while url.path != "/" {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" }) { return url.path }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// Folders where apps keep sample responses: `MyAppTests`, `Fixtures`, `Mocks`, `Preview Content`, `Stubs`.
    static func isSampleFolder(_ name: String) -> Bool {
        ["Test", "Fixture", "Mock", "Sample", "Preview", "Stub", "Response"].contains { name.localizedCaseInsensitiveContains($0) }
    }
}
