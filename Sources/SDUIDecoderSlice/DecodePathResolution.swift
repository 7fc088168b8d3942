import SwiftParser
import SwiftSyntax

/// Which of the module's members the decode expression calls, resolved through the module's
/// syntax rather than by name: in `try ScreenParser.shared.resolve(data)` the `shared` is
/// `ScreenParser`'s, its type is `ScreenParser` (annotation, or the call that initializes it), so
/// the `resolve` is `ScreenParser.resolve`, and an `ImageResolver.resolve` that shares the name is
/// not on the decode path. What cannot be followed (a generic result, a closure, a member a
/// superclass or protocol extension provides) stays protected by name wherever it is declared:
/// keeping too much costs a clear error, leaving out what the decoder runs would change it.
struct DecodePathResolution {
    /// Member names the expression calls, with the types that declare them ("" for top level).
    private(set) var owners: [String: Set<String>] = [:]
    /// Names that could not be attributed to a type.
    private(set) var unattributed: Set<String> = []

    /// The value a sub-expression stands for: a type itself (`Screen`) or a value of a type.
    enum Resolved {
        case metatype(String)
        case value(String)

        var typeName: String {
            switch self {
            case .metatype(let name), .value(let name): name
            }
        }
    }

    private let members: [String: [String: [DeclSyntax]]]
    private let declaredTypes: Set<String>

    init(expression: String, files: [SliceFile]) {
        var members: [String: [String: [DeclSyntax]]] = [:]
        var types: Set<String> = []
        for file in files {
            for decl in DeclarationTree.declarations(in: file.tree) {
                if let type = DeclarationTree.typeName(of: decl), !decl.is(ExtensionDeclSyntax.self) { types.insert(type) }
                guard !decl.is(ExtensionDeclSyntax.self), let name = DeclarationTree.memberName(of: decl) else { continue }
                let owner = DeclarationTree.owner(of: decl).flatMap(DeclarationTree.typeName(of:)) ?? ""
                members[owner, default: [:]][name, default: []].append(decl)
            }
        }
        self.members = members
        declaredTypes = types
        let tree = Parser.parse(source: expression)
        for item in tree.statements {
            if let expr = item.item.as(ExprSyntax.self) { _ = resolve(expr) } else { unattributeAll(in: Syntax(item)) }
        }
    }

    /// Every identifier under `node`, unattributed (what the resolution does not follow).
    private mutating func unattributeAll(in node: Syntax) {
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let name) = token.tokenKind, name != "data" { unattributed.insert(name) }
        }
    }

    private mutating func attribute(_ name: String, to owner: String) {
        owners[name, default: []].insert(owner)
    }

    /// What `expr` stands for, attributing the members it calls on the way.
    private mutating func resolve(_ expr: ExprSyntax) -> Resolved? {
        if let e = expr.as(TryExprSyntax.self) { return resolve(e.expression) }
        if let e = expr.as(AwaitExprSyntax.self) { return resolve(e.expression) }
        if let e = expr.as(ForceUnwrapExprSyntax.self) { return resolve(e.expression) }
        if let e = expr.as(OptionalChainingExprSyntax.self) { return resolve(e.expression) }
        if let e = expr.as(TupleExprSyntax.self), e.elements.count == 1, let only = e.elements.first { return resolve(only.expression) }
        if let e = expr.as(DeclReferenceExprSyntax.self) { return resolve(reference: e.baseName.text) }
        if let e = expr.as(MemberAccessExprSyntax.self) { return resolve(member: e) }
        if let e = expr.as(FunctionCallExprSyntax.self) {
            for argument in e.arguments { _ = resolve(argument.expression) }
            if let closure = e.trailingClosure { unattributeAll(in: Syntax(closure)) }
            for closure in e.additionalTrailingClosures { unattributeAll(in: Syntax(closure)) }
            let callee = resolve(e.calledExpression)
            if case .metatype(let type) = callee {
                attribute("init", to: type)
                return .value(type)
            }
            return callee
        }
        unattributeAll(in: Syntax(expr))
        return nil
    }

    private mutating func resolve(reference name: String) -> Resolved? {
        if name == "data" { return .value("Data") }
        if let decls = members[""]?[name], let decl = decls.first {
            attribute(name, to: "")
            return Self.valueType(of: decl, owner: "")
        }
        // A type of the module or of a framework (`JSONDecoder`): its members are looked up in it.
        if declaredTypes.contains(name) || name.first?.isUppercase == true { return .metatype(name) }
        unattributed.insert(name)
        return nil
    }

    private mutating func resolve(member e: MemberAccessExprSyntax) -> Resolved? {
        let name = e.declName.baseName.text
        guard let base = e.base, let resolved = resolve(base) else {
            unattributed.insert(name)
            return nil
        }
        if name == "self" { return resolved }
        let owner = resolved.typeName
        if name == "init" {
            attribute("init", to: owner)
            return .value(owner)
        }
        if let decl = members[owner]?[name]?.first {
            attribute(name, to: owner)
            return Self.valueType(of: decl, owner: owner)
        }
        // A type of the module without the member: a superclass or a protocol extension has it.
        if declaredTypes.contains(owner) {
            unattributed.insert(name)
        } else {
            attribute(name, to: owner)  // a framework type's own member: none of the module's
        }
        return nil
    }

    /// The type of what a declaration gives: a variable's, a function's result, a type itself.
    static func valueType(of decl: DeclSyntax, owner: String) -> Resolved? {
        if let type = DeclarationTree.typeName(of: decl), !decl.is(ExtensionDeclSyntax.self) { return .metatype(type) }
        if decl.is(InitializerDeclSyntax.self) { return .value(owner) }
        var type: TypeSyntax?
        if let f = decl.as(FunctionDeclSyntax.self) { type = f.signature.returnClause?.type }
        if let v = decl.as(VariableDeclSyntax.self), let binding = v.bindings.first {
            type = binding.typeAnnotation?.type
            if type == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
                if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) { return .value(callee.baseName.text) }
                if let callee = call.calledExpression.as(MemberAccessExprSyntax.self), callee.base == nil, callee.declName.baseName.text == "init" {
                    return .value(owner)
                }
            }
        }
        guard var type else { return nil }
        while true {
            if let t = type.as(OptionalTypeSyntax.self) { type = t.wrappedType; continue }
            if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = t.wrappedType; continue }
            if let t = type.as(SomeOrAnyTypeSyntax.self) { type = t.constraint; continue }
            break
        }
        guard let name = DeclarationTree.lastComponent(type) else { return nil }
        return .value(name == "Self" ? owner : name)
    }

    /// Whether a member declaration named `name`, declared in `owner` ("" at top level), is one
    /// the expression calls.
    func reaches(_ name: String, in owner: String) -> Bool {
        unattributed.contains(name) || owners[name]?.contains(owner) == true
    }
}
