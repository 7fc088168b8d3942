import Foundation
import SDUIPlatformProcesses

/// Where a fuzz product's decoder sources are, found from the package graph as SwiftPM sees it: the
/// product's targets, their targets, and the targets of the products they use from other packages
/// — a dependency by path or a checkout alike. An app's decoder usually lives in a module of
/// another package than its fuzz target, and its enum raw values and literals are what the
/// fuzzer needs most.
///
/// Product hops are bounded (``maxPackageHops``): the decoder's package and the packages it takes
/// models from are mined; general-purpose libraries further down are not (their literals are noise).
public struct PackageGraph: Sendable {
    public var packageRoot: String
    /// The scratch path whose checkouts the fuzz build resolved (so no second resolution is made, and
    /// the default `.build`, which a running `swift run` or `swift test` may hold, is not waited for).
    public var scratchPath: String?
    public var maxPackageHops = 2

    public init(packageRoot: String, scratchPath: String? = nil) {
        self.packageRoot = packageRoot
        self.scratchPath = scratchPath
    }

    /// A source folder of the decoder, and the package it belongs to.
    public struct SourceFolder: Sendable, Hashable {
        public var path: String
        public var package: String
        public var target: String
    }

    public enum GraphError: Error, CustomStringConvertible {
        case swiftNotFound
        case command(String, String)
        case productNotFound(String, package: String)

        public var description: String {
            switch self {
            case .swiftNotFound: "the swift toolchain was not found on PATH"
            case .command(let c, let out): "`\(c)` failed: \(out.suffix(600))"
            case .productNotFound(let p, let pkg): "no product or target named \(p) in the package at \(pkg)"
            }
        }
    }

    /// The source folders of `product` (or a target of that name) and what it depends on, harness
    /// plumbing left out: in a package other than the root that holds `SDUIFuzz`, that target and
    /// everything it depends on (a decoder that package also ships is still mined).
    public func decoderSources(of product: String) throws -> [SourceFolder] {
        let root = try describe(packageRoot)
        // Resolved only when a product of another package is used (it may fetch from a cache).
        var dependencies: [String: [String]]?
        var descriptions: [String: Description] = [root.path: root]
        func description(ofPackageWithProduct name: String, near: String) throws -> Description? {
            if dependencies == nil { dependencies = try dependencyPackages() }
            // The packages this one depends on first (a product name is unique among them).
            for path in dependencies?[near] ?? [] {
                if descriptions[path] == nil { descriptions[path] = try? describe(path) }
                if let d = descriptions[path], d.products.contains(where: { $0.name == name }) { return d }
            }
            return nil
        }
        var found: [SourceFolder] = []
        var seen = Set<String>()
        // (package, target, hops)
        var queue: [(Description, String, Int)] = []
        if let p = root.products.first(where: { $0.name == product }) {
            queue += p.targets.map { (root, $0, 0) }
        } else if root.targets.contains(where: { $0.name == product }) {
            queue.append((root, product, 0))
        } else {
            throw GraphError.productNotFound(product, package: packageRoot)
        }
        while !queue.isEmpty {
            let (package, name, hops) = queue.removeFirst()
            guard seen.insert(package.path + "#" + name).inserted,
                  let target = package.targets.first(where: { $0.name == name }) else { continue }
            let isHarness = package.path != root.path && Self.plumbing(of: package).contains(name)
            if !isHarness, target.type != "test", target.type != "system-target", target.type != "binary", let path = target.path {
                found.append(SourceFolder(path: URL(fileURLWithPath: package.path).appendingPathComponent(path).standardizedFileURL.path,
                                          package: package.name, target: name))
            }
            if isHarness { continue }
            queue += (target.targetDependencies ?? []).map { (package, $0, hops) }
            guard hops < maxPackageHops else { continue }
            for productName in target.productDependencies ?? [] {
                guard let other = try description(ofPackageWithProduct: productName, near: package.path),
                      let p = other.products.first(where: { $0.name == productName }) else { continue }
                queue += p.targets.map { (other, $0, hops + 1) }
            }
        }
        return found
    }

    /// Whether the package declares a product named `name` (SwiftPM's description, not the
    /// manifest's text: a manifest may compute its names).
    public func hasProduct(_ name: String) throws -> Bool {
        try describe(packageRoot).products.contains { $0.name == name }
    }

    /// `SDUIFuzz` and its targets, in a package that has it.
    static func plumbing(of package: Description) -> Set<String> {
        guard package.targets.contains(where: { $0.name == "SDUIFuzz" }) else { return [] }
        var closure: Set<String> = []
        var stack = ["SDUIFuzz"]
        while let name = stack.popLast() {
            guard closure.insert(name).inserted else { continue }
            stack += package.targets.first { $0.name == name }?.targetDependencies ?? []
        }
        return closure
    }

    // MARK: SwiftPM's descriptions

    struct Description: Decodable {
        var name: String
        var path: String
        var targets: [Target]
        var products: [Product]

        struct Target: Decodable {
            var name: String
            var path: String?
            var type: String
            var targetDependencies: [String]?
            var productDependencies: [String]?
            enum CodingKeys: String, CodingKey {
                case name, path, type
                case targetDependencies = "target_dependencies"
                case productDependencies = "product_dependencies"
            }
        }

        struct Product: Decodable {
            var name: String
            var targets: [String]
        }
    }

    struct Dependency: Decodable {
        var path: String
        var dependencies: [Dependency]
    }

    func swift(_ arguments: [String], in directory: String) throws -> String {
        guard let swift = Toolchain.tool("swift") else { throw GraphError.swiftNotFound }
        // These are read-only questions: they must not wait for the build folder's lock, which a
        // build (or `swift test`) of the same package holds for minutes. `--ignore-lock` is
        // SwiftPM's own (hidden) flag; a SwiftPM without it is asked again the usual way.
        var out = try ProcessRunner.run(swift, Array(arguments.prefix(1)) + ["--ignore-lock"] + arguments.dropFirst(), in: directory, timeout: 300)
        if out.status != 0, (out.stderr + out.stdout).contains("ignore-lock") {
            out = try ProcessRunner.run(swift, arguments, in: directory, timeout: 300)
        }
        guard out.status == 0 else { throw GraphError.command("swift " + arguments.joined(separator: " "), out.stderr + out.stdout) }
        return out.stdout
    }

    func describe(_ path: String) throws -> Description {
        // Another package's description must not take the root's scratch folder (SwiftPM locks it).
        var arguments = ["package"]
        if let scratchPath, path == packageRoot { arguments += ["--scratch-path", scratchPath] }
        let json = try swift(arguments + ["describe", "--type", "json"], in: path)
        // Some SwiftPM versions print notes before the JSON.
        let start = json.firstIndex(of: "{") ?? json.startIndex
        var d = try JSONDecoder().decode(Description.self, from: Data(json[start...].utf8))
        d.path = URL(fileURLWithPath: d.path).standardizedFileURL.path
        return d
    }

    /// Each package's direct dependencies (paths), from `swift package show-dependencies`.
    func dependencyPackages() throws -> [String: [String]] {
        var arguments = ["package"]
        if let scratchPath { arguments += ["--scratch-path", scratchPath] }
        arguments += ["show-dependencies", "--format", "json"]
        let json = try swift(arguments, in: packageRoot)
        let start = json.firstIndex(of: "{") ?? json.startIndex
        let tree = try JSONDecoder().decode(Dependency.self, from: Data(json[start...].utf8))
        var map: [String: [String]] = [:]
        func walk(_ d: Dependency) {
            let path = URL(fileURLWithPath: d.path).standardizedFileURL.path
            guard map[path] == nil else { return }
            map[path] = d.dependencies.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path }
            d.dependencies.forEach(walk)
        }
        walk(tree)
        return map
    }
}
