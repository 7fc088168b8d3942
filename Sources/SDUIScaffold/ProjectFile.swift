import Foundation

/// `sdui.json`: where a team says once where its decoder is and how the app calls it, as
/// `.swiftlint.yml` says a linter's settings. `sdui fuzz run`, `repro`, `fuzz regress`, `fuzz
/// build` (the ClusterFuzzLite build) and the GitHub Action find it upward from the folder they
/// run in (up to the repository's root) when no option names a decoder; options still override.
/// `sdui init` writes it first.
///
/// ```json
/// {
///   "decoders": [
///     {"name": "app", "sources": ["ShopApp"], "decode": "try HomeScreen.decode(data)"}
///   ],
///   "seeds": ["ShopApp/Mocks"],
///   "fuzzSeconds": 120
/// }
/// ```
///
/// Paths are relative to the file's folder. The first decoder is the default; `--decoder-name`
/// picks another.
public struct ProjectFile: Codable, Sendable, Hashable {
    public static let fileName = "sdui.json"

    /// One decoder as the app has it: the same things `--sources`, `--module`, `--package-path`,
    /// `--decode`/`--type` and `--no-round-trip` say.
    public struct Decoder: Codable, Sendable, Hashable {
        public var name: String
        public var sources: [String]?
        public var module: String?
        public var packagePath: String?
        public var decode: String?
        public var type: String?
        /// false: `--no-round-trip`.
        public var roundTrip: Bool?

        public init(name: String, sources: [String]? = nil, module: String? = nil, packagePath: String? = nil, decode: String? = nil,
                    type: String? = nil, roundTrip: Bool? = nil) {
            self.name = name
            self.sources = sources
            self.module = module
            self.packagePath = packagePath
            self.decode = decode
            self.type = type
            self.roundTrip = roundTrip
        }
    }

    public var decoders: [Decoder]
    /// Seed folders used when `--seeds` is not given.
    public var seeds: [String]?
    /// Seconds per target when `--time` is not given.
    public var fuzzSeconds: Int?

    public init(decoders: [Decoder], seeds: [String]? = nil, fuzzSeconds: Int? = nil) {
        self.decoders = decoders
        self.seeds = seeds
        self.fuzzSeconds = fuzzSeconds
    }

    /// A file found on disk: its folder (what its paths are relative to) and its contents.
    public struct Located: Sendable, Hashable {
        public var path: String
        public var file: ProjectFile
        public var folder: String { (path as NSString).deletingLastPathComponent }

        /// `path` made absolute against the file's folder.
        public func absolute(_ path: String) -> String {
            URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder + "/")).standardizedFileURL.path
        }

        /// The decoder named `name`, or the first.
        public func decoder(named name: String?) throws -> Decoder {
            guard let name else {
                guard let first = file.decoders.first else { throw ProjectFileError.noDecoders(path: path) }
                return first
            }
            guard let found = file.decoders.first(where: { $0.name == name }) else {
                throw ProjectFileError.unknownDecoder(name, path: path, known: file.decoders.map(\.name))
            }
            return found
        }
    }

    /// The nearest `sdui.json` at or above `folder`, not past the repository's root (a folder with
    /// `.git`); nil when there is none.
    public static func find(from folder: String = FileManager.default.currentDirectoryPath) throws -> Located? {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return Located(path: candidate, file: try load(candidate)) }
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) || url.path == "/" { return nil }
            url.deleteLastPathComponent()
        }
    }

    /// Reads and checks one file; a mistake is named by its JSON path.
    public static func load(_ path: String) throws -> ProjectFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw ProjectFileError.unreadable(path: path) }
        let file: ProjectFile
        do {
            file = try JSONDecoder().decode(ProjectFile.self, from: data)
        } catch let error as DecodingError {
            throw ProjectFileError.invalid(path: path, at: Self.jsonPath(of: error), reason: Self.reason(of: error))
        }
        for (i, decoder) in file.decoders.enumerated() {
            if (decoder.decode == nil) == (decoder.type == nil) {
                throw ProjectFileError.invalid(path: path, at: "decoders[\(i)]", reason: "give one of \"decode\" (a Swift expression over `data: Data`) or \"type\" (a Decodable type)")
            }
            if (decoder.sources ?? []).isEmpty && decoder.module == nil {
                throw ProjectFileError.invalid(path: path, at: "decoders[\(i)]", reason: "say where the code is: \"sources\" (folders) or \"module\" (a module of the package at \"packagePath\")")
            }
        }
        if Set(file.decoders.map(\.name)).count != file.decoders.count {
            throw ProjectFileError.invalid(path: path, at: "decoders", reason: "two decoders share a name")
        }
        return file
    }

    static func jsonPath(of error: DecodingError) -> String {
        let keys: [any CodingKey]
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): keys = c.codingPath
        case .keyNotFound(let key, let c): keys = c.codingPath + [key]
        @unknown default: return "$"
        }
        var text = "$"
        for key in keys { text += key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        return text
    }

    static func reason(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, _): "expected \(jsonKind(type))"
        case .valueNotFound(let type, _): "expected \(jsonKind(type)), found null"
        case .keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case .dataCorrupted(let c): c.debugDescription
        @unknown default: "\(error)"
        }
    }

    /// A Swift type said as JSON says it (`Array<Any>` is "an array").
    static func jsonKind(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "an array" }
        if name.hasPrefix("Dictionary") { return "an object" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Double", "Float"].contains(name) { return "a number" }
        return name
    }

    /// The file as `sdui init` writes it (sorted keys, two-space indent, a final newline).
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}

public enum ProjectFileError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String)
    case invalid(path: String, at: String, reason: String)
    case noDecoders(path: String)
    case unknownDecoder(String, path: String, known: [String])

    public var description: String {
        switch self {
        case .unreadable(let path): "\(path): cannot be read"
        case .invalid(let path, let at, let reason): "\(path): \(at): \(reason)"
        case .noDecoders(let path): "\(path): \"decoders\" is empty: name the decoder there, or with --sources and --decode"
        case .unknownDecoder(let name, let path, let known):
            "\(path) has no decoder named \(name) (it has \(known.joined(separator: ", "))): --decoder-name takes one of those"
        }
    }
}
