import Foundation
import SDUIPlatform
import SDUIPlatformProcesses
import SwiftSyntax

/// A package's macro targets are compiler plug-ins: they run inside the compiler while the models
/// that use them compile (`@Widget struct Banner`, `#registerWidgets(...)`) and are never part of
/// the module. Pasted into the module, their files do not compile (they import swift-syntax) and
/// the models' macros have nothing to expand them. So the slice takes every file that imports the
/// macro API out of the module, builds each macro module the models name in
/// `#externalMacro(module:type:)` as a library plug-in against the toolchain's own swift-syntax
/// (``Toolchain/MacroHost``: no swift-syntax build, no version to mismatch), and hands it to every
/// compile of the slice and of the generated fuzz target with `-load-plugin-library`.
public enum MacroPlugins {
    /// Modules only a macro implementation imports.
    static let implementationImports: Set<String> = ["SwiftCompilerPlugin", "SwiftSyntaxMacros", "SwiftSyntaxMacroExpansion"]

    /// A plug-in built for a slice: the module `#externalMacro` names and its shared library.
    public struct Built: Sendable, Codable, Hashable {
        public var module: String
        public var library: String

        /// The compiler's flags that load it.
        public var compilerArguments: [String] { ["-load-plugin-library", library] }
    }

    /// One plug-in to build: its module, its files, and the first macro of the models that uses it.
    struct Plan {
        var module: String
        var files: [SliceFile]
        var firstUse: ExternalMacro
    }

    /// `macro Widget(_:) = #externalMacro(module: "WidgetMacros", type: "WidgetMacro")`.
    struct ExternalMacro {
        var name: String
        var module: String
        var type: String
        var file: String
        var line: Int
    }

    /// Whether a file is a macro implementation's (it imports the macro API), not the module's.
    static func isImplementation(_ file: SliceFile) -> Bool {
        file.tree.statements.contains { item in
            guard let decl = item.item.as(ImportDeclSyntax.self), let module = decl.path.first?.name.text else { return false }
            return implementationImports.contains(module)
        }
    }

    /// The macros the module's files declare as implemented elsewhere.
    static func externalMacros(in files: [SliceFile]) -> [ExternalMacro] {
        var found: [ExternalMacro] = []
        for file in files {
            for decl in DeclarationTree.declarations(in: file.tree) {
                guard let macro = decl.as(MacroDeclSyntax.self),
                      let expansion = macro.definition?.value.as(MacroExpansionExprSyntax.self),
                      expansion.macroName.text == "externalMacro",
                      let module = stringArgument("module", of: expansion), let type = stringArgument("type", of: expansion) else { continue }
                found.append(ExternalMacro(name: macro.name.text, module: module, type: type, file: file.path, line: file.line(of: macro)))
            }
        }
        return found
    }

    static func stringArgument(_ label: String, of expansion: MacroExpansionExprSyntax) -> String? {
        guard let argument = expansion.arguments.first(where: { $0.label?.text == label }),
              let literal = argument.expression.as(StringLiteralExprSyntax.self) else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }

    /// The plug-ins to build: for each module a macro names, the implementation files of the
    /// folder its plug-in entry (`@main struct …: CompilerPlugin`) is in, else of the folder that
    /// declares the macro's type. A macro whose implementation is not among the files gets no plan
    /// (its uses then fail to compile and are left out or named like any other error).
    static func plans(for macros: [ExternalMacro], implementations: [SliceFile]) -> [Plan] {
        let folders = implementations.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }
        let entryFolders = zip(implementations, folders).filter { declaresPluginEntry($0.0) }.map(\.1)
        func group(of index: Int) -> String {
            entryFolders.filter { folders[index] == $0 || folders[index].hasPrefix($0 + "/") }.max { $0.count < $1.count } ?? folders[index]
        }
        var plans: [Plan] = []
        for macro in macros where !plans.contains(where: { $0.module == macro.module }) {
            guard let declaring = implementations.indices.first(where: { declaredTypes(in: implementations[$0]).contains(macro.type) }) else { continue }
            let folder = group(of: declaring)
            let members = implementations.indices.filter { group(of: $0) == folder }.map { implementations[$0] }
            plans.append(Plan(module: macro.module, files: members, firstUse: macro))
        }
        return plans
    }

    static func declaredTypes(in file: SliceFile) -> Set<String> {
        Set(DeclarationTree.declarations(in: file.tree).compactMap { decl in
            decl.is(ExtensionDeclSyntax.self) ? nil : DeclarationTree.typeName(of: decl)
        })
    }

    static func pluginEntries(in file: SliceFile) -> [DeclSyntax] {
        DeclarationTree.declarations(in: file.tree).filter { decl in
            DeclarationTree.inheritedNames(DeclarationTree.inheritance(of: decl)).contains { $0.name == "CompilerPlugin" }
        }
    }

    static func declaresPluginEntry(_ file: SliceFile) -> Bool { !pluginEntries(in: file).isEmpty }

    /// The file as the library plug-in compiles it: the executable plug-in's entry point and the
    /// `SwiftCompilerPlugin` import go (a library plug-in is found by its macro types' names;
    /// the toolchain's host libraries do not include that module).
    static func libraryText(of file: SliceFile) -> String {
        var file = file
        for item in file.tree.statements {
            if let decl = item.item.as(ImportDeclSyntax.self), decl.path.first?.name.text == "SwiftCompilerPlugin" {
                file.edits.blank(SliceFile.range(of: decl))
            }
        }
        for entry in pluginEntries(in: file) { file.edits.blank(SliceFile.range(of: entry)) }
        return file.slicedText
    }

    /// Builds the plan's plug-in into `folder` (again only when its files or the compiler changed).
    static func build(_ plan: Plan, host: Toolchain.MacroHost, swiftc: String, folder: String) throws -> Built {
        let fm = FileManager.default
        let source = folder + "/" + plan.module
        let library = folder + "/" + host.libraryFileName(module: plan.module)
        let texts = plan.files.map(libraryText(of:))
        let stamp = ([swiftc] + texts).joined(separator: "\u{0}")
        if (try? String(contentsOfFile: source + ".stamp", encoding: .utf8)) == stamp, fm.fileExists(atPath: library) {
            return Built(module: plan.module, library: library)
        }
        try? fm.removeItem(atPath: source)
        try fm.createDirectory(atPath: source, withIntermediateDirectories: true)
        var paths: [String] = []
        for (i, text) in texts.enumerated() {
            let path = source + "/\(i)-" + URL(fileURLWithPath: plan.files[i].path).lastPathComponent
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        // Swift 5 mode with bare regex literals: what macro targets of Swift 5 and 6 packages both compile in.
        let arguments = ["-emit-library", "-parse-as-library", "-suppress-warnings", "-swift-version", "5", "-enable-bare-slash-regex",
                         "-module-name", plan.module, "-o", library] + host.linkArguments + paths
        let out = try ProcessRunner.run(swiftc, arguments, timeout: 600)
        guard out.status == 0 else {
            let errors = CompilerDiagnostic.errors(in: out.stderr + out.stdout).prefix(5).map { "\($0.file):\($0.line): \($0.message)" }
            throw SliceError.macroPlugin(module: plan.module, output: errors.isEmpty ? String((out.stderr + out.stdout).suffix(1500)) : errors.joined(separator: "\n"))
        }
        try Data(stamp.utf8).write(to: URL(fileURLWithPath: source + ".stamp"))
        return Built(module: plan.module, library: library)
    }

    /// The slice report's line for a built plug-in, at the first macro of the models that uses it.
    static func note(for plan: Plan) -> SliceNote {
        SliceNote(file: plan.firstUse.file, line: plan.firstUse.line, declaration: "macro \(plan.firstUse.name)", action: .macroBuilt,
                  reason: "its module \(plan.module) (\(plan.files.count) file(s)) built as a compiler plug-in against the toolchain's swift-syntax")
    }
}
