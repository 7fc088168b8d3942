import Foundation
import SDUIJSON

/// One request the app makes (a file under `Contracts/contracts/`), with its variants.
public struct Contract: Sendable, Hashable {
    /// The file's path under `contracts/` without `.json`, e.g. `home` or `checkout/cart`.
    public var name: String
    public var description: String?
    public var method: String
    /// The request path, starting with `/` (never a URL: requests only ever go to the base URL).
    public var path: String
    public var query: [(String, String)]
    /// Header values may reference environment variables: `${API_TOKEN}`.
    public var headers: [(String, String)]
    public var variants: [Variant]

    public init(name: String, description: String? = nil, method: String = "GET", path: String,
                query: [(String, String)] = [], headers: [(String, String)] = [], variants: [Variant] = []) {
        self.name = name
        self.description = description
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.variants = variants
    }

    public static func == (a: Contract, b: Contract) -> Bool {
        a.name == b.name && a.description == b.description && a.method == b.method && a.path == b.path
            && a.query.elementsEqual(b.query, by: ==) && a.headers.elementsEqual(b.headers, by: ==) && a.variants == b.variants
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The cases this contract checks: one per variant, or the request itself when it has none.
    public var cases: [ContractCase] {
        if variants.isEmpty {
            return [ContractCase(contract: name, variant: nil, method: method, path: path, query: query, headers: headers)]
        }
        return variants.map { v in
            ContractCase(contract: name, variant: v.name, method: method, path: path,
                         query: merged(query, v.query), headers: merged(headers, v.headers))
        }
    }

    private func merged(_ base: [(String, String)], _ override: [(String, String)]) -> [(String, String)] {
        var result = base.filter { b in !override.contains { $0.0.lowercased() == b.0.lowercased() } }
        result.append(contentsOf: override)
        return result
    }
}

/// A variation of a contract's request (platform, locale, A/B bucket): extra query items and headers.
public struct Variant: Sendable, Hashable {
    public var name: String
    public var query: [(String, String)]
    public var headers: [(String, String)]

    public init(name: String, query: [(String, String)] = [], headers: [(String, String)] = []) {
        self.name = name
        self.query = query
        self.headers = headers
    }

    public static func == (a: Variant, b: Variant) -> Bool {
        a.name == b.name && a.query.elementsEqual(b.query, by: ==) && a.headers.elementsEqual(b.headers, by: ==)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// One concrete request to check: a contract, or one of its variants.
public struct ContractCase: Sendable, Hashable {
    public var contract: String
    public var variant: String?
    public var method: String
    public var path: String
    public var query: [(String, String)]
    public var headers: [(String, String)]

    /// `home` or `home@ios`: names the golden and recorded response files.
    public var id: String { variant.map { "\(contract)@\($0)" } ?? contract }

    /// `goldens/<id>.txt`, relative to the contracts directory.
    public var goldenPath: String { "goldens/\(id).txt" }

    public static func == (a: ContractCase, b: ContractCase) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Contract {
    static let knownKeys: Set<String> = ["description", "method", "path", "query", "headers", "variants"]
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Parses a contract file (`file` names it in errors).
    static func parse(_ bytes: [UInt8], name: String, file: String) throws(ContractFileError) -> Contract {
        let fields = try JSONFields.parse(bytes, file: file)
        try fields.rejectUnknownKeys(knownKeys)
        let method = (try fields.string("method") ?? "GET").uppercased()
        guard methods.contains(method) else {
            throw ContractFileError(file: file, path: fields.at("method"), "unsupported method \(JSONPath.quoted(method))")
        }
        let path = try fields.requiredString("path")
        try validateRequestPath(path, file: file, at: fields.at("path"))
        var variants: [Variant] = []
        for (item, itemPath) in try fields.array("variants") {
            let v = try JSONFields(item, path: itemPath, file: file)
            try v.rejectUnknownKeys(["name", "query", "headers", "description"])
            let variantName = try v.requiredString("name")
            guard ContractDirectory.isSafeSegment(variantName), !variantName.contains("@") else {
                throw ContractFileError(file: file, path: v.at("name"),
                                        "variant names use letters, digits, '.', '_' and '-' and do not start with '.'")
            }
            guard !variants.contains(where: { $0.name == variantName }) else {
                throw ContractFileError(file: file, path: v.at("name"), "duplicate variant \(JSONPath.quoted(variantName))")
            }
            variants.append(Variant(name: variantName, query: try v.stringMap("query"), headers: try v.stringMap("headers")))
        }
        return Contract(name: name, description: try fields.string("description"), method: method, path: path,
                        query: try fields.stringMap("query"), headers: try fields.stringMap("headers"), variants: variants)
    }

    /// A request path is a path on the base URL's host: never a URL, never `//host`, never `..`.
    static func validateRequestPath(_ path: String, file: String, at jsonPath: String) throws(ContractFileError) {
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard bare.hasPrefix("/"), !bare.hasPrefix("//"), !bare.contains("://"), !bare.contains("\\"),
              !bare.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }),
              !bare.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7f }) else {
            throw ContractFileError(file: file, path: jsonPath,
                                    "the request path must start with '/' and stay on the base URL's host (no '//', '..', scheme or spaces)")
        }
        guard !path.contains("?") else {
            throw ContractFileError(file: file, path: jsonPath, "put query items in \"query\", not in the path")
        }
    }
}
