import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import SwiftParser
import SwiftSyntax

/// Where a decoder lives and how the app calls it: the input of a slice.
public struct DecoderLocation: Sendable, Hashable, Codable {
    /// Folders (or single files) of Swift sources, compiled as one module.
    public var sources: [String]
    /// The module the code is in as the app has it (an Xcode target's name); titles name it.
    public var moduleName: String
    /// A Swift expression over `data: Data` that decodes a screen as the app does.
    public var decodeExpression: String
    /// How the app's build compiles the module (language mode, features, defines).
    public var settings: ModuleSettings
    /// Dependency packages whose modules cannot be had here (their imports are dropped).
    public var unavailableDependencies: [UnavailableDependency]

    public init(sources: [String], moduleName: String, decodeExpression: String, settings: ModuleSettings = .appDefault,
                unavailableDependencies: [UnavailableDependency] = []) {
        self.sources = sources
        self.moduleName = moduleName
        self.decodeExpression = decodeExpression
        self.settings = settings
        self.unavailableDependencies = unavailableDependencies
    }

    enum CodingKeys: String, CodingKey {
        case sources, moduleName, decodeExpression, settings, unavailableDependencies
    }

    // Locations written before settings existed decode as Swift 5 with every dependency at hand.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sources = try c.decode([String].self, forKey: .sources)
        moduleName = try c.decode(String.self, forKey: .moduleName)
        decodeExpression = try c.decode(String.self, forKey: .decodeExpression)
        settings = try c.decodeIfPresent(ModuleSettings.self, forKey: .settings) ?? .appDefault
        unavailableDependencies = try c.decodeIfPresent([UnavailableDependency].self, forKey: .unavailableDependencies) ?? []
    }

    /// `try JSONDecoder().decode(T.self, from: data)`: the decode expression of a `Decodable` type.
    public static func decodeExpression(ofType type: String) -> String {
        "try JSONDecoder().decode(\(type).self, from: data)"
    }

    /// The compiler's name of a module SwiftPM or Xcode names otherwise (`my-sdui-kit` → `my_sdui_kit`).
    public static func compilerName(of name: String) -> String {
        var identifier = String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "_" ? Character($0) : "_" })
        if identifier.isEmpty || identifier.first!.isNumber { identifier = "_" + identifier }
        return identifier
    }

    /// A module name from a folder's name (`My App/Sources` → `MyApp`): what Xcode makes of a target name.
    public static func moduleName(forFolder path: String) -> String {
        let name = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
        var identifier = String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" }.map(Character.init))
        if identifier.isEmpty || identifier.first!.isNumber { identifier = "_" + identifier }
        return identifier
    }
}

/// What a slice is: the user's files as the slice compiles them, what it did, and which stand-in
/// modules it needs.
public struct DecoderSlice: Sendable, Codable {
    public struct File: Sendable, Codable, Hashable {
        /// The original file.
        public var path: String
        /// Where it goes in the slice's module folder.
        public var relativePath: String
        /// The text compiled (the original with left-out code blanked and a `#sourceLocation` line).
        public var text: String

        public init(path: String, relativePath: String, text: String) {
            self.path = path
            self.relativePath = relativePath
            self.text = text
        }
    }

    public var location: DecoderLocation
    public var files: [File]
    public var notes: [SliceNote]
    /// Stand-in modules the kept code imports, in the order they must be built.
    public var standIns: [String]
    /// Compile-and-prune rounds it took.
    public var rounds: Int
    public var seconds: Double
    /// Modules re-exported to the whole slice (``ModuleReexports``), as the app's module sees them on Apple platforms.
    public var reexports: [String] = []
    /// The package's macro modules, built as compiler plug-ins the module's compiles load.
    public var macroPlugins: [MacroPlugins.Built] = []

    /// The generated file that re-exports them, if any (beside the sliced files).
    public var reexportsFile: (name: String, text: String)? {
        ModuleReexports.fileText(modules: reexports).map { (ModuleReexports.fileName, $0) }
    }

    public init(location: DecoderLocation, files: [File], notes: [SliceNote], standIns: [String], rounds: Int, seconds: Double) {
        self.location = location
        self.files = files
        self.notes = notes
        self.standIns = standIns
        self.rounds = rounds
        self.seconds = seconds
    }

    /// Declarations left out (not conformances, imports or attributes).
    public var leftOut: [SliceNote] { notes.filter { $0.action == .leftOut } }
}

public enum SliceError: Error, CustomStringConvertible, Equatable {
    case noSources([String])
    case compilerNotFound
    /// A declaration on the decode path does not compile here and cannot be left out.
    case cannotLeaveOut(file: String, line: Int, declaration: String, error: String)
    /// The decode expression itself does not compile against the slice.
    case decodeExpression(expression: String, errors: [String])
    /// The compiler failed with no location to act on, or pruning stopped making progress.
    case compiler(String)
    case standIn(module: String, output: String)
    /// A macro module the models use did not build as a compiler plug-in.
    case macroPlugin(module: String, output: String)
    /// The toolchain ships no swift-syntax for plug-ins, and the models use macros of their own.
    case noMacroHost(module: String, macro: String)
    /// One of the others, with where the names it could not find are declared in the project.
    indirect case withHints(SliceError, [String])

    /// The user's file the error is in, where it names one.
    var file: String? {
        switch self {
        case .cannotLeaveOut(let file, _, _, _): file
        case .withHints(let inner, _): inner.file
        default: nil
        }
    }

    /// The compiler's words the error carries.
    var compilerMessages: [String] {
        switch self {
        case .cannotLeaveOut(_, _, _, let error): [error]
        case .decodeExpression(_, let errors): errors
        case .compiler(let message): message.split(separator: "\n").map(String.init)
        case .withHints(let inner, _): inner.compilerMessages
        default: []
        }
    }

    public var description: String {
        switch self {
        case .noSources(let paths):
            "no Swift sources under \(paths.joined(separator: ", ")): --sources takes the folder(s) holding the decoder's .swift files"
        case .compilerNotFound: "swiftc was not found (put the Swift toolchain on PATH)"
        case .cannotLeaveOut(let file, let line, let declaration, let error):
            "\(file):\(line): `\(declaration)` does not compile here (\(error)) and is on the decode path, so it cannot be left out. "
                + "If it is view code, move it to an extension in a file of its own; if it needs an Apple API the stand-ins lack, say which on the issue tracker."
        case .decodeExpression(let expression, let errors):
            "the decode expression `\(expression)` does not compile against the decoder's sources:\n  "
                + errors.joined(separator: "\n  ") + "\n(it is Swift over `data: Data`, compiled beside the sources, so internal names work: e.g. --decode 'try Screen.parse(data)' or --type Screen)"
        case .compiler(let message): message
        case .standIn(let module, let output): "the stand-in module \(module) did not compile: \(output.suffix(1500))"
        case .macroPlugin(let module, let output):
            "the macro module \(module) did not build as a compiler plug-in against the toolchain's swift-syntax:\n\(output)"
        case .noMacroHost(let module, let macro):
            "`macro \(macro)` is implemented by the macro module \(module), and this toolchain ships no swift-syntax to build it as a plug-in with "
                + "(usr/lib/swift/host has no SwiftSyntaxMacros): use a swift.org toolchain (on macOS: TOOLCHAINS=swift)"
        case .withHints(let inner, let hints): inner.description + "\n" + hints.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}

/// Makes a *decoder slice*: the user's decoder sources as a module that compiles on this system,
/// with no line of theirs changed. View code is left out (``ViewCodeFinder``), Apple frameworks
/// this system lacks come from inert stand-ins, and what still does not compile is left out by
/// compiling and pruning: each compiler error's innermost enclosing declaration goes, round after
/// round, unless it is on the decode path (`init(from:)`, what the decode expression names), in
/// which case the slice stops with an error naming it. Every line kept is at its original line,
/// and the compiler is told the original file name, so crashes name the user's `File.swift:LINE`.
public struct DecoderSlicer: Sendable {
    public var location: DecoderLocation
    public var os: HostOS
    /// The harness's `StandIns` folder (one folder per stand-in module).
    public var standInsFolder: String
    /// Where the slicer compiles (kept between runs: the stand-ins are built once).
    public var workFolder: String
    public var maxRounds = 60

    public init(location: DecoderLocation, standInsFolder: String, workFolder: String, os: HostOS = .current) {
        self.location = location
        self.standInsFolder = standInsFolder
        self.workFolder = workFolder
        self.os = os
    }

    /// The Swift files of the decoder: every `.swift` under the source folders but build output,
    /// dependencies' checkouts, tests and manifests.
    public static func swiftFiles(under roots: [String]) -> [(path: String, relative: String)] {
        let skipped: Set<String> = [".build", ".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules", ".git", "Packages"]
        var found: [(String, String)] = []
        for root in roots {
            let rootURL = URL(fileURLWithPath: root).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                if rootURL.pathExtension == "swift" { found.append((rootURL.path, rootURL.lastPathComponent)) }
                continue
            }
            guard let walker = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in walker {
                let name = url.lastPathComponent
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    if skipped.contains(name) || name.hasPrefix(".build") || name.hasSuffix("Tests") || name.hasSuffix(".xcodeproj")
                        || name.hasSuffix(".xcworkspace") || name.hasSuffix(".xcassets") {
                        walker.skipDescendants()
                    }
                    continue
                }
                guard url.pathExtension == "swift", name != "Package.swift", !name.hasPrefix("Package@") else { continue }
                let path = url.standardizedFileURL.path
                let relative = String(path.dropFirst(rootURL.path.count).drop { $0 == "/" })
                found.append((path, relative))
            }
        }
        // One file per relative path in the slice's folder: a second root's file of the same name goes apart.
        var seen = Set<String>()
        return found.sorted { $0.0 < $1.0 }.map { path, relative in
            var name = relative
            var n = 2
            while !seen.insert(name).inserted { name = "\(n)/\(relative)"; n += 1 }
            return (path, name)
        }
    }

    public func slice() throws -> DecoderSlice {
        var messages: [String] = []
        var droppedImports: [String: [String]] = [:]
        do {
            return try sliceOnce(compilerMessages: &messages, droppedImports: &droppedImports)
        } catch let error as SliceError {
            // A type the folders use but do not define: say where in the project it is.
            var hints = MissingDeclarationFinder.hints(for: error.compilerMessages + messages, near: location.sources)
            // A file on the decode path that imports a module this system cannot build (a
            // dependency package): say which, and how to give its sources.
            if let file = error.file, let modules = droppedImports[file], !modules.isEmpty,
               let (module, dependency) = modules.lazy.compactMap({ module in
                   location.unavailableDependencies.first { $0.products.contains(module) }.map { (module, $0) }
               }).first {
                // A dependency of the package that could not be had: say which and how to give it.
                hints.append("\(URL(fileURLWithPath: file).lastPathComponent) imports \(module), a product of the package \(dependency.package) "
                             + "(\(dependency.location), \(URL(fileURLWithPath: dependency.manifest).lastPathComponent):\(dependency.line)), which cannot be resolved here "
                             + "(\(dependency.reason)): add its sources with --sources (a checkout's Sources/\(module)), compiled into the same module")
            } else if let file = error.file, let modules = droppedImports[file], !modules.isEmpty {
                hints.append("\(URL(fileURLWithPath: file).lastPathComponent) imports \(modules.joined(separator: ", ")), which \(modules.count == 1 ? "is" : "are") not available here "
                             + "(a dependency package?): add \(modules.count == 1 ? "its" : "their") sources with --sources (e.g. the checkout's Sources/\(modules[0])), compiled into the same module")
            }
            guard !hints.isEmpty else { throw error }
            throw SliceError.withHints(error, hints)
        }
    }

    /// `compilerMessages`: every error the rounds saw, for the hints of a failed slice.
    func sliceOnce(compilerMessages: inout [String], droppedImports: inout [String: [String]]) throws -> DecoderSlice {
        let started = Date()
        var (files, notes) = try readFiles()
        let plugins = try buildMacroPlugins(&files, notes: &notes)
        leaveOutViewCode(in: &files, droppedImports: &droppedImports)
        let modules = try buildStandIns()
        let protected = ProtectedNames(expression: location.decodeExpression, files: files)
        let reexports = ModuleReexports.needed(by: files, os: os)
        notes += reexports.map(\.note)
        notes += [location.settings.note].compactMap { $0 } + location.unavailableDependencies.map(\.note)
        var rounds = 0
        while true {
            rounds += 1
            let errors = try typecheck(files, reexports: reexports, plugins: plugins)
            if errors.isEmpty { break }
            compilerMessages += errors.map(\.message)
            guard rounds < maxRounds else {
                throw SliceError.compiler("the slice still does not compile after \(maxRounds) rounds of leaving out what fails:\n"
                                          + errors.prefix(10).map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n"))
            }
            // An error on the decode path is often the echo of one elsewhere (a type that no longer
            // conforms because a member of another failed): it stops the slice only in a round
            // where nothing else could be left out.
            var progressed = false
            var entryErrors: [String] = []
            var decodePathErrors: [SliceError] = []
            for error in errors {
                guard let index = files.firstIndex(where: { $0.path == error.file }) else {
                    if error.file.hasSuffix(Self.checkFileName) { entryErrors.append(error.message) }
                    continue
                }
                do {
                    if try prune(error, in: &files[index], protected: protected) { progressed = true }
                } catch let error as SliceError {
                    decodePathErrors.append(error)
                }
            }
            if !progressed, let first = decodePathErrors.first { throw LeftOutCause.explaining(first, in: files) }
            if !entryErrors.isEmpty, !progressed {
                throw SliceError.decodeExpression(expression: location.decodeExpression, errors: entryErrors)
            }
            if !progressed {
                throw SliceError.compiler("the slice does not compile, and no declaration can be left out for these errors:\n"
                                          + errors.prefix(10).map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n"))
            }
        }
        let sliceFiles = files.map { DecoderSlice.File(path: $0.path, relativePath: $0.relativePath, text: $0.slicedText) }
        notes += files.flatMap(\.notes)
        let importedStandIns = Set(notes.filter { $0.action == .stoodIn }.compactMap { $0.declaration.split(separator: " ").last.map(String.init) })
        var slice = DecoderSlice(location: location, files: sliceFiles, notes: notes.sorted { ($0.file, $0.line) < ($1.file, $1.line) },
                                 standIns: Self.closure(of: importedStandIns, among: modules), rounds: rounds,
                                 seconds: Date().timeIntervalSince(started))
        slice.reexports = reexports.map(\.module)
        slice.macroPlugins = plugins
        return slice
    }

    /// Leaves out view code (``ViewCodeFinder``) and records each file's dropped imports (for hints).
    func leaveOutViewCode(in files: inout [SliceFile], droppedImports: inout [String: [String]]) {
        let finder = ViewCodeFinder(files: files, os: os)
        for i in files.indices { finder.apply(to: &files[i]) }
        for file in files {
            droppedImports[file.path] = file.notes.filter { $0.action == .importDropped }.map { String($0.declaration.dropFirst("import ".count)) }
        }
    }

    /// The decoder's files, read (never written), and a note for each left out whole (`main.swift`).
    func readFiles() throws -> (files: [SliceFile], notes: [SliceNote]) {
        let sources = Self.swiftFiles(under: location.sources)
        guard !sources.isEmpty else { throw SliceError.noSources(location.sources) }
        var notes: [SliceNote] = []
        var files: [SliceFile] = []
        for source in sources {
            guard let data = FileManager.default.contents(atPath: source.path) else { continue }
            if URL(fileURLWithPath: source.path).lastPathComponent == "main.swift" {
                notes.append(SliceNote(file: source.path, line: 1, declaration: "main.swift", action: .fileSkipped,
                                       reason: "top-level code is the app's entry point (the fuzz target has its own)"))
                continue
            }
            files.append(SliceFile(path: source.path, relativePath: source.relative, text: String(decoding: data, as: UTF8.self)))
        }
        return (files, notes)
    }

    /// Takes the macro implementations out of the module's files (they import the macro API) and
    /// builds the plug-ins the module's macros name (``MacroPlugins``), each reported at its first macro.
    func buildMacroPlugins(_ files: inout [SliceFile], notes: inout [SliceNote]) throws -> [MacroPlugins.Built] {
        let implementations = files.filter(MacroPlugins.isImplementation)
        guard !implementations.isEmpty else { return [] }
        files.removeAll(where: MacroPlugins.isImplementation)
        let plans = MacroPlugins.plans(for: MacroPlugins.externalMacros(in: files), implementations: implementations)
        let planned = Set(plans.flatMap { $0.files.map(\.path) })
        for file in implementations where !planned.contains(file.path) {
            notes.append(SliceNote(file: file.path, line: 1, declaration: file.relativePath, action: .fileSkipped,
                                   reason: "a macro implementation (it imports the macro API) that no macro of the module names"))
        }
        guard let first = plans.first else { return [] }
        guard let swiftc = Toolchain.tool("swiftc") else { throw SliceError.compilerNotFound }
        let resolved = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
        guard let host = Toolchain.macroHost(swift: resolved, os: os) else {
            throw SliceError.noMacroHost(module: first.module, macro: first.firstUse.name)
        }
        notes += plans.map(MacroPlugins.note(for:))
        return try plans.map { try MacroPlugins.build($0, host: host, swiftc: swiftc, folder: workFolder + "/macros") }
    }

    /// The stand-ins `modules` need, themselves and what they import, in build order.
    static func closure(of modules: Set<String>, among available: [String]) -> [String] {
        var needed = modules
        for standIn in AppleFrameworks.standIns.reversed() where needed.contains(standIn.module) {
            needed.formUnion(standIn.imports)
        }
        return AppleFrameworks.standIns.map(\.module).filter { needed.contains($0) && available.contains($0) }
    }

    // MARK: Pruning

    /// Leaves out (or drops the conformance of) what `error` is in; false when it already was.
    func prune(_ error: CompilerDiagnostic, in file: inout SliceFile, protected: ProtectedNames) throws -> Bool {
        guard error.line >= 1 else { return false }
        let position = file.converter.position(ofLine: error.line, column: error.column).utf8Offset
        // A second error in what this round already left out.
        if file.edits.contains(position) { return false }
        let reason = "does not compile here: " + error.message
        let enclosing = DeclarationTree.declarations(in: file.tree).filter {
            SliceFile.range(of: $0).contains(position) && !file.isLeftOut($0)
        }
        guard let innermost = enclosing.last else {
            throw SliceError.compiler("\(error.file):\(error.line): \(error.message) (outside any declaration the slice can leave out)")
        }
        if let importDecl = innermost.as(ImportDeclSyntax.self) {
            file.leaveOut(importDecl, action: .importDropped, reason: reason)
            return true
        }
        // A conformance this system cannot give: dropped, the type kept.
        if let clause = DeclarationTree.inheritance(of: innermost), SliceFile.range(of: clause).contains(position),
           let entry = clause.inheritedTypes.first(where: { SliceFile.range(of: $0).contains(position) }),
           !innermost.is(ExtensionDeclSyntax.self) || clause.inheritedTypes.count > 1 {
            dropConformance(entry, of: innermost, in: &file, reason: reason)
            return true
        }
        // A type that no longer conforms to its own protocol (a member the conformance needs was
        // left out): the conformance goes and the type stays, whether or not it is on the decode path.
        if let proto = Self.brokenConformance(in: error.message), let clause = DeclarationTree.inheritance(of: innermost),
           let entry = DeclarationTree.inheritedNames(clause).first(where: { $0.name == proto })?.node, !file.isLeftOut(entry),
           !innermost.is(ExtensionDeclSyntax.self) || clause.inheritedTypes.count > 1 {
            dropConformance(entry, of: innermost, in: &file, reason: reason)
            return true
        }
        if let protectedName = protected.protects(innermost) {
            throw SliceError.cannotLeaveOut(file: file.path, line: file.line(of: innermost), declaration: SliceFile.summary(of: innermost),
                                            error: error.message + (protectedName.isEmpty ? "" : "; \(protectedName)"))
        }
        file.leaveOut(innermost, reason: reason)
        return true
    }

    /// The protocol in `type 'X' does not conform to protocol 'P'` (its last component).
    static func brokenConformance(in message: String) -> String? {
        guard let match = message.firstMatch(of: /does not conform to protocol '([A-Za-z_][A-Za-z0-9_.]*)'/) else { return nil }
        return match.1.split(separator: ".").last.map(String.init)
    }

    private func dropConformance(_ entry: InheritedTypeSyntax, of decl: DeclSyntax, in file: inout SliceFile, reason: String) {
        let entries = Array(DeclarationTree.inheritance(of: decl)!.inheritedTypes)
        file.edits.blank(SliceFile.range(of: entry))
        let kept = entries.filter { $0.id != entry.id && !file.isLeftOut($0) }
        if kept.isEmpty, let clause = DeclarationTree.inheritance(of: decl) {
            file.edits.blank(SliceFile.range(of: clause.colon))
        } else if let last = kept.last, let comma = last.trailingComma, entries.last?.id == entry.id || entries.drop(while: { $0.id != last.id }).dropFirst().allSatisfy({ file.isLeftOut($0) || $0.id == entry.id }) {
            file.edits.blank(SliceFile.range(of: comma))
        }
        file.notes.append(SliceNote(file: file.path, line: file.line(of: entry),
                                    declaration: "\(DeclarationTree.typeName(of: decl) ?? "type"): \(entry.type.trimmedDescription)",
                                    action: .dropped, reason: reason))
    }

    // MARK: Compiling

    static let checkFileName = "__SDUIDecodeExpressionCheck.swift"

    /// The file that checks the decode expression: the same call the generated fuzz target makes.
    func checkFile() -> String {
        """
        import Foundation

        @inline(never) func __sduiDecodeExpressionCheck(_ data: Data) throws {
            try MainActor.assumeIsolated {
                _ = \(SwiftSource.tried(location.decodeExpression))
            }
        }

        """
    }

    func typecheck(_ files: [SliceFile], reexports: [ModuleReexports.Reexport] = [], plugins: [MacroPlugins.Built] = []) throws -> [CompilerDiagnostic] {
        guard let swiftc = Toolchain.tool("swiftc") else { throw SliceError.compilerNotFound }
        let folder = workFolder + "/typecheck"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (i, file) in files.enumerated() {
            // Flat names: the folder layout does not matter to the compiler, a clash would.
            let path = folder + "/\(i)-" + URL(fileURLWithPath: file.path).lastPathComponent
            try Data(file.slicedText.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let check = folder + "/" + Self.checkFileName
        try Data(checkFile().utf8).write(to: URL(fileURLWithPath: check))
        var extra: [String] = []
        if let reexports = ModuleReexports.fileText(modules: reexports.map(\.module)) {
            let path = folder + "/" + ModuleReexports.fileName
            try Data(reexports.utf8).write(to: URL(fileURLWithPath: path))
            extra.append(path)
        }
        let arguments = ["-typecheck"] + location.settings.compilerArguments + plugins.flatMap(\.compilerArguments) + ["-suppress-warnings", "-parse-as-library",
                         "-module-name", location.moduleName, "-I", workFolder + "/standins"] + paths + extra + [check]
        let out = try ProcessRunner.run(swiftc, arguments, timeout: 600)
        let errors = CompilerDiagnostic.errors(in: out.stderr + out.stdout)
        if out.status != 0, errors.isEmpty {
            throw SliceError.compiler("swiftc failed without a located error: " + String((out.stderr + out.stdout).suffix(2000)))
        }
        return errors
    }

    /// Builds the stand-in modules this system needs into `workFolder/standins` (once per
    /// stand-in text) and returns their names.
    func buildStandIns() throws -> [String] {
        guard let swiftc = Toolchain.tool("swiftc") else { throw SliceError.compilerNotFound }
        let out = workFolder + "/standins"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var built: [String] = []
        for module in AppleFrameworks.standIns.map(\.module) where AppleFrameworks.standInModules(for: os).contains(module) {
            let sources = Self.swiftFiles(under: [standInsFolder + "/" + module]).map(\.path)
            guard !sources.isEmpty else { continue }
            let stamp = out + "/\(module).stamp"
            let digest = sources.map { FileManager.default.contents(atPath: $0).map { String(decoding: $0, as: UTF8.self) } ?? "" }.joined()
            // The stamp is the stand-ins' own text: rebuilt when the harness's copy changes.
            let key = digest
            if (try? String(contentsOfFile: stamp, encoding: .utf8)) == key,
               FileManager.default.fileExists(atPath: out + "/\(module).swiftmodule") {
                built.append(module)
                continue
            }
            let result = try ProcessRunner.run(swiftc, ["-emit-module", "-swift-version", "5", "-parse-as-library", "-suppress-warnings",
                                                        "-module-name", module, "-I", out, "-emit-module-path", out + "/\(module).swiftmodule"] + sources,
                                               timeout: 600)
            guard result.status == 0 else { throw SliceError.standIn(module: module, output: result.stderr + result.stdout) }
            try Data(key.utf8).write(to: URL(fileURLWithPath: stamp))
            built.append(module)
        }
        return built
    }
}

/// What a slice never leaves out: `init(from:)` (how `Decodable` types decode), `CodingKeys`,
/// every type the decode expression names and every member it calls (``DecodePathResolution``).
struct ProtectedNames {
    let names: Set<String>
    let resolution: DecodePathResolution

    init(expression: String, files: [SliceFile] = []) {
        var names: Set<String> = []
        let tree = Parser.parse(source: expression)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let name) = token.tokenKind { names.insert(name) }
        }
        names.remove("data")
        self.names = names
        resolution = DecodePathResolution(expression: expression, files: files)
    }

    /// Why `decl` is protected (empty for `init(from:)`), or nil.
    func protects(_ decl: DeclSyntax) -> String? {
        if DeclarationTree.isDecodingInitializer(decl) { return "" }
        // A stored property of a decodable type: without it, the type would decode otherwise.
        if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.allSatisfy({ $0.accessorBlock == nil }),
           !(variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }),
           let owner = DeclarationTree.owner(of: decl),
           DeclarationTree.inheritedNames(DeclarationTree.inheritance(of: owner)).contains(where: { $0.name == "Decodable" || $0.name == "Codable" }) {
            return "a stored property of the decodable \(DeclarationTree.typeName(of: owner) ?? "type"): leaving it out would change what is decoded"
        }
        if let name = DeclarationTree.typeName(of: decl) {
            if name == "CodingKeys" { return "" }
            if names.contains(name), !decl.is(ExtensionDeclSyntax.self) { return "the decode expression names \(name)" }
            return nil
        }
        if let name = DeclarationTree.memberName(of: decl), names.contains(name) {
            let owner = DeclarationTree.owner(of: decl).flatMap(DeclarationTree.typeName(of:)) ?? ""
            guard resolution.reaches(name, in: owner) else { return nil }
            return "the decode expression calls \(owner.isEmpty ? name : owner + "." + name)"
        }
        return nil
    }
}
