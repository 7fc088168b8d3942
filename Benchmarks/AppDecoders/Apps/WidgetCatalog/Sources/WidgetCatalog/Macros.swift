/// Gives a widget its wire name (`static let kind`) and the factory the registry calls (`make(from:)`).
@attached(member, names: named(kind), named(make))
public macro Widget(_ kind: String) = #externalMacro(module: "WidgetCatalogMacros", type: "WidgetMacro")

/// The registry of the widget types given: kind → factory.
@freestanding(expression)
public macro widgetRegistry(_ types: any Widget.Type...) -> [String: @Sendable (any Decoder) throws -> any Widget] =
    #externalMacro(module: "WidgetCatalogMacros", type: "WidgetRegistryMacro")
