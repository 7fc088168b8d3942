import SDUIFuzz
import SwiftParser
import SwiftSyntax

/// The first pass: one file's tree read into ``SourceFacts``. Nothing here looks at other files;
/// what needs them (an enum's values for a property, a `CodingKeys` rename) stays symbolic.
final class SourceFactCollector: SyntaxVisitor {
    static func collect(_ text: String) -> SourceFacts {
        var source = NestingGuard.defused(text)
        // The same limit in every build: a debug build's parser would otherwise stop at 20
        // levels and drop the rest of the file. ``NestingGuard`` keeps brackets well below.
        let tree = source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: maximumNestingLevel) }
        // Source-accurate: text the parser could not place (unexpected nodes) is still visited,
        // so a file with a syntax error yields what it can; missing nodes have no text to mine.
        let collector = SourceFactCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.facts
    }

    /// An optimized build's default.
    static let maximumNestingLevel = 256

    private(set) var facts = SourceFacts()

    private struct TypeFrame {
        var names: [String]
        var enumIndex: Int?
        var isProtocol = false
    }

    private var frames: [TypeFrame] = []
    private var scope: [String] { frames.flatMap(\.names) }

    /// Local names bound to the key they were read from, innermost block last. `local`: a
    /// local not (yet) read from a key, which hides any outer binding of its name; its value
    /// may come later (`let type: String`, then `type = try c.decode(…)`).
    private enum Binding { case key(KeyRef), local }
    private var bindings: [[String: Binding]] = [[:]]

    // MARK: Scopes

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { frames.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name); return .visitChildren }
    override func visitPost(_ node: ClassDeclSyntax) { frames.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { frames.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        frames.append(TypeFrame(names: [Self.identifier(node.name)], isProtocol: true))
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { frames.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // `extension Feed.Section` reopens that path: its nested enums are `Feed.Section.X`.
        let written = node.extendedType.trimmedDescription
        let path = Self.dottedPath(String(written.prefix { $0 != "<" }))
        frames.append(TypeFrame(names: path ?? [written]))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { frames.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = Self.identifier(node.name)
        let inherited = node.inheritanceClause?.inheritedTypes.map { Self.stripSwift($0.type.trimmedDescription) } ?? []
        let rawType = inherited.first.flatMap { Self.rawTypes.contains($0) ? $0 : nil }
        facts.enums.append(EnumFact(path: scope + [name], rawType: rawType, isCodingKey: inherited.contains("CodingKey")))
        frames.append(TypeFrame(names: [name], enumIndex: facts.enums.count - 1))
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { frames.removeLast() }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { bindings.append([:]); return .visitChildren }
    override func visitPost(_ node: CodeBlockSyntax) { bindings.removeLast() }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { bindings.append([:]); return .visitChildren }
    override func visitPost(_ node: ClosureExprSyntax) { bindings.removeLast() }

    private func push(_ name: TokenSyntax) { frames.append(TypeFrame(names: [Self.identifier(name)])) }

    // MARK: Declarations

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements {
            let name = Self.identifier(element.name)
            guard !name.isEmpty else { continue }
            // Every case name, as the line-based miner had it: the raw value of a `String` enum
            // or coding key when it has none of its own, and the JSON key of an enum with
            // associated values under synthesized `Codable`.
            facts.keys.insert(name)
            facts.strings.insert(name)
            let raw = element.rawValue.flatMap { Self.stringValue($0.value) }
            if let index = frames.last?.enumIndex {
                facts.enums[index].cases.append(.init(name: name, rawString: raw, hasAssociatedValues: element.parameterClause != nil))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = Self.typeRef(node.initializer.value) {
            facts.typealiases.append(TypealiasFact(path: scope + [Self.identifier(node.name)], type: type))
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Only a type's stored, per-instance properties are payload fields; locals are read via
        // what they are bound to (below), and protocols only declare requirements.
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let frame = frames.last, !frame.isProtocol else { return .visitChildren }
        if node.modifiers.contains(where: { $0.name.text == "static" }) {
            staticInstances(node, of: frame)
            return .visitChildren
        }
        let skipped: Set<String> = ["class", "lazy", "weak", "unowned"]
        if node.modifiers.contains(where: { skipped.contains($0.name.text) }) { return .visitChildren }
        // `let a, b: Int`: a binding without a type takes the next one's.
        var type: TypeRef?
        var annotated = false
        for binding in node.bindings.reversed() {
            if let annotation = binding.typeAnnotation { type = Self.typeRef(annotation.type); annotated = true }
            guard annotated, !Self.isComputed(binding), let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = Self.identifier(pattern.identifier)
            guard !name.isEmpty else { continue }
            facts.keys.insert(name)
            facts.keys.insert(Self.snakeCase(name))
            if let type { facts.properties.append(PropertyFact(name: name, type: type, scope: scope)) }
        }
        return .visitChildren
    }

    /// `static let banner = ViewType(rawValue: "banner")` (or `: Self = "banner"`): a
    /// `RawRepresentable` struct used as an open enum, whose values are these literals.
    private func staticInstances(_ node: VariableDeclSyntax, of frame: TypeFrame) {
        guard let typeName = frame.names.last else { return }
        let selfNames: Set<String> = ["Self", typeName, ".init", "Self.init", typeName + ".init"]
        for binding in node.bindings {
            guard let value = binding.initializer?.value else { continue }
            let annotated = binding.typeAnnotation.map { selfNames.contains($0.type.trimmedDescription) } ?? false
            var literal: String?
            if annotated { literal = Self.stringValue(value) }
            if let call = value.as(FunctionCallExprSyntax.self), selfNames.contains(call.calledExpression.trimmedDescription),
               call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "rawValue" {
                literal = Self.stringValue(argument.expression)
            }
            if let literal { addPair(.singleValue(scope: scope), .literal(literal)) }
            // `static let viewType = "progress_bar"`: the kind this type is built for (a registry
            // keyed by `T.viewType` maps it back to `T`).
            if let pattern = binding.pattern.as(IdentifierPatternSyntax.self), FuzzDictionary.isDiscriminator(Self.identifier(pattern.identifier)),
               let kind = Self.stringValue(value) {
                facts.kindTypes.append(KindTypeFact(kind: .value(.literal(kind)), discriminator: nil, types: [scope.joined(separator: ".")], scope: scope))
            }
        }
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        let isMember = node.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true
        guard !isMember, let pattern = node.pattern.as(IdentifierPatternSyntax.self) else { return .visitChildren }
        let name = Self.identifier(pattern.identifier)
        if let value = node.initializer?.value {
            bind(name, to: value)
        } else if !name.isEmpty {
            bindings[bindings.count - 1][name] = .local
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        // `if let kind` alone rebinds the outer `kind`: nothing changes.
        if let pattern = node.pattern.as(IdentifierPatternSyntax.self), let value = node.initializer?.value {
            bind(Self.identifier(pattern.identifier), to: value)
        }
        return .visitChildren
    }

    private func bind(_ name: String, to value: ExprSyntax) {
        guard !name.isEmpty else { return }
        bindings[bindings.count - 1][name] = keyOf(value).map { .key($0) } ?? .local
    }

    /// `type = try c.decode(String.self, forKey: .type)`: the binding of the block that
    /// declared `type`, which may be outside the `do { }` assigning it.
    private func assign(_ name: String, _ key: KeyRef?) {
        guard !name.isEmpty, let key else { return }
        let index = bindings.lastIndex { $0[name] != nil } ?? bindings.count - 1
        bindings[index][name] = .key(key)
    }

    // MARK: Literals

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let value = Self.stringValue(ExprSyntax(node)), Self.isToken(value), !isMessageArgument(node) {
            facts.strings.insert(value)
        }
        // An interpolation may hold literals of its own: `"\(d["kind"] ?? "none")"`.
        return .visitChildren
    }

    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        for example in RegexExamples.examples(node.regex.text) { facts.strings.insert(example) }
        return .visitChildren
    }

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let digits = node.literal.text.filter { $0 != "_" }
        let magnitude: UInt64? = switch digits.prefix(2) {
        case "0x": UInt64(digits.dropFirst(2), radix: 16)
        case "0o": UInt64(digits.dropFirst(2), radix: 8)
        case "0b": UInt64(digits.dropFirst(2), radix: 2)
        default: UInt64(digits)
        }
        // 0 and 1 are everywhere and say nothing (the line-based miner dropped them too).
        guard let magnitude, magnitude > 1 else { return .visitChildren }
        let negative = node.parent?.as(PrefixOperatorExprSyntax.self)?.operator.text == "-"
        if negative, magnitude > UInt64(Int64.max) + 1 { return .visitChildren }
        facts.numbers.insert((negative ? "-" : "") + String(magnitude))
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        // `@available(iOS, deprecated: 16, message: "…")` says nothing about payloads; other
        // attributes may (`@CodingKey("view_type")` in Codable macro libraries).
        node.attributeName.trimmedDescription == "available" ? .skipChildren : .visitChildren
    }

    /// `print("…")`, `fatalError("…")`: a message for people, never compared with a payload.
    private func isMessageArgument(_ node: StringLiteralExprSyntax) -> Bool {
        guard let call = node.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
              let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return false }
        return Self.messageFunctions.contains(callee.baseName.text)
    }

    // MARK: Relations

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        // The parser leaves operators unfolded (folding needs SwiftOperators): an operand of
        // `==` is the run of elements up to the nearest operator of comparison precedence or lower.
        let elements = Array(node.elements)
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), let target = elements[0].as(DeclReferenceExprSyntax.self) {
            assign(Self.identifier(target.baseName), keyOf(Array(elements.dropFirst(2))))
        }
        for (i, element) in elements.enumerated() {
            if let op = element.as(BinaryOperatorExprSyntax.self), op.operator.text == "==" || op.operator.text == "!=" {
                let left = Self.operand(elements, endingBefore: i), right = Self.operand(elements, startingAfter: i)
                if let value = value(right), let key = keyOf(left) { addPair(key, value) }
                if let value = value(left), let key = keyOf(right) { addPair(key, value) }
            }
            // `d["rows"] as? Int`: the key's JSON type.
            if element.is(UnresolvedAsExprSyntax.self), i > 0, i + 1 < elements.count,
               let type = elements[i + 1].as(TypeExprSyntax.self).flatMap({ Self.typeRef($0.type) }),
               let key = keyOf(elements[i - 1]), Self.isPayloadRead(key) {
                facts.keyTypes.append(KeyTypeFact(key: key, type: type, scope: scope, viaRawValue: false))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        let subject = node.subject
        // `switch (a.kind, b.kind) { case ("x", "y"): … }` pairs position by position.
        let tuple = subject.as(TupleExprSyntax.self).map { Array($0.elements) } ?? []
        let subjectKeys: [KeyRef?] = tuple.count > 1 ? tuple.map { keyOf($0.expression) } : [keyOf(subject)]
        guard subjectKeys.contains(where: { $0 != nil }) else { return .visitChildren }
        for item in node.cases {
            guard let label = item.as(SwitchCaseSyntax.self)?.label.as(SwitchCaseLabelSyntax.self) else { continue }
            for caseItem in label.caseItems {
                guard let pattern = caseItem.pattern.as(ExpressionPatternSyntax.self)?.expression else { continue }
                let parts: [ExprSyntax]
                if subjectKeys.count > 1, let t = pattern.as(TupleExprSyntax.self), t.elements.count == subjectKeys.count {
                    parts = t.elements.map(\.expression)
                } else {
                    parts = [pattern]
                }
                for (key, part) in zip(subjectKeys, parts) {
                    if let key, let value = value(part) { addPair(key, value) }
                }
            }
            if subjectKeys.count == 1, let switchCase = item.as(SwitchCaseSyntax.self) {
                kindTypes(of: label, body: Syntax(switchCase.statements), discriminator: subjectKeys[0])
            }
        }
        return .visitChildren
    }

    /// The types a `switch` case builds for the kinds of its label (``KindTypeFact``).
    private func kindTypes(of label: SwitchCaseLabelSyntax, body: Syntax, discriminator: KeyRef?) {
        let types = BuiltTypeFinder.types(in: body)
        guard !types.isEmpty else { return }
        for caseItem in label.caseItems {
            guard let pattern = caseItem.pattern.as(ExpressionPatternSyntax.self)?.expression else { continue }
            if let value = value(pattern) {
                facts.kindTypes.append(KindTypeFact(kind: .value(value), discriminator: discriminator, types: types, scope: scope))
            } else if let member = pattern.as(MemberAccessExprSyntax.self), member.base == nil {
                let name = Self.identifier(member.declName.baseName)
                facts.kindTypes.append(KindTypeFact(kind: .caseName(name), discriminator: discriminator, types: types, scope: scope))
            }
        }
    }

    override func visit(_ node: MatchingPatternConditionSyntax) -> SyntaxVisitorContinueKind {
        // `if case "promo" = item.kind`
        if let pattern = node.pattern.as(ExpressionPatternSyntax.self)?.expression, let value = value(pattern),
           let key = keyOf(node.initializer.value) {
            addPair(key, value)
        }
        return .visitChildren
    }

    override func visit(_ node: DictionaryExprSyntax) -> SyntaxVisitorContinueKind {
        // `["type": "navigate", "destination": …]`: a payload written by an encoder or a fixture.
        guard case .elements(let elements) = node.content else { return .visitChildren }
        for element in elements {
            guard let key = Self.stringValue(element.key) else { continue }
            // `["banner": BannerView.self]`: a registry of kinds, not a payload.
            if let type = Self.metatype(element.value) {
                facts.kindTypes.append(KindTypeFact(kind: .value(.literal(key)), discriminator: nil, types: [type.name], scope: scope))
                continue
            }
            facts.keyReads.insert(.json(key))
            if let value = value([element.value]) { addPair(.json(key), value) }
        }
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        if case .json(let key)? = keyOf(ExprSyntax(node)) {
            facts.keyReads.insert(.json(key))
            // The object it is read from came from a key of its own (a binding or a subscript
            // chain): not a variable merely named like one.
            if let parent = keyOf(node.calledExpression), Self.isPayloadRead(parent) {
                facts.nestedKeys.append(NestedKeyFact(parent: parent, child: key))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let arguments = Array(node.arguments)
        let member = node.calledExpression.as(MemberAccessExprSyntax.self)
        let method = member?.declName.baseName.text
        registration(node, arguments: arguments)

        // Keyed containers: `decode(T.self, forKey: .k)`, `nestedUnkeyedContainer(forKey: .k)`, `encode(x, forKey: .k)`.
        if let forKey = arguments.first(where: { $0.label?.text == "forKey" }), let name = Self.caseName(forKey.expression) {
            let key = KeyRef.codingKey(name, scope: scope)
            facts.keyReads.insert(key)
            switch method {
            case "decode", "decodeIfPresent":
                if let first = arguments.first, first.label == nil, let type = Self.metatype(first.expression) {
                    facts.keyTypes.append(KeyTypeFact(key: key, type: type, scope: scope, viaRawValue: false))
                }
            case "nestedContainer": facts.keyJSONTypes.append(KeyJSONTypeFact(key: key, jsonType: "object"))
            case "nestedUnkeyedContainer": facts.keyJSONTypes.append(KeyJSONTypeFact(key: key, jsonType: "array"))
            case "encode", "encodeIfPresent":
                if let first = arguments.first, first.label == nil, let value = value([first.expression]) { addPair(key, value) }
            default: break
            }
        } else if arguments.count >= 2, arguments[0].label == nil, arguments[1].label == nil,
                  let type = Self.metatype(arguments[0].expression),
                  let member = arguments[1].expression.as(MemberAccessExprSyntax.self), member.base == nil {
            // A project's own wrapper, `c.lenient(Style.self, .style, …)`: a key read if `.style`
            // turns out to be a coding key.
            let key = KeyRef.codingKey(Self.identifier(member.declName.baseName), scope: scope, declared: true)
            facts.keyReads.insert(key)
            facts.keyTypes.append(KeyTypeFact(key: key, type: type, scope: scope, viaRawValue: false))
        }

        // `Kind(rawValue: raw)`: the key `raw` was read from holds Kind's raw values.
        if arguments.count == 1, arguments[0].label?.text == "rawValue", let type = Self.calledTypeName(node.calledExpression),
           let key = keyOf(arguments[0].expression) {
            facts.keyTypes.append(KeyTypeFact(key: key, type: TypeRef(name: type, shape: .scalar), scope: scope, viaRawValue: true))
        }

        if let member, let method, arguments.count == 1 {
            let argument = arguments[0]
            // `["banner", "hero"].contains(item.kind)`
            if method == "contains", argument.label == nil, let array = member.base?.as(ArrayExprSyntax.self),
               let key = keyOf(argument.expression) {
                for element in array.elements { if let value = value([element.expression]) { addPair(key, value) } }
            }
            // `deeplink.firstMatch(of: /^app:\/\/product\/(\d+)$/)`: values the pattern matches.
            if let regex = argument.expression.as(RegexLiteralExprSyntax.self), let base = member.base, let key = keyOf(base),
               ["firstMatch", "wholeMatch", "prefixMatch", "contains", "starts", "matches", "ranges", "split"].contains(method) {
                for example in RegexExamples.examples(regex.regex.text) { addPair(key, .literal(example)) }
            }
            // `item.kind.hasPrefix("promo_")`: a value with that prefix reaches the branch.
            if ["hasPrefix", "hasSuffix", "contains", "starts"].contains(method), argument.label == nil || argument.label?.text == "with",
               let literal = Self.stringValue(argument.expression), let base = member.base, !base.is(ArrayExprSyntax.self),
               let key = keyOf(base) {
                addPair(key, .literal(literal))
            }
        }
        return .visitChildren
    }

    /// Argument labels a registration call names its key with; unlabelled literals count too.
    static let registrationLabels: Set<String> = ["for", "forType", "named", "name", "type", "kind", "identifier", "id", "key", "typeName"]

    /// `registry.register("label") { props in … }`, `register(Banner.self, for: "banner")`,
    /// `registerComponent(type: "hero", …)`: a string → factory registry. Nothing in the syntax
    /// ties the name to the key it is looked up by (`makeComponent(named: node["component"])`
    /// goes through a dictionary at run time), so the names are kept apart and paired with the
    /// decoder's discriminator keys at the end.
    private func registration(_ node: FunctionCallExprSyntax, arguments: [LabeledExprSyntax]) {
        let called = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
            ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName
        guard let called, Self.identifier(called).lowercased().hasPrefix("register") else { return }
        var names: [String] = []
        for argument in arguments where argument.label.map({ Self.registrationLabels.contains($0.text) }) ?? true {
            if let name = Self.stringValue(argument.expression), !name.isEmpty { facts.registeredNames.insert(name); names.append(name) }
        }
        // The type registered for the name: `Banner.self` among the arguments, or what the
        // factory closure builds.
        let types = BuiltTypeFinder.types(in: Syntax(node))
        for name in names where !types.isEmpty {
            facts.kindTypes.append(KindTypeFact(kind: .value(.literal(name)), discriminator: nil, types: types, scope: scope))
        }
    }

    private func addPair(_ key: KeyRef, _ value: ValueRef) {
        facts.pairs.append(PairFact(key: key, value: value))
    }

    /// A string the code writes: a literal, or a `String` enum's case (`Kind.text.rawValue`).
    private func value(_ elements: [ExprSyntax]) -> ValueRef? {
        guard elements.count == 1 else { return nil }
        return value(elements[0])
    }

    private func value(_ expr: ExprSyntax) -> ValueRef? {
        if let literal = Self.stringValue(expr) { return .literal(literal) }
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
              let enumCase = member.base?.as(MemberAccessExprSyntax.self), let typeExpr = enumCase.base,
              let type = Self.dottedPath(typeExpr.trimmedDescription), type.last?.first?.isUppercase == true else { return nil }
        return .enumCase(type: type.joined(separator: "."), name: Self.identifier(enumCase.declName.baseName), scope: scope)
    }

    // MARK: Which key an expression reads

    /// The key whose value `expr` is, looking through casts, `??`, `try`, optional chaining,
    /// `.rawValue` and case changes; nil when it is not a value read from a key.
    private func keyOf(_ expr: ExprSyntax) -> KeyRef? {
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self) {
            let arguments = subscriptCall.arguments
            guard arguments.count == 1, let first = arguments.first, first.label == nil,
                  let key = Self.stringValue(first.expression) else { return nil }
            return .json(key)
        }
        if let e = expr.as(TryExprSyntax.self) { return keyOf(e.expression) }
        if let e = expr.as(AwaitExprSyntax.self) { return keyOf(e.expression) }
        if let e = expr.as(ForceUnwrapExprSyntax.self) { return keyOf(e.expression) }
        if let e = expr.as(OptionalChainingExprSyntax.self) { return keyOf(e.expression) }
        if let e = expr.as(TupleExprSyntax.self) {
            guard e.elements.count == 1, let only = e.elements.first, only.label == nil else { return nil }
            return keyOf(only.expression)
        }
        if let e = expr.as(SequenceExprSyntax.self) { return keyOf(Array(e.elements)) }
        if let e = expr.as(MemberAccessExprSyntax.self) {
            let name = Self.identifier(e.declName.baseName)
            guard let base = e.base else { return nil }   // `.banner`: an enum case, not a read
            if Self.transparentMembers.contains(name) { return keyOf(base) }
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
                return nil   // `Kind.banner`, `Int.max`
            }
            // Only `self.x` is known to be the enclosing type's property (for `CodingKeys` renames).
            let isSelf = base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            return .name(name, scope: isSelf ? scope : [])
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let method = member.declName.baseName.text
            let arguments = Array(call.arguments)
            if method == "decode" || method == "decodeIfPresent" {
                if let forKey = arguments.first(where: { $0.label?.text == "forKey" }) {
                    return Self.caseName(forKey.expression).map { .codingKey($0, scope: scope) }
                }
                if arguments.count == 1, arguments[0].label == nil { return .singleValue(scope: scope) }
                return nil
            }
            if Self.transparentMethods.contains(method), let base = member.base { return keyOf(base) }
            return nil
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = Self.identifier(reference.baseName)
            // `$0` names no key; `Kind` is a type.
            guard !name.isEmpty, name != "self", name.first != "$", name.first?.isUppercase != true else { return nil }
            search: for scope in bindings.reversed() {
                switch scope[name] {
                case .key(let key)?: return key
                case .local?: break search
                case nil: continue
                }
            }
            // A parameter, property or local of other origin: named like the key it holds, as
            // often as not (`version == "5.2.0-beta"`); a pair at a key no payload has is inert.
            return .name(name, scope: self.scope)
        }
        return nil
    }

    /// An operand that is a run of elements: a key read only through `as`-casts and `??`.
    private func keyOf(_ elements: [ExprSyntax]) -> KeyRef? {
        guard let first = elements.first else { return nil }
        var i = 1
        while i < elements.count {
            let element = elements[i]
            let isCoalescing = element.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
            guard element.is(UnresolvedAsExprSyntax.self) || isCoalescing else { return nil }
            i += 2
        }
        return keyOf(first)
    }

    // MARK: Helpers

    static let rawTypes: Set<String> = ["String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64",
                                        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float"]
    static let messageFunctions: Set<String> = ["print", "debugPrint", "fatalError", "precondition", "preconditionFailure",
                                                "assert", "assertionFailure", "NSLog"]
    /// Members and methods whose result is the same payload value in other clothes.
    static let transparentMembers: Set<String> = ["rawValue", "description", "stringValue"]
    static let transparentMethods: Set<String> = ["lowercased", "uppercased", "trimmingCharacters", "capitalized"]

    /// A key a payload was read through: a name alone may be any variable, too weak to type it.
    static func isPayloadRead(_ key: KeyRef) -> Bool {
        switch key {
        case .json, .codingKey: true
        case .name, .singleValue: false
        }
    }

    static func identifier(_ token: TokenSyntax) -> String {
        var text = token.text
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        return text
    }

    /// A string literal's value, nil for interpolated and multi-line ones: those are texts for
    /// people or templates, not values a decoder compares with.
    static func stringValue(_ expr: ExprSyntax) -> String? {
        guard let literal = expr.as(StringLiteralExprSyntax.self), literal.openingQuote.tokenKind != .multilineStringQuote else { return nil }
        return literal.representedLiteralValue
    }

    static func literal(_ elements: [ExprSyntax]) -> String? {
        elements.count == 1 ? stringValue(elements[0]) : nil
    }

    /// Operators that end an operand of `==`: those of comparison precedence or lower.
    static func endsOperand(_ element: ExprSyntax) -> Bool {
        if element.is(AssignmentExprSyntax.self) || element.is(UnresolvedTernaryExprSyntax.self) { return true }
        guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return ["==", "!=", "<", "<=", ">", ">=", "===", "!==", "~=", "&&", "||"].contains(op)
            || (op.hasSuffix("=") && op != "==")   // compound assignment
    }

    static func operand(_ elements: [ExprSyntax], endingBefore index: Int) -> [ExprSyntax] {
        var start = index
        while start > 0, !endsOperand(elements[start - 1]) { start -= 1 }
        return Array(elements[start..<index])
    }

    static func operand(_ elements: [ExprSyntax], startingAfter index: Int) -> [ExprSyntax] {
        var end = index + 1
        while end < elements.count, !endsOperand(elements[end]) { end += 1 }
        return Array(elements[(index + 1)..<end])
    }

    /// `.kind` or `CodingKeys.kind`.
    static func caseName(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
        let name = identifier(member.declName.baseName)
        return name.isEmpty ? nil : name
    }

    /// The type a `Kind(rawValue:)` or `Feed.Kind.init(rawValue:)` call builds.
    static func calledTypeName(_ expr: ExprSyntax) -> String? {
        var text = expr.trimmedDescription
        if text.hasSuffix(".init") { text.removeLast(5) }
        guard let path = dottedPath(text), path.last?.first?.isUppercase == true else { return nil }
        return stripSwift(path.joined(separator: "."))
    }

    /// `T.self` in `decode(T.self, forKey:)`, written as an expression.
    static func metatype(_ expr: ExprSyntax) -> TypeRef? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self", let base = member.base else { return nil }
        return typeRef(expression: base)
    }

    static func typeRef(expression expr: ExprSyntax) -> TypeRef? {
        if let e = expr.as(TypeExprSyntax.self) { return typeRef(e.type) }
        if let e = expr.as(OptionalChainingExprSyntax.self) { return typeRef(expression: e.expression) }
        if let e = expr.as(ForceUnwrapExprSyntax.self) { return typeRef(expression: e.expression) }
        if let e = expr.as(ArrayExprSyntax.self), let element = e.elements.first?.expression {
            return typeRef(expression: element).map { TypeRef(name: $0.name, shape: .array) }
        }
        if let e = expr.as(DictionaryExprSyntax.self), case .elements(let elements) = e.content, let value = elements.first?.value {
            return typeRef(expression: value).map { TypeRef(name: $0.name, shape: .dictionary) }
        }
        if let e = expr.as(GenericSpecializationExprSyntax.self) {
            let arguments = e.genericArgumentClause.arguments.compactMap(genericArgumentType)
            return generic(e.expression.trimmedDescription, arguments)
        }
        guard let path = dottedPath(expr.trimmedDescription) else { return nil }
        return TypeRef(name: stripSwift(path.joined(separator: ".")), shape: .scalar)
    }

    /// A type reduced to its JSON shape and the name of what it holds.
    static func typeRef(_ type: TypeSyntax) -> TypeRef? {
        if let t = type.as(OptionalTypeSyntax.self) { return typeRef(t.wrappedType) }
        if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeRef(t.wrappedType) }
        if let t = type.as(AttributedTypeSyntax.self) { return typeRef(t.baseType) }
        if let t = type.as(ArrayTypeSyntax.self) { return typeRef(t.element).map { TypeRef(name: $0.name, shape: .array) } }
        if let t = type.as(DictionaryTypeSyntax.self) { return typeRef(t.value).map { TypeRef(name: $0.name, shape: .dictionary) } }
        if let t = type.as(TupleTypeSyntax.self) {
            guard t.elements.count == 1, let only = t.elements.first else { return nil }
            return typeRef(only.type)
        }
        if let t = type.as(IdentifierTypeSyntax.self) {
            let arguments = t.genericArgumentClause?.arguments.compactMap(genericArgumentType) ?? []
            return generic(identifier(t.name), arguments)
        }
        if let t = type.as(MemberTypeSyntax.self) {
            let arguments = t.genericArgumentClause?.arguments.compactMap(genericArgumentType) ?? []
            let base = t.baseType.trimmedDescription
            guard let path = dottedPath(base) else { return nil }
            return generic(stripSwift((path + [identifier(t.name)]).joined(separator: ".")), arguments)
        }
        return nil
    }

    /// A generic argument's type. Read through the node's children: swift-syntax 601 turned
    /// `GenericArgumentSyntax.argument` from a type into a type-or-expression enum.
    static func genericArgumentType(_ argument: GenericArgumentSyntax) -> TypeRef? {
        for child in argument.children(viewMode: .sourceAccurate) {
            if let type = child.as(TypeSyntax.self) { return typeRef(type) }
        }
        return nil
    }

    static func generic(_ name: String, _ arguments: [TypeRef]) -> TypeRef? {
        switch stripSwift(name) {
        case "Optional": return arguments.first
        case "Array", "ContiguousArray", "Set": return arguments.first.map { TypeRef(name: $0.name, shape: .array) }
        case "Dictionary": return arguments.last.map { TypeRef(name: $0.name, shape: .dictionary) }
        default: return TypeRef(name: stripSwift(name), shape: .scalar)
        }
    }

    /// `Feed.Kind` → ["Feed", "Kind"]; nil for anything that is not a plain dotted name.
    static func dottedPath(_ text: String) -> [String]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ part in
            !part.isEmpty && part.first.map { $0.isLetter || $0 == "_" } == true && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }) else { return nil }
        return parts
    }

    static func stripSwift(_ name: String) -> String {
        name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
    }

    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            // Observers alone (`didSet`) keep a property stored.
            return accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }

    /// A literal worth a dictionary entry: short, printable, not a sentence.
    static func isToken(_ s: String) -> Bool {
        guard !s.isEmpty, s.utf8.count <= 64 else { return false }
        if s.unicodeScalars.contains(where: { $0.value < 0x20 }) { return false }
        let words = s.split(separator: " ").count
        return words <= 2 || s.utf8.count <= 20
    }

    /// `pageSize` → `page_size`, as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` reads it.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { if !out.isEmpty { out.append("_") }; out.append(contentsOf: c.lowercased()) } else { out.append(c) }
        }
        return out
    }
}

/// The types a piece of code builds or hands on as metatypes: `T(from: decoder)`, `T.init(…)`,
/// `T.self` (`decode(T.self, forKey:)`, `componentType = T.self`). Capitalised names only: a
/// lower-case call is a function or an enum case (`.flashSale(…)`).
final class BuiltTypeFinder: SyntaxVisitor {
    private var found: [String] = []

    static func types(in node: Syntax) -> [String] {
        let finder = BuiltTypeFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        var seen = Set<String>()
        return finder.found.filter { seen.insert($0).inserted }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SourceFactCollector.calledTypeName(node.calledExpression), !Self.ignored.contains(name) { found.append(name) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let type = SourceFactCollector.metatype(ExprSyntax(node)), type.name.first?.isUppercase == true, !Self.ignored.contains(type.name) {
            found.append(type.name)
        }
        return .visitChildren
    }

    /// Types that are never a component's model.
    static let ignored: Set<String> = ["String", "Int", "Double", "Float", "Bool", "URL", "Date", "Data", "UUID", "CGFloat",
                                       "Array", "Dictionary", "Set", "Optional", "Self", "DecodingError", "EncodingError", "AnyView",
                                       "JSONDecoder", "JSONEncoder", "Decimal", "NSNumber", "Character", "Substring"]
}
