// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// A fuzz build that instruments only the decoder under test (`SDUI_FUZZ_INSTRUMENT`, which `sdui fuzz
/// build` sets for a package whose manifest reads it: this one, and every generated package around a
/// plugged-in decoder): the decoder's modules get coverage and ASan, the harness's own (mutators,
/// invariant checks, outcome records) ASan only, so the harness's work is no coverage of the decoder
/// and costs no coverage callbacks. `decoder`: this package's fuzz targets, whose reference decoder
/// reads payloads and JSON through SDUIPayload and SDUIJSON; `plugged`: a generated package's, for
/// which every module here is the harness's. Unset (every other build), no setting below applies.
/// See docs/fuzzing.md, "What a fuzz build instruments".
let fuzzInstrument = ProcessInfo.processInfo.environment["SDUI_FUZZ_INSTRUMENT"].flatMap { ["decoder", "plugged"].contains($0) ? $0 : nil }
/// A module of the decoder under test: coverage and ASan, the one flag order that gives both.
let decoderUnderTest: [SwiftSetting] = fuzzInstrument != nil ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []
/// A module of the harness: ASan only (SwiftPM's `--sanitize=fuzzer` alone would give it coverage).
let harnessModule: [SwiftSetting] = fuzzInstrument != nil ? [.unsafeFlags(["-sanitize=address"])] : []
/// SDUIPayload and SDUIJSON: the reference decoder's when this package's targets are fuzzed, the
/// harness's when a plugged-in decoder is.
let readsPayloads: [SwiftSetting] = fuzzInstrument == "plugged" ? harnessModule : decoderUnderTest
/// A fuzz binary links libFuzzer and the ASan runtime.
let fuzzBinaryLink: [LinkerSetting] = fuzzInstrument != nil ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []

/// The libFuzzer targets, each `Sources/FuzzTargets/NAME/NAME.swift` (a replayer in normal builds;
/// scripts/fuzz.sh and `sdui fuzz` build them by name). What each is for, and where it runs, is
/// said by `FuzzTargetCatalog` (SDUICampaign), the one list of fuzz targets: this one only adds
/// dependencies, and FuzzTargetCatalogTests fails when the two disagree.
let fuzzTargets: KeyValuePairs<String, [Target.Dependency]> = [
    "FuzzDecode": ["SDUIFuzz", "SDUIReferenceFuzzing", "SDUIScreen"],
    "FuzzCompressed": ["SDUIFuzz", "SDUIReferenceFuzzing", "SDUIScreen"],
    "FuzzStructured": ["SDUIFuzz", "SDUIReferenceFuzzing", "SDUIScreen"],
    "FuzzViewItems": ["SDUIFuzz", "ViewItemsDecoder"],
    "FuzzPlanted": ["SDUIFuzz", "SDUIFuzzFixtures"],
    "FuzzPlantedPlain": ["SDUIFuzz", "SDUIFuzzFixtures"],
    "FuzzHang": ["SDUIFuzz", "SDUIFuzzFixtures"],
    "FuzzHog": ["SDUIFuzz", "SDUIFuzzFixtures"],
    "FuzzBare": ["SDUIFuzz", "SDUIPayload", "SDUIScreen"],
]

let package = Package(
    name: "SDUIHarness",
    // macOS runs everything; iOS (an app's unit-test target on the simulator) runs the gate's
    // assertContract and the libraries it needs — no process or fuzzing code is in that closure.
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .library(name: "SDUIPayload", targets: ["SDUIPayload"]),
        .library(name: "SDUIJSON", targets: ["SDUIJSON"]),
        .library(name: "SDUIScreen", targets: ["SDUIScreen"]),
        .library(name: "SDUIPlugIn", targets: ["SDUIPlugIn"]),
        // Deprecated aliases of renamed products (CHANGELOG.md): they re-export the new modules.
        .library(name: "SDUIRendering", targets: ["SDUIRendering"]),
        .library(name: "SDUIRender", targets: ["SDUIRender"]),
        .executable(name: "sdui", targets: ["SDUICLI"]),
        // `swift package sdui …` in a package that depends on SDUIHarness.
        .plugin(name: "SDUICommand", targets: ["SDUICommand"]),
        .executable(name: "sdui-bench", targets: ["SDUIBench"]),
        .executable(name: "sdui-fuzz-dict", targets: ["SDUIFuzzDict"]),
        .library(name: "SDUIFuzz", targets: ["SDUIFuzz"]),
        .library(name: "SDUIContract", targets: ["SDUIContract"]),
        .library(name: "SDUIContractTesting", targets: ["SDUIContractTesting"]),
        // Kept crash inputs replayed in a team's own tests (XCTest and Swift Testing).
        .library(name: "SDUIRegressionTesting", targets: ["SDUIRegressionTesting"]),
        // The sample `view_type`/`view_data` decoder, for Examples/GateClients.
        .library(name: "ViewItemsDecoder", targets: ["ViewItemsDecoder"]),
        // The fuzz targets are not products: nobody depends on them, and `sdui fuzz` builds them
        // by name (SwiftPM gives a root package's executable targets products of their own).
    ],
    // `HTTP` (on by default): `sdui contract check --base-url` and `sdui serve`, on AsyncHTTPClient and
    // SwiftNIO. `scripts/fuzz.sh` builds its first `sdui` without it (`--disable-default-traits`):
    // fuzzing needs no HTTP stack, and building one (with BoringSSL) was two thirds of a newcomer's
    // CLI build (issue 39, item 5).
    traits: [
        .trait(name: "HTTP", description: "The gate's live responses (AsyncHTTPClient) and `sdui serve` (SwiftNIO)."),
        .default(enabledTraits: ["HTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // Reading a decoder's Swift sources as Swift (the campaign runner only, never a fuzz binary).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        // `swift package sdui <subcommand>`: runs this checkout's scripts/sdui in the package's folder.
        .plugin(
            name: "SDUICommand",
            capability: .command(
                intent: .custom(verb: "sdui", description: "Fuzz your decoder, gate your app versions, reproduce crashes (sdui --help)."),
                // Writing is what every subcommand needs. Network is not asked for, so fuzzing and
                // offline gates need one flag only; on macOS the fuzz builds (swift build inside the
                // plugin) and a live gate need `--disable-sandbox` anyway (docs/your-decoder.md).
                permissions: [
                    .writeToPackageDirectory(reason: "sdui writes campaigns, goldens, kept crash inputs, init's files and its generated fuzz packages in the package's folder"),
                ]
            )
        ),
        // The system zlib (Debian: zlib1g-dev), used for inflate/deflate.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Payload bytes: encodings, sniffing, bounded streaming inflate, deflate.
        .target(name: "SDUIPayload", dependencies: ["CZlib"], swiftSettings: readsPayloads),
        // A JSON parser that never recurses, with byte offsets, plus a Codable Decoder over its values.
        .target(name: "SDUIJSON", swiftSettings: readsPayloads),
        // The plug-in point, a leaf both the fuzzer and the gate use: `DecoderUnderTest` (how a
        // team plugs its decoder in), the `Rendering` it may give (what a client shows, and its
        // canonical text: the golden file) and the frames of the render protocol.
        .target(name: "SDUIPlugIn", swiftSettings: harnessModule),
        .target(name: "SDUIRendering", dependencies: ["SDUIPlugIn"]),
        .target(name: "SDUIRender", dependencies: ["SDUIScreen"]),
        // Screen protocol v1, the reference decoder: the model, the lenient Codable decoder, the
        // encoder and its rendering (protocol §6).
        .target(name: "SDUIScreen", dependencies: ["SDUIPayload", "SDUIJSON", "SDUIPlugIn"], swiftSettings: decoderUnderTest),
        // The `sdui` command-line tool.
        .executableTarget(
            name: "SDUICLI",
            dependencies: [
                "SDUIPayload", "SDUIScreen", "SDUIPlugIn", "SDUIFuzz", "SDUICampaign", "SDUICrashAnalysis", "SDUIDecoderSlice", "SDUIScaffold", "SDUIContract",
                .target(name: "SDUIContractHTTP", condition: .when(traits: ["HTTP"])),
                .target(name: "SDUIServe", condition: .when(traits: ["HTTP"])),
                "SDUIContractProcess", "SDUIPlatform", "SDUIPlatformProcesses", "SDUILiteralMining",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fuzz harness: invariant checks, SDUI-aware mutators, corpus-learnt dictionaries, and a
        // target's replayer and render server in normal builds.
        .target(name: "SDUIFuzz", dependencies: ["SDUIPlugIn", "SDUIPlatform", "SDUIPayload", "SDUIJSON", "CSDUIFuzzEngine", "CZlib"], swiftSettings: harnessModule),
        // The fuzz engine's own C (what the harness sees of the program's coverage), beside SDUIFuzz.
        .target(name: "CSDUIFuzzEngine", dependencies: ["CSDUIPlatform"]),
        // The reference decoder as a decoder under test.
        .target(name: "SDUIReferenceFuzzing", dependencies: ["SDUIFuzz", "SDUIScreen", "SDUIPayload"], swiftSettings: decoderUnderTest),
        // A second, independent decoder (`view_type`/`view_data`, JSONDecoder) plugged in like a user's.
        .target(name: "ViewItemsDecoder", swiftSettings: decoderUnderTest),
        // Test fixtures: decoders with planted bugs.
        .target(name: "SDUIFuzzFixtures", dependencies: ["SDUIJSON", "SDUIPayload"], swiftSettings: decoderUnderTest),
        // Fuzz campaigns: build and verify fuzzers, run them, triage crashes, report.
        // (It explains crash inputs with the reference decoder too: SDUIScreen.)
        .target(name: "SDUICampaign", dependencies: ["SDUIFuzz", "SDUILiteralMining", "SDUIDecoderSlice", "SDUIPlatform", "SDUIPlatformProcesses",
                                                     "SDUIScreen", "SDUIPayload", "SDUIJSON", "SDUICrashAnalysis"]),
        // What a crash is: a replay's output read into a CrashAnalysis (frames, title, signature),
        // and the replays of a debug build that the contract gate and `sdui repro` share.
        .target(name: "SDUICrashAnalysis", dependencies: ["SDUIFuzz", "SDUIPlugIn", "SDUIPlatform", "SDUIPlatformProcesses"]),
        // What a decoder compares payloads against, mined offline: its Swift sources (swift-syntax)
        // and its binary (ELF, Mach-O). Used by the campaign runner and the CLI, not by fuzz binaries.
        .target(name: "SDUILiteralMining", dependencies: [
            "SDUIFuzz",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        // The decoder slice: a user's decoder sources, where they live, made to compile on this
        // system (view code left out by swift-syntax and by compiling and pruning; Apple frameworks
        // this system lacks from the inert stand-ins in StandIns/, which are not modules of this
        // package: a module named SwiftUI here would shadow Apple's on a Mac).
        .target(name: "SDUIDecoderSlice", dependencies: [
            "SDUIPlatform", "SDUIPlatformProcesses",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ], exclude: ["StandIns"]),
        // The platform layer: every OS-specific call (signals, memory figures, raw descriptors,
        // symbol lookup) in one C file with a Linux and a Darwin branch, a thin Swift face over it,
        // and processes (spawn, time out, toolchain tools) apart, because iOS has none.
        // scripts/check-portability.sh fails when an OS-specific API appears anywhere else.
        .target(name: "CSDUIPlatform"),
        .target(name: "SDUIPlatform", dependencies: ["CSDUIPlatform"], swiftSettings: harnessModule),
        .target(name: "SDUIPlatformProcesses", dependencies: ["SDUIPlatform", "CSDUIPlatform"]),
        // The contract gate: contracts, clients, redaction, golden renderings, classified diffs, reports.
        .target(name: "SDUIContract", dependencies: ["SDUIPayload", "SDUIJSON", "SDUIScreen", "SDUIPlugIn"]),
        // Fetching live responses (AsyncHTTPClient): apart, so an app's tests using the gate need no HTTP stack.
        .target(name: "SDUIContractHTTP", dependencies: [
            "SDUIContract",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // Clients run out of process (a fuzz target's `--sdui-render-server`): with the CLI, not the gate's core.
        .target(name: "SDUIContractProcess", dependencies: ["SDUIContract", "SDUIPlugIn", "SDUIPlatform", "SDUIPlatformProcesses"]),
        // The gate's verdict inside `swift test`: assertContract for XCTest and Swift Testing.
        .target(name: "SDUIContractTesting", dependencies: ["SDUIContract", "SDUIPlugIn"]),
        // What `sdui init` writes into a team's repository.
        .target(name: "SDUIScaffold", dependencies: ["SDUIPlugIn"]),
        .target(name: "SDUIRegressionTesting", dependencies: ["SDUIPayload", "SDUIPlatform"]),
        // `sdui serve`: recorded responses over HTTP on loopback, on SwiftNIO directly (the gate's
        // HTTP client builds it anyway; a server framework would add hundreds of files to every build).
        .target(name: "SDUIServe", dependencies: [
            "SDUIContract", "SDUIPayload",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        // The dictionary generator alone, for build scripts (.clusterfuzzlite/build.sh).
        .executableTarget(name: "SDUIFuzzDict", dependencies: ["SDUIFuzz", "SDUILiteralMining"]),
        // Benchmarks (see scripts/bench-decoder.sh and BENCHMARKS.md).
        .executableTarget(name: "SDUIBench", dependencies: ["SDUIPayload", "SDUIScreen", "SDUIFuzz"]),

        // Helpers shared by the test targets (paths to the corpus and ../shared, subprocesses, generators).
        .target(name: "TestSupport", dependencies: ["SDUIScreen", "SDUIJSON", "SDUIPlatform", "SDUIPlatformProcesses"], path: "Tests/TestSupport"),
        .testTarget(name: "SDUIPayloadTests", dependencies: ["SDUIPayload", "TestSupport"]),
        .testTarget(name: "SDUIJSONTests", dependencies: ["SDUIJSON", "TestSupport"]),
        .testTarget(name: "SDUIScreenTests", dependencies: ["SDUIScreen", "SDUIPlugIn", "SDUIPayload", "SDUIJSON", "TestSupport"]),
        .testTarget(name: "SDUICLITests", dependencies: ["SDUICLI", "SDUIContract", "SDUIPayload", "SDUIJSON", "TestSupport"]),
        .testTarget(name: "SDUIPlugInTests", dependencies: ["SDUIPlugIn", "TestSupport"]),
        .testTarget(name: "SDUILiteralMiningTests", dependencies: ["SDUILiteralMining", "SDUIFuzz", "SDUIPlatform", "SDUIPlatformProcesses", "TestSupport"]),
        .testTarget(name: "SDUIDecoderSliceTests", dependencies: ["SDUIDecoderSlice", "SDUIPlatform", "SDUIPlatformProcesses"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "SDUIPlatformTests", dependencies: ["SDUIPlatform", "SDUIPlatformProcesses", "TestSupport"]),
        .testTarget(name: "SDUIPlatformProcessesTests", dependencies: ["SDUIPlatformProcesses", "SDUIPlatform"]),
        .testTarget(name: "SDUIReferenceFuzzingTests", dependencies: ["SDUIReferenceFuzzing", "SDUIFuzz", "TestSupport"]),
        .testTarget(name: "ViewItemsDecoderTests", dependencies: ["ViewItemsDecoder", "SDUIFuzz", "TestSupport"]),
        .testTarget(name: "SDUIContractProcessTests", dependencies: ["SDUIContractProcess", "SDUIContract"]),
        // Fixtures the gate's test targets share: a contracts folder served by `sdui serve`'s
        // server, the base screen, a team's decoder in two app versions.
        .target(name: "GateTestSupport", dependencies: ["SDUIContract", "SDUIContractHTTP", "SDUIServe", "SDUIPlugIn", "SDUIPayload"],
                path: "Tests/GateTestSupport"),
        .testTarget(name: "SDUIContractTests", dependencies: [
            "SDUIContract", "GateTestSupport", "SDUIPlugIn", "SDUIScreen", "SDUIPayload", "SDUIJSON",
        ]),
        .testTarget(name: "SDUIContractHTTPTests", dependencies: ["SDUIContractHTTP", "SDUIContract", "GateTestSupport"]),
        .testTarget(name: "SDUIServeTests", dependencies: ["SDUIServe", "SDUIContractHTTP", "SDUIContract", "GateTestSupport"]),
        .testTarget(name: "SDUIScaffoldTests", dependencies: ["SDUIScaffold"]),
        .testTarget(name: "SDUIRegressionTestingTests", dependencies: ["SDUIRegressionTesting", "SDUIPayload", "TestSupport"]),
        // A test process in miniature that a kept crash input ends (KeptCrashTests runs it).
        .executableTarget(name: "KeptCrashProbe", dependencies: ["SDUIRegressionTesting"], path: "Tests/KeptCrashProbe"),
        // Runs every printed reproduce line of a real campaign's report and checks it gives the
        // signature triage gave (scripts/fuzz-ci.sh and planted-bugs-ci.sh run it).
        .executableTarget(name: "ReproduceLinesProbe", dependencies: ["SDUICampaign"], path: "Tests/ReproduceLinesProbe"),
        // Crash-site skipping exercised in a process of its own (its handlers have no place in the
        // shared test runner); CrashSitesTests runs it.
        .executableTarget(name: "CrashSitesProbe", dependencies: ["SDUIFuzz", "SDUIPlatform"], path: "Tests/CrashSitesProbe"),
        // The fork server exercised in a process of its own (it forks); ForkServerTests runs it.
        .executableTarget(name: "ForkServerProbe", dependencies: ["SDUIFuzz", "SDUIPlatform"], path: "Tests/ForkServerProbe"),
        .testTarget(name: "SDUIContractTestingTests", dependencies: ["SDUIContractTesting", "GateTestSupport", "SDUIPayload"],
                    exclude: ["__Goldens__"]),
        .testTarget(name: "SDUICrashAnalysisTests", dependencies: ["SDUICrashAnalysis", "SDUIFuzz"]),
        .testTarget(name: "SDUICampaignTests", dependencies: ["SDUICampaign", "SDUICrashAnalysis", "SDUIDecoderSlice", "SDUIPayload", "SDUIPlatform", "SDUIPlatformProcesses", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SDUIFuzzTests", dependencies: [
            "SDUIFuzz", "SDUIReferenceFuzzing", "SDUIFuzzFixtures", "SDUICampaign", "SDUICrashAnalysis", "SDUIPlatform", "SDUILiteralMining", "SDUIScreen", "SDUIJSON", "SDUIPayload",
            "ViewItemsDecoder", "TestSupport",
        ], exclude: ["Fixtures"]),
    ] + fuzzTargets.map {
        .executableTarget(name: $0.key, dependencies: $0.value, path: "Sources/FuzzTargets/\($0.key)",
                          swiftSettings: decoderUnderTest, linkerSettings: fuzzBinaryLink)
    }
)
