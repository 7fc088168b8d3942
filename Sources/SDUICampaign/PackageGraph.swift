import Foundation
import SDUIDecoderSlice
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
        case moduleNotFound(String, package: String, available: [String])

        public var description: String {
            switch self {
            case .swiftNotFound: "the swift toolchain was not found on PATH"
            case .command(let c, let out): "`\(c)` failed: \(out.suffix(600))"
            case .productNotFound(let p, let pkg): "no product or target named \(p) in the package at \(pkg)"
            case .moduleNotFound(let m, let pkg, let available):
                "no module named \(m) in the package at \(pkg); its modules: \(available.joined(separator: ", ")) (--module takes a target's name as Package.swift spells it)"
            }
        }
    }

    /// The source folders of `product` (or a target of that name) and what it depends on, harness
    /// plumbing left out: in a package other than the root that holds `SDUIFuzz`, that target and
    /// everything it depends on (a decoder that package also ships is still mined).
    public func decoderSources(of product: String) throws -> [SourceFolder] {
        try walk(from: product).folders
    }

    /// A module of the package as the app's build has it: the folders compiled as one module (its
    /// own and the package's own modules it uses), its compiler name, how it is compiled, and the
    /// dependency packages that cannot be had here. `name` is the target's name as SwiftPM spells
    /// it (`my-sdui-kit`) or as the compiler does (`my_sdui_kit`).
    public struct DecoderModule: Sendable {
        public var folders: [String]
        /// The compiler's name (`my_sdui_kit`): what `import` and crash frames say.
        public var moduleName: String
        public var settings: ModuleSettings
        public var unavailable: [UnavailableDependency]
    }

    public func decoderModule(named name: String) throws -> DecoderModule {
        let root = try describe(packageRoot)
        guard let target = root.targets.first(where: { $0.name == name }) ?? root.targets.first(where: { $0.c99name == name }) else {
            let names = root.targets.filter { $0.type != "test" && $0.type != "plugin" && $0.type != "macro" }.map(\.name)
            throw GraphError.moduleNotFound(name, package: packageRoot, available: names)
        }
        let walked = try walk(from: target.name, targetsOnly: true)
        let folders = walked.folders.filter { $0.package == root.name }.map(\.path)
        let manifestPath = URL(fileURLWithPath: root.path).appendingPathComponent("Package.swift").path
        let manifest = try? loadManifest(root.path)
        let settings = manifest?.settings(of: target.name, manifestPath: manifestPath) ?? .appDefault
        return DecoderModule(folders: folders, moduleName: target.c99name ?? target.name, settings: settings, unavailable: walked.unavailable)
    }

    /// The walk from `start` (a product, or a target) through targets and products of other
    /// packages; a product whose package cannot be resolved here is recorded, not fatal.
    func walk(from start: String, targetsOnly: Bool = false) throws -> (folders: [SourceFolder], unavailable: [UnavailableDependency]) {
        let root = try describe(packageRoot)
        let lookup = ProductLookup(graph: self, root: root)
        var found: [SourceFolder] = []
        var seen = Set<String>()
        // (package, target, hops)
        var queue: [(Description, String, Int)] = []
        if !targetsOnly, let p = root.products.first(where: { $0.name == start }) {
            queue += p.targets.map { (root, $0, 0) }
        } else if root.targets.contains(where: { $0.name == start }) {
            queue.append((root, start, 0))
        } else {
            throw GraphError.productNotFound(start, package: packageRoot)
        }
        while !queue.isEmpty {
            let (package, name, hops) = queue.removeFirst()
            guard seen.insert(package.path + "#" + name).inserted,
                  let target = package.targets.first(where: { $0.name == name }) else { continue }
            let isHarness = package.path != root.path && Self.plumbing(of: package).contains(name)
            if !isHarness, target.type != "test", target.type != "system-target", target.type != "binary",
               target.type != "plugin", let path = target.path {
                found.append(SourceFolder(path: URL(fileURLWithPath: package.path).appendingPathComponent(path).standardizedFileURL.path,
                                          package: package.name, target: name))
            }
            // A macro target's folder goes with the module (the slice builds it as a compiler
            // plug-in); what it depends on (swift-syntax) is the plug-in's, never the module's.
            if isHarness || target.type == "macro" { continue }
            queue += (target.targetDependencies ?? []).map { (package, $0, hops) }
            guard hops < maxPackageHops else { continue }
            for productName in target.productDependencies ?? [] {
                guard let other = lookup.package(withProduct: productName, near: package.path),
                      let p = other.products.first(where: { $0.name == productName }) else {
                    if package.path == root.path { lookup.markUnavailable(productName, of: name, in: package) }
                    continue
                }
                queue += p.targets.map { (other, $0, hops + 1) }
            }
        }
        return (found, lookup.unavailable.values.sorted { $0.package < $1.package })
    }

    /// Finds the package that provides a product, with what it has read so far: a dependency by
    /// path from the manifest (no resolution), else SwiftPM's resolved graph, asked once; a
    /// product no package provides is recorded as unavailable with SwiftPM's reason.
    final class ProductLookup {
        let graph: PackageGraph
        /// Resolved only when a product of a package not depended on by path is used (it may fetch).
        var dependencies: [String: [String]]?
        var resolutionError: String?
        var descriptions: [String: Description]
        var manifests: [String: PackageManifest] = [:]
        var unavailable: [String: UnavailableDependency] = [:]

        init(graph: PackageGraph, root: Description) {
            self.graph = graph
            descriptions = [root.path: root]
        }

        func package(withProduct name: String, near: String) -> Description? {
            if manifests[near] == nil { manifests[near] = try? graph.loadManifest(near) }
            for dependency in manifests[near]?.dependencies ?? [] where dependency.isLocal {
                let path = URL(fileURLWithPath: dependency.location, relativeTo: URL(fileURLWithPath: near + "/")).standardizedFileURL.path
                if let d = describe(path), d.products.contains(where: { $0.name == name }) { return d }
            }
            if dependencies == nil, resolutionError == nil {
                do { dependencies = try graph.dependencyPackages() } catch { resolutionError = PackageGraph.firstError(in: "\(error)") }
            }
            // The packages this one depends on first (a product name is unique among them).
            for path in dependencies?[near] ?? [] {
                if let d = describe(path), d.products.contains(where: { $0.name == name }) { return d }
            }
            return nil
        }

        private func describe(_ path: String) -> Description? {
            if descriptions[path] == nil { descriptions[path] = try? graph.describe(path) }
            return descriptions[path]
        }

        func markUnavailable(_ product: String, of target: String, in package: Description) {
            let manifest = manifests[package.path] ?? (try? graph.loadManifest(package.path))
            let named = manifest?.targets.first { $0.name == target }?.productDependencies.first { $0.product == product }?.package ?? product
            let dependency = manifest?.dependencies.first { $0.identity == named.lowercased() }
            let identity = dependency?.identity ?? named.lowercased()
            let manifestPath = URL(fileURLWithPath: package.path).appendingPathComponent("Package.swift").path
            let text = (try? String(contentsOfFile: manifestPath, encoding: .utf8)) ?? ""
            let location = dependency?.location ?? identity
            var entry = unavailable[identity] ?? UnavailableDependency(
                package: identity, location: location, products: [],
                reason: resolutionError ?? "SwiftPM resolved no package providing the product \(product)",
                manifest: manifestPath, line: PackageManifest.line(of: location, in: text))
            if !entry.products.contains(product) { entry.products.append(product) }
            unavailable[identity] = entry
        }
    }

    /// SwiftPM's first `error:` or git `fatal:` line in a failed command's output.
    static func firstError(in text: String) -> String {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let line = lines.first { $0.hasPrefix("error:") } ?? lines.first { $0.hasPrefix("fatal:") } ?? lines.first ?? text
        return String(line.prefix(300))
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
            /// The compiler's name (`my_sdui_kit` for `my-sdui-kit`).
            var c99name: String?
            var path: String?
            var type: String
            var targetDependencies: [String]?
            var productDependencies: [String]?
            enum CodingKeys: String, CodingKey {
                case name, c99name, path, type
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

    /// The manifest of the package at `path`, evaluated without resolving anything.
    func loadManifest(_ path: String) throws -> PackageManifest {
        let json = try swift(["package", "dump-package"], in: path)
        let start = json.firstIndex(of: "{") ?? json.startIndex
        return try JSONDecoder().decode(PackageManifest.self, from: Data(json[start...].utf8))
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
