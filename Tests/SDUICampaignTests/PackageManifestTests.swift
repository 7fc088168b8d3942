import Foundation
import SDUIDecoderSlice
import Testing
@testable import SDUICampaign

/// A module of a package as the app's build has it, read from its manifest without resolving:
/// a dashed target name either way SwiftPM and the compiler spell it, its language mode and
/// settings, a dependency that cannot be fetched recorded rather than fatal, a path dependency's
/// sources found without resolution; `--sources` of a target's folder or an Xcode project's take
/// the same settings.
@Suite struct PackageManifestTests {
    static func package() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try PackageGraphTests.write(root, [
            "Kit/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["my-sdui-kit"])],
                dependencies: [
                    .package(url: "https://example.invalid/acme/FlexLayoutKit.git", from: "3.0.0"),
                    .package(path: "../Models"),
                ],
                targets: [
                    .target(name: "my-sdui-kit", dependencies: ["Helpers", .product(name: "FlexLayoutKit", package: "FlexLayoutKit"),
                                                                .product(name: "SharedModels", package: "Models")],
                            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .define("KIT_IOS", .when(platforms: [.iOS])),
                                            .define("KIT_LINUX", .when(platforms: [.linux])), .define("KIT_RELEASE", .when(configuration: .release))]),
                    .target(name: "Helpers", swiftSettings: [.swiftLanguageMode(.v5)]),
                ]
            )
            """,
            "Kit/Sources/my-sdui-kit/Screen.swift": "struct Screen: Decodable {}\n",
            "Kit/Sources/Helpers/Helper.swift": "struct Helper {}\n",
            "Models/Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Models", products: [.library(name: "SharedModels", targets: ["SharedModels"])],
                                  targets: [.target(name: "SharedModels")])
            """,
            "Models/Sources/SharedModels/Money.swift": "public struct Money: Decodable { public let cents: Int }\n",
        ])
        return root
    }

    @Test func aDashedModuleWithItsSettingsAndAnUnfetchableDependency() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let kit = root.appendingPathComponent("Kit").path
        for name in ["my-sdui-kit", "my_sdui_kit"] {
            let module = try PackageGraph(packageRoot: kit).decoderModule(named: name)
            #expect(module.moduleName == "my_sdui_kit")
            #expect(module.folders.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == ["Helpers", "my-sdui-kit"])
            #expect(module.settings.languageMode == "6")
            #expect(module.settings.upcomingFeatures == ["ExistentialAny"])
            #expect(module.settings.defines == ["KIT_IOS"])  // the app's (iOS, debug) build: not Linux's, not release's
            #expect(module.settings.origin?.line == 11)
            #expect(module.unavailable.map(\.package) == ["flexlayoutkit"])
            let dependency = try #require(module.unavailable.first)
            #expect(dependency.location == "https://example.invalid/acme/FlexLayoutKit.git")
            #expect(dependency.products == ["FlexLayoutKit"])
            #expect(dependency.line == 7)
            #expect(!dependency.reason.isEmpty)
        }
        // The path dependency's sources are found with no resolution at all (the walk the fuzz-target miner uses).
        let folders = try PackageGraph(packageRoot: kit).decoderSources(of: "Kit").map(\.target)
        #expect(folders.contains("SharedModels"))
    }

    /// A macro target the module uses comes with its folder (the slice builds it as a compiler
    /// plug-in); its own dependency (swift-syntax) is the plug-in's, never walked for the module.
    @Test func aMacroTargetComesWithTheModuleButNotItsDependencies() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("macros-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try PackageGraphTests.write(root, [
            "Package.swift": """
            // swift-tools-version: 6.0
            import CompilerPluginSupport
            import PackageDescription
            let package = Package(
                name: "Widgets",
                dependencies: [.package(url: "https://example.invalid/swiftlang/swift-syntax.git", from: "600.0.0")],
                targets: [
                    .macro(name: "WidgetMacros", dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax")]),
                    .target(name: "Widgets", dependencies: ["WidgetMacros"]),
                ]
            )
            """,
            "Sources/WidgetMacros/WidgetMacro.swift": "import SwiftSyntaxMacros\n",
            "Sources/Widgets/Banner.swift": "struct Banner: Decodable {}\n",
        ])
        let module = try PackageGraph(packageRoot: root.path).decoderModule(named: "Widgets")
        #expect(module.folders.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == ["WidgetMacros", "Widgets"])
        #expect(module.unavailable.isEmpty)
    }

    @Test func anUnknownModuleListsTheModulesThereAre() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect {
            try PackageGraph(packageRoot: root.appendingPathComponent("Kit").path).decoderModule(named: "SDUIKit")
        } throws: { error in
            "\(error)".contains("no module named SDUIKit") && "\(error)".contains("its modules: my-sdui-kit, Helpers")
        }
    }

    @Test func sourcesOfAPackageTargetOrAnXcodeProjectTakeTheirSettings() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let settings = try #require(ModuleSettingsFinder.settings(forSources: [root.appendingPathComponent("Kit/Sources/my-sdui-kit").path]))
        #expect(settings.languageMode == "6")
        #expect(settings.defines == ["KIT_IOS"])
        try PackageGraphTests.write(root, [
            "Shop/Shop.xcodeproj/project.pbxproj": """
            		buildSettings = {
            			SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;
            			SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES;
            			SWIFT_VERSION = 6.0;
            		};
            		buildSettings = {
            			SWIFT_VERSION = 6.0;
            		};
            		buildSettings = {
            			SWIFT_VERSION = 5.0;
            		};
            """,
            "Shop/Shop/Models/Screen.swift": "struct Screen {}\n",
        ])
        let xcode = try #require(ModuleSettingsFinder.settings(forSources: [root.appendingPathComponent("Shop/Shop").path]))
        #expect(xcode.languageMode == "6")
        #expect(xcode.defaultIsolation == "MainActor")
        #expect(xcode.upcomingFeatures == ["ExistentialAny"])
        #expect(xcode.origin?.line == 4)
        #expect(ModuleSettingsFinder.settings(forSources: [root.appendingPathComponent("Models/Sources/SharedModels").path])?.languageMode == "5")
    }
}
