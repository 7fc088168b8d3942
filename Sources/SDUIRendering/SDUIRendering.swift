// Deprecated alias: the SDUIRendering product was renamed SDUIPlugIn (0.1.0). Kept so that an
// existing `.product(name: "SDUIRendering", …)` and `import SDUIRendering` still build; depend on
// SDUIPlugIn instead (see CHANGELOG.md).
#warning("SDUIRendering is deprecated: depend on the SDUIPlugIn product and import SDUIPlugIn")
@_exported import SDUIPlugIn
