import Foundation
import SDUIDecoderSlice
import SDUIPlatform
import SDUIPlatformProcesses
import XCTest

/// Traits of real decoders the slice handles: macro targets of the package, conformances that
/// pruning breaks, decode calls that share a name with unrelated code, causes that lie rounds back,
/// and hints that must not point at test doubles.
final class SliceTraitTests: XCTestCase {
    func work() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slice-traits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func slicer(_ sources: [String], _ expression: String, work: String) -> DecoderSlicer {
        DecoderSlicer(location: DecoderLocation(sources: sources, moduleName: "App", decodeExpression: expression),
                      standInsFolder: HarnessCheckout.standIns, workFolder: work, os: .linux)
    }

    /// A macro target of the package given with the models: its files leave the module, it is
    /// built as a compiler plug-in, and the models' `@Kind("banner")` expands, on the decode path.
    func testAMacroTargetIsBuiltAsAPlugInAndExpands() throws {
        let dir = try work()
        try write("""
        import SwiftCompilerPlugin
        import SwiftSyntax
        import SwiftSyntaxMacros

        public struct KindMacro: MemberMacro {
            public static func expansion(of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
                                         conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext) throws -> [DeclSyntax] {
                guard case .argumentList(let arguments) = node.arguments, let kind = arguments.first?.expression else { return [] }
                return ["static let kind: String = \\(kind)"]
            }
        }

        @main struct Plugin: CompilerPlugin {
            let providingMacros: [any Macro.Type] = [KindMacro.self]
        }

        """, dir + "/Sources/AppMacros/KindMacro.swift")
        try write("""
        import Foundation

        @attached(member, names: named(kind))
        macro Kind(_ kind: String) = #externalMacro(module: "AppMacros", type: "KindMacro")

        @Kind("banner")
        struct Banner: Decodable {
            let title: String
            static func parse(_ data: Data) throws -> String {
                let banner = try JSONDecoder().decode(Banner.self, from: data)
                return Banner.kind + ":" + banner.title
            }
        }

        """, dir + "/Sources/App/Banner.swift")
        let slice = try slicer([dir + "/Sources/App", dir + "/Sources/AppMacros"], "try Banner.parse(data)", work: dir + "/work").slice()
        let notes = slice.notes.map { $0.text(relativeTo: dir + "/Sources") }
        XCTAssertTrue(notes.contains { $0.hasPrefix("App/Banner.swift:3: macro built `macro Kind` (its module AppMacros (1 file(s)) built as a compiler plug-in") },
                      notes.joined(separator: "\n"))
        XCTAssertTrue(slice.leftOut.isEmpty, "\(slice.leftOut)")
        XCTAssertEqual(slice.files.map(\.relativePath), ["Banner.swift"], "the macro's files are not the module's")
        XCTAssertEqual(slice.macroPlugins.map(\.module), ["AppMacros"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: slice.macroPlugins[0].library))
        XCTAssertEqual(slice.macroPlugins[0].compilerArguments, ["-load-plugin-library", slice.macroPlugins[0].library])
    }

    /// An Objective-C-runtime action manager conforming to a protocol beside the models: the
    /// members that need the runtime go, then the conformance they broke, not the type; a generic
    /// call that needed the conformance goes with its function; the decode path stays.
    func testAConformancePruningBreaksIsDroppedAndTheTypeKept() throws {
        let dir = try work()
        try write("""
        import Foundation

        protocol ActionHandling: AnyObject {
            func handle(_ name: String)
        }

        final class ActionManager: NSObject, ActionHandling {
            static let shared = ActionManager()
            var handled = 0

            func handle(_ name: String) {
                _ = perform(NSSelectorFromString(name + ":"), with: nil)
            }
        }

        final class ActionSession {
            var handlers: [any ActionHandling] = []
            func register<Handler: ActionHandling>(_ handler: Handler) { handlers.append(handler) }
            func attachDefaults() { register(ActionManager.shared) }
        }

        struct Screen: Decodable {
            let title: String
            static func parse(_ data: Data) throws -> Screen {
                ActionManager.shared.handled += 1
                return try JSONDecoder().decode(Screen.self, from: data)
            }
        }

        """, dir + "/App/Screen.swift")
        let slice = try slicer([dir + "/App"], "try Screen.parse(data)", work: dir + "/work").slice()
        let notes = slice.notes.map { $0.text(relativeTo: dir + "/App") }
        func has(_ prefix: String) { XCTAssertTrue(notes.contains { $0.hasPrefix(prefix) }, "no \(prefix) in:\n" + notes.joined(separator: "\n")) }
        has("Screen.swift:11: left out `func handle(_ name: String)`")
        has("Screen.swift:7: dropped `ActionManager: ActionHandling` (does not compile here: type 'ActionManager' does not conform to protocol 'ActionHandling')")
        has("Screen.swift:19: left out `func attachDefaults()`")
        XCTAssertFalse(notes.contains { $0.contains("final class ActionManager") }, notes.joined(separator: "\n"))
        XCTAssertTrue(slice.files[0].text.contains("static let shared = ActionManager()"))
    }

    /// The decode expression calls `Screen.resolve`; an image helper's `resolve` that cannot
    /// compile here is another type's, so it goes and the slice does not stop on it.
    func testOnlyTheMemberTheDecodeExpressionReachesIsProtected() throws {
        let dir = try work()
        try write("""
        import Foundation

        struct Screen: Decodable {
            let title: String
            static let loader = ScreenLoader()
            static func resolve(_ data: Data) throws -> Screen { try loader.resolve(data) }
        }

        final class ScreenLoader {
            func resolve(_ data: Data) throws -> Screen { try JSONDecoder().decode(Screen.self, from: data) }
        }

        enum ImageResolver {
            static func resolve(_ name: String) -> AnyObject? {
                NSClassFromString(name).flatMap { ($0 as? NSObject.Type)?.perform(NSSelectorFromString("imageNamed:"), with: name)?.takeUnretainedValue() }
            }
        }

        """, dir + "/App/Screen.swift")
        let slice = try slicer([dir + "/App"], "try Screen.resolve(data)", work: dir + "/work").slice()
        XCTAssertEqual(slice.leftOut.map(\.line), [14], "\(slice.leftOut)")
        // Through a stored property's initializer: `Screen.loader.resolve` is ScreenLoader's.
        let other = try slicer([dir + "/App"], "try Screen.loader.resolve(data)", work: dir + "/work").slice()
        XCTAssertEqual(other.leftOut.map(\.line), [14], "\(other.leftOut)")
        // By name alone (an unknown base), every `resolve` stays protected: the error names the helper.
        XCTAssertThrowsError(try slicer([dir + "/App"], "try makeLoader().resolve(data)", work: dir + "/work").slice())
    }

    /// The decode path needs a class whose only initializer was left out, which made the class go:
    /// the error names the initializer's own error, the one to fix, not its consequences.
    func testTheErrorNamesTheFirstCauseNotItsConsequence() throws {
        let dir = try work()
        try write("""
        import Foundation

        final class ScreenCache {
            let name: String
            init() {
                name = NSStringFromSelector(NSSelectorFromString("warm"))
            }
        }

        enum Loader {
            static func load(_ data: Data) throws -> [String] {
                let cache = ScreenCache()
                return try JSONDecoder().decode([String].self, from: data) + [cache.name]
            }
        }

        """, dir + "/App/Loader.swift")
        XCTAssertThrowsError(try slicer([dir + "/App"], "try Loader.load(data)", work: dir + "/work").slice()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("Loader.swift:11: `static func load(_ data: Data) throws -> [String]` does not compile here"), text)
            XCTAssertTrue(text.contains("the first error behind it: Loader.swift:5: `init()` was left out because it does not compile here: cannot find 'NSStringFromSelector' in scope"), text)
        }
    }

    /// A hint names where the app declares a missing type, never a test double that also does.
    func testHintsNeverPointAtTestDoubles() throws {
        let dir = try work()
        try write("// swift-tools-version: 6.0\n", dir + "/Package.swift")
        try write("struct Card: Decodable {\n    let theme: Theme\n}\n", dir + "/Sources/App/Card.swift")
        try write("struct Theme: Decodable {\n    let accent: String\n}\n", dir + "/Tests/AppTests/Doubles/ThemeMock.swift")
        try write("struct Theme: Decodable {\n    let accent: String\n}\n", dir + "/Sources/AppTests/Fixtures/Theme.swift")
        let expression = "try JSONDecoder().decode(Card.self, from: data)"
        XCTAssertThrowsError(try slicer([dir + "/Sources/App"], expression, work: dir + "/work").slice()) { error in
            XCTAssertFalse("\(error)".contains("add --sources"), "\(error)")
        }
        try write("struct Theme: Decodable {\n    let accent: String\n}\n", dir + "/Sources/DesignSystem/Theme.swift")
        XCTAssertThrowsError(try slicer([dir + "/Sources/App"], expression, work: dir + "/work").slice()) { error in
            XCTAssertTrue("\(error)".contains("Theme is declared in Sources/DesignSystem/Theme.swift, outside the folders given: add --sources Sources/DesignSystem"), "\(error)")
        }
    }
}
