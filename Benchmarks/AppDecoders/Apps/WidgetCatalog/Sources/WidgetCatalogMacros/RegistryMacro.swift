import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#widgetRegistry(Banner.self, Countdown.self)` → `[Banner.kind: Banner.make, Countdown.kind: Countdown.make]`.
public struct WidgetRegistryMacro: ExpressionMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> ExprSyntax {
        let types = node.arguments.compactMap { argument -> String? in
            guard let member = argument.expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
            return base.trimmedDescription
        }
        guard !types.isEmpty else { throw WidgetMacroError.noTypes }
        let entries = types.map { "\($0).kind: \($0).make" }.joined(separator: ", ")
        return "[\(raw: entries)]"
    }
}
