import SwiftSyntax

/// The declarations of a file that a slice may keep or leave out: top-level ones and members of
/// types, at any depth, looking through `#if` blocks. Declarations inside function bodies are part
/// of their function.
enum DeclarationTree {
    /// Every such declaration, outermost first.
    static func declarations(in tree: SourceFileSyntax) -> [DeclSyntax] {
        var found: [DeclSyntax] = []
        func visit(items: CodeBlockItemListSyntax) {
            for item in items {
                if let decl = item.item.as(DeclSyntax.self) { visit(decl) }
            }
        }
        func visit(members: MemberBlockItemListSyntax) {
            for member in members { visit(member.decl) }
        }
        func visit(_ decl: DeclSyntax) {
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    switch clause.elements {
                    case .statements(let items): visit(items: items)
                    case .decls(let members): visit(members: members)
                    default: break
                    }
                }
                return
            }
            found.append(decl)
            if let members = memberBlock(of: decl) { visit(members: members.members) }
        }
        visit(items: tree.statements)
        return found
    }

    /// Top-level freestanding macros (`#Preview { … }`), which parse as expressions there.
    static func topLevelMacros(in tree: SourceFileSyntax) -> [MacroExpansionExprSyntax] {
        tree.statements.compactMap { $0.item.as(MacroExpansionExprSyntax.self) }
    }

    /// The type (or extension) a member belongs to, if any.
    static func owner(of decl: DeclSyntax) -> DeclSyntax? {
        var node = decl.parent
        while let current = node {
            if let d = current.as(DeclSyntax.self), memberBlock(of: d) != nil { return d }
            node = current.parent
        }
        return nil
    }

    static func memberBlock(of decl: DeclSyntax) -> MemberBlockSyntax? {
        if let d = decl.as(StructDeclSyntax.self) { return d.memberBlock }
        if let d = decl.as(ClassDeclSyntax.self) { return d.memberBlock }
        if let d = decl.as(EnumDeclSyntax.self) { return d.memberBlock }
        if let d = decl.as(ActorDeclSyntax.self) { return d.memberBlock }
        if let d = decl.as(ExtensionDeclSyntax.self) { return d.memberBlock }
        if let d = decl.as(ProtocolDeclSyntax.self) { return d.memberBlock }
        return nil
    }

    static func inheritance(of decl: DeclSyntax) -> InheritanceClauseSyntax? {
        if let d = decl.as(StructDeclSyntax.self) { return d.inheritanceClause }
        if let d = decl.as(ClassDeclSyntax.self) { return d.inheritanceClause }
        if let d = decl.as(EnumDeclSyntax.self) { return d.inheritanceClause }
        if let d = decl.as(ActorDeclSyntax.self) { return d.inheritanceClause }
        if let d = decl.as(ExtensionDeclSyntax.self) { return d.inheritanceClause }
        if let d = decl.as(ProtocolDeclSyntax.self) { return d.inheritanceClause }
        return nil
    }

    static func attributes(of decl: DeclSyntax) -> AttributeListSyntax? {
        decl.asProtocol(WithAttributesSyntax.self)?.attributes
    }

    static func modifiers(of decl: DeclSyntax) -> DeclModifierListSyntax? {
        decl.asProtocol(WithModifiersSyntax.self)?.modifiers
    }

    /// The name a type declaration declares, or an extension extends (its last component).
    static func typeName(of decl: DeclSyntax) -> String? {
        if let d = decl.as(StructDeclSyntax.self) { return d.name.text }
        if let d = decl.as(ClassDeclSyntax.self) { return d.name.text }
        if let d = decl.as(EnumDeclSyntax.self) { return d.name.text }
        if let d = decl.as(ActorDeclSyntax.self) { return d.name.text }
        if let d = decl.as(ProtocolDeclSyntax.self) { return d.name.text }
        if let d = decl.as(ExtensionDeclSyntax.self) { return lastComponent(d.extendedType) }
        if let d = decl.as(TypeAliasDeclSyntax.self) { return d.name.text }
        return nil
    }

    static func lastComponent(_ type: TypeSyntax) -> String? {
        if let t = type.as(IdentifierTypeSyntax.self) { return t.name.text }
        if let t = type.as(MemberTypeSyntax.self) { return t.name.text }
        return nil
    }

    /// The simple names of the types an inheritance clause lists (`SwiftUI.View` → `View`).
    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [(name: String, node: InheritedTypeSyntax)] {
        guard let clause else { return [] }
        return clause.inheritedTypes.compactMap { inherited in
            var type = inherited.type
            if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }  // `@MainActor View`
            return lastComponent(type).map { ($0, inherited) }
        }
    }

    /// The name a member declares, for matching against the decode expression (`parse`, `init`).
    static func memberName(of decl: DeclSyntax) -> String? {
        if let d = decl.as(FunctionDeclSyntax.self) { return d.name.text }
        if decl.is(InitializerDeclSyntax.self) { return "init" }
        if let d = decl.as(VariableDeclSyntax.self) {
            return d.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return typeName(of: decl)
    }

    /// Whether this is `init(from:)` (a `Decodable` decode path, never left out).
    static func isDecodingInitializer(_ decl: DeclSyntax) -> Bool {
        guard let initializer = decl.as(InitializerDeclSyntax.self) else { return false }
        let parameters = initializer.signature.parameterClause.parameters
        return parameters.count == 1 && parameters.first?.firstName.text == "from"
    }

    /// The type names a declaration's signature uses: its type annotation, parameters and result,
    /// not its body (where a view may be named without the declaration being view code). A member
    /// type counts by its own name (`Card.Data` is `Data`, not `Card`).
    static func signatureTypeNames(of decl: DeclSyntax) -> [String] {
        var nodes: [Syntax] = []
        if let d = decl.as(FunctionDeclSyntax.self) { nodes.append(Syntax(d.signature)) }
        if let d = decl.as(InitializerDeclSyntax.self) { nodes.append(Syntax(d.signature)) }
        if let d = decl.as(SubscriptDeclSyntax.self) {
            nodes.append(Syntax(d.parameterClause))
            nodes.append(Syntax(d.returnClause))
        }
        var names: [String] = []
        if let d = decl.as(VariableDeclSyntax.self) {
            for binding in d.bindings {
                if let annotation = binding.typeAnnotation { nodes.append(Syntax(annotation)) }
                // `let label = UILabel()`: the initial value's callee names the type.
                if binding.typeAnnotation == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                   let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                    names.append(callee.baseName.text)
                }
            }
        }
        if let d = decl.as(TypeAliasDeclSyntax.self) { nodes.append(Syntax(d.initializer)) }
        let collector = TypeNameCollector(viewMode: .sourceAccurate)
        for node in nodes { collector.walk(node) }
        return names + collector.names
    }
}

/// Type names in a piece of syntax, a member type by its last component.
final class TypeNameCollector: SyntaxVisitor {
    var names: [String] = []
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        names.append(node.name.text)
        return .visitChildren
    }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        names.append(node.name.text)
        // The base names where the type is, not what it is; its generic arguments still count.
        if let arguments = node.genericArgumentClause { walk(arguments) }
        return .skipChildren
    }
}
