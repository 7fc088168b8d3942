// Deprecated alias: the SDUIRender product was merged into SDUIScreen (0.1.0). Kept so that an
// existing `.product(name: "SDUIRender", …)` and `import SDUIRender` still build; depend on
// SDUIScreen instead (see CHANGELOG.md).
#warning("SDUIRender is deprecated: depend on the SDUIScreen product and import SDUIScreen")
@_exported import SDUIScreen
