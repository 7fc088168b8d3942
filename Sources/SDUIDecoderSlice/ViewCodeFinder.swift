import SDUIPlatform
import SwiftSyntax

/// The first, syntactic pass of a slice: leaves out what is view code by its declaration alone
/// (app shells, previews, `body`, members whose signature names a view, view property wrappers,
/// overrides of a view superclass), drops view conformances and imports this system lacks, and
/// keeps every other declaration byte for byte. What this pass cannot see (a model calling into
/// code that uses a view) is left to ``DecoderSlicer``'s compile-and-prune pass.
struct ViewCodeFinder {
    let os: HostOS
    /// Types of the user's that are views (declared as conforming to or inheriting from one, not
    /// decodable themselves): a member whose signature names one is view code.
    let userViews: Set<String>
    /// Types of the user's that a view type's conformance drops, but that stay (decodable views).
    let userViewShells: Set<String>
    /// Every type the user's code declares: a model named `Section`, `Button` or `Link` (SDUI
    /// models often are) is not SwiftUI's view of that name.
    let declaredTypes: Set<String>

    init(files: [SliceFile], os: HostOS) {
        self.os = os
        // Inheritance within the user's code, to a fixpoint: `class Base: UIView`, `class Card: Base`.
        var supertypes: [String: [String]] = [:]
        var decodable: Set<String> = []
        for file in files {
            for decl in DeclarationTree.declarations(in: file.tree) where !decl.is(ExtensionDeclSyntax.self) {
                guard let name = DeclarationTree.typeName(of: decl) else { continue }
                let inherited = DeclarationTree.inheritedNames(DeclarationTree.inheritance(of: decl)).map(\.name)
                supertypes[name, default: []] += inherited
                let decodes = inherited.contains { $0 == "Decodable" || $0 == "Codable" }
                    || (DeclarationTree.memberBlock(of: decl)?.members.contains { DeclarationTree.isDecodingInitializer($0.decl) } ?? false)
                if decodes { decodable.insert(name) }
            }
        }
        var views: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (name, inherited) in supertypes where !views.contains(name) {
                if inherited.contains(where: { ViewCodeRules.isViewSupertype($0, userViews: views) }) {
                    views.insert(name)
                    changed = true
                }
            }
        }
        userViewShells = views
        declaredTypes = Set(supertypes.keys)
        userViews = views.subtracting(decodable)
    }

    func apply(to file: inout SliceFile) {
        for macro in DeclarationTree.topLevelMacros(in: file.tree) where ["Preview", "Playground"].contains(macro.macroName.text) {
            file.leaveOut(macro, reason: "view code: a #\(macro.macroName.text)")
        }
        for decl in DeclarationTree.declarations(in: file.tree) where !file.isLeftOut(decl) {
            visit(decl, in: &file)
        }
    }

    private func visit(_ decl: DeclSyntax, in file: inout SliceFile) {
        if let importDecl = decl.as(ImportDeclSyntax.self) {
            visitImport(importDecl, in: &file)
            return
        }
        if let macro = decl.as(MacroExpansionDeclSyntax.self), ["Preview", "Playground"].contains(macro.macroName.text) {
            file.leaveOut(decl, reason: "view code: a #\(macro.macroName.text)")
            return
        }
        let attributes = attributeNames(of: decl)
        if attributes.contains("main") || attributes.contains("UIApplicationMain") || attributes.contains("NSApplicationMain") {
            file.leaveOut(decl, reason: "the app's entry point (the fuzz target has its own)")
            return
        }
        let inherited = DeclarationTree.inheritedNames(DeclarationTree.inheritance(of: decl))
        if let shell = inherited.first(where: { ViewCodeRules.shellSupertypes.contains($0.name) }), !decl.is(ExtensionDeclSyntax.self) {
            file.leaveOut(decl, reason: "app shell: conforms to \(shell.name)")
            return
        }
        if let view = attributes.first(where: { ViewCodeRules.viewAttributes.contains($0) }) {
            file.leaveOut(decl, reason: "view code: @\(view)")
            return
        }
        if !isTypeDeclaration(decl), let name = DeclarationTree.signatureTypeNames(of: decl).first(where: isViewType) {
            file.leaveOut(decl, reason: "view code: its signature names \(name)")
            return
        }
        if isViewMember(decl) {
            file.leaveOut(decl, reason: "view code: a member of a view that only a view has")
            return
        }
        dropViewConformances(of: decl, inherited: inherited, in: &file)
        if os == .linux { dropObjectiveCAttributes(of: decl, in: &file) }
    }

    private func visitImport(_ decl: ImportDeclSyntax, in file: inout SliceFile) {
        guard let module = decl.path.first?.name.text else { return }
        switch AppleFrameworks.fate(ofImport: module, os: os) {
        case .kept: break
        case .stoodIn:
            file.notes.append(SliceNote(file: file.path, line: file.line(of: decl), declaration: "import \(module)", action: .stoodIn,
                                        reason: "\(module) is not on \(os == .linux ? "Linux" : "macOS"): the harness's inert stand-in"))
        case .dropped:
            file.leaveOut(decl, action: .importDropped, reason: "no module \(module) here and no stand-in: what uses it is left out")
        }
    }

    private func isViewType(_ name: String) -> Bool {
        userViews.contains(name) || (!declaredTypes.contains(name) && ViewCodeRules.isViewType(name, userViews: userViews))
    }

    private func isTypeDeclaration(_ decl: DeclSyntax) -> Bool {
        DeclarationTree.memberBlock(of: decl) != nil
    }

    /// `body`, an override, or a view's initializer from a storyboard or frame, inside a type that is a view.
    private func isViewMember(_ decl: DeclSyntax) -> Bool {
        guard let owner = DeclarationTree.owner(of: decl).flatMap(DeclarationTree.typeName), userViewShells.contains(owner) else { return false }
        if DeclarationTree.memberName(of: decl) == "body" { return true }
        if DeclarationTree.modifiers(of: decl)?.contains(where: { $0.name.text == "override" }) == true { return true }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            let labels = initializer.signature.parameterClause.parameters.map(\.firstName.text)
            return labels == ["coder"] || labels == ["frame"] || labels == ["nibName", "bundle"] || labels == ["style", "reuseIdentifier"]
        }
        return false
    }

    private func attributeNames(of decl: DeclSyntax) -> [String] {
        (DeclarationTree.attributes(of: decl) ?? []).compactMap { element in
            element.as(AttributeSyntax.self).flatMap { DeclarationTree.lastComponent($0.attributeName) }
        }
    }

    /// `struct Card: View, Identifiable` → `struct Card:       Identifiable`; the commas that
    /// separated what is gone go with it.
    private func dropViewConformances(of decl: DeclSyntax, inherited: [(name: String, node: InheritedTypeSyntax)], in file: inout SliceFile) {
        guard let clause = DeclarationTree.inheritance(of: decl) else { return }
        let dropped = inherited.filter { ViewCodeRules.isViewSupertype($0.name, userViews: userViewShells) }
        guard !dropped.isEmpty else { return }
        let names = dropped.map(\.name).joined(separator: ", ")
        let what = "\(DeclarationTree.typeName(of: decl) ?? "type"): \(names)"
        file.notes.append(SliceNote(file: file.path, line: file.line(of: clause), declaration: what, action: .dropped,
                                    reason: "view conformance; the type's other members are kept"))
        if dropped.count == clause.inheritedTypes.count {
            file.edits.blank(SliceFile.range(of: clause))
            return
        }
        let droppedIDs = Set(dropped.map(\.node.id))
        let entries = Array(clause.inheritedTypes)
        for entry in entries where droppedIDs.contains(entry.id) { file.edits.blank(SliceFile.range(of: entry)) }
        // The last kept entry keeps no comma when everything after it is gone.
        if let lastKept = entries.lastIndex(where: { !droppedIDs.contains($0.id) }), let comma = entries[lastKept].trailingComma,
           entries[(lastKept + 1)...].allSatisfy({ droppedIDs.contains($0.id) }) {
            file.edits.blank(SliceFile.range(of: comma))
        }
    }

    private func dropObjectiveCAttributes(of decl: DeclSyntax, in file: inout SliceFile) {
        for element in DeclarationTree.attributes(of: decl) ?? [] {
            guard let attribute = element.as(AttributeSyntax.self), let name = DeclarationTree.lastComponent(attribute.attributeName),
                  ViewCodeRules.objectiveCAttributes.contains(name) else { continue }
            file.edits.blank(SliceFile.range(of: attribute))
            file.notes.append(SliceNote(file: file.path, line: file.line(of: attribute), declaration: "@\(name)", action: .dropped,
                                        reason: "needs the Objective-C runtime, which Linux has not"))
        }
    }
}
