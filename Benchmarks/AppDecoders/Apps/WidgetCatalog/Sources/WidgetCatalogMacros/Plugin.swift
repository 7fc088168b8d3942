import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct WidgetCatalogPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        WidgetMacro.self,
        WidgetRegistryMacro.self,
    ]
}
