import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Widget("banner")`: gives a widget its wire name and the factory the registry calls.
public struct WidgetMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard case .argumentList(let arguments) = node.arguments,
              let kind = arguments.first?.expression.as(StringLiteralExprSyntax.self) else {
            throw WidgetMacroError.missingKind
        }
        // The members meet a public protocol's requirements when the widget is public.
        let access = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
        return [
            "\(raw: access)static let kind: String = \(kind)",
            "\(raw: access)static func make(from decoder: any Decoder) throws -> any Widget { try Self(from: decoder) }",
        ]
    }
}

enum WidgetMacroError: Error, CustomStringConvertible {
    case missingKind
    case noTypes

    var description: String {
        switch self {
        case .missingKind: "@Widget needs the widget's kind: @Widget(\"banner\")"
        case .noTypes: "#widgetRegistry needs at least one widget type"
        }
    }
}
