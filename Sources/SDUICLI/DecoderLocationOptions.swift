import ArgumentParser
import Foundation
import SDUICampaign
import SDUIDecoderSlice
import SDUIScaffold

/// How the app decodes a screen: a Swift expression over `data: Data`, or a `Decodable` type.
struct DecoderCallOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Swift that decodes a screen as the app does, over `data: Data`; compiled beside the decoder's sources, so internal names work (e.g. 'try ScreenParser.parse(data)').", valueName: "expr"))
    var decode: String?

    @Option(help: ArgumentHelp("A Decodable type to decode with JSONDecoder (instead of --decode).", valueName: "type"))
    var type: String?

    var isGiven: Bool { decode != nil || type != nil }

    /// The expression either way.
    var expression: String { decode ?? DecoderLocation.decodeExpression(ofType: type ?? "") }

    func validate() throws {
        if decode != nil && type != nil { throw ValidationError("give --decode or --type, not both") }
    }
}

/// Names a decoder as the app has it: how it is called and where its code is. Shared by every
/// command that runs a user's decoder without a target file.
struct DecoderLocationOptions: ParsableArguments {
    @OptionGroup var call: DecoderCallOptions

    @Option(help: ArgumentHelp("A folder (or file) of the decoder's Swift sources, e.g. an Xcode app target's folder; repeatable. No Package.swift needed.", valueName: "dir"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("The decoder's module: with --sources, its name (default: the first folder's name); without, a module of the package at --package-path whose sources (and its local dependencies') are used.", valueName: "name"))
    var module: String?

    @Option(help: ArgumentHelp("Read the --sources folders as they were at this git revision (a release tag) of their repository; the work tree is not touched.", valueName: "rev"))
    var revision: String?

    @Flag(help: ArgumentHelp("Do not round-trip a Codable decoded value (by default each value the decoder accepts is encoded with JSONEncoder and decoded again, and must come back the same)."))
    var noRoundTrip = false

    @Option(help: ArgumentHelp("Where generated fuzz packages go (default: .build-sdui-decoders in the current folder).", valueName: "dir"))
    var decoderScratchPath: String?

    @Option(help: ArgumentHelp("The decoder of sdui.json to use, by its name (default: its first). sdui.json (found upward from here to the repository's root) names the decoder when no option does.", valueName: "name"))
    var decoderName: String?

    /// Whether an option names the decoder (then sdui.json is not read).
    var flagsGiven: Bool { call.isGiven || !sources.isEmpty }

    /// The decoder sdui.json names, when no option does (nil: no such file, or options given).
    func projectDecoder() throws -> (located: ProjectFile.Located, decoder: ProjectFile.Decoder)? {
        guard !flagsGiven, let located = try ProjectFile.find() else { return nil }
        return (located, try located.decoder(named: decoderName))
    }

    /// Whether a decoder is named, by options or by sdui.json.
    var isGiven: Bool { flagsGiven || ((try? projectDecoder()) ?? nil) != nil }

    /// Whether the decoder named is this one rather than `targets` (named targets win over sdui.json).
    func names(over targets: [String]) -> Bool { flagsGiven || (targets.isEmpty && isGiven) }

    func validate(targets: [String]) throws {
        // A broken sdui.json is said before anything runs, with its JSON path.
        if !flagsGiven && targets.isEmpty {
            do { _ = try projectDecoder() } catch { throw ValidationError("\(error)") }
        }
        guard flagsGiven else { return }
        try call.validate()
        if !call.isGiven {
            throw ValidationError("say how the app decodes a screen: --decode 'try MyScreen.parse(data)' or --type MyScreen")
        }
        if sources.isEmpty && module == nil {
            throw ValidationError("say where the decoder's code is: --sources DIR (a folder of Swift files) or --module NAME (a module of the package at --package-path)")
        }
        if !targets.isEmpty {
            throw ValidationError("targets (\(targets.joined(separator: " "))) and --decode/--type/--sources do not go together: the decoder you name is the target")
        }
    }

    /// These options with sdui.json's decoder filled in (its paths made absolute), and the package
    /// folder its `packagePath` gives; unchanged when options name the decoder or there is no file.
    func withProjectDecoder() throws -> (options: DecoderLocationOptions, packagePath: String?) {
        guard let (located, entry) = try projectDecoder() else { return (self, nil) }
        var options = self
        options.call.decode = entry.decode
        options.call.type = entry.type
        options.sources = (entry.sources ?? []).map(located.absolute)
        options.module = entry.module
        options.noRoundTrip = options.noRoundTrip || entry.roundTrip == false
        return (options, entry.packagePath.map(located.absolute))
    }

    /// The decoder these options name, its generated package under the scratch folder.
    func pluggedDecoder(package: PackageOption) throws -> PluggedDecoder {
        if !flagsGiven {
            let (options, packagePath) = try withProjectDecoder()
            var package = package
            if package.packagePath == nil, let packagePath { package.packagePath = packagePath }
            if options.flagsGiven { return try options.pluggedDecoder(package: package) }
        }
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: cwd)).standardizedFileURL.path }
        var folders = sources.map(absolute)
        for folder in folders where !FileManager.default.fileExists(atPath: folder) {
            throw ValidationError("--sources \(folder): no such folder")
        }
        var moduleName = module.map(DecoderLocation.compilerName(of:)) ?? folders.first.map(DecoderLocation.moduleName(forFolder:)) ?? "Decoder"
        var settings = ModuleSettings.appDefault
        var unavailable: [UnavailableDependency] = []
        if folders.isEmpty, let module {
            // A module of a package: its folder and those of the package's own modules it uses
            // (compiled as one module; other packages' imports are sliced like a missing framework).
            let found = try packageModule(module, packageRoot: try package.root())
            (folders, moduleName, settings, unavailable) = (found.folders, found.moduleName, found.settings, found.unavailable)
        } else if let found = ModuleSettingsFinder.settings(forSources: folders) {
            // Folders of a package's target, or of an Xcode project's: compiled as its build does.
            settings = found
        }
        let expression = call.expression
        let scratch = absolute(decoderScratchPath ?? ".build-sdui-decoders")
        if let revision {
            do {
                folders = try RevisionSources.materialize(folders, at: revision, into: scratch + "/.revisions/" + moduleName)
            } catch {
                throw ValidationError("--revision \(revision): \(error)")
            }
        }
        var plugged = PluggedDecoder(location: DecoderLocation(sources: folders, moduleName: moduleName, decodeExpression: expression,
                                                               settings: settings, unavailableDependencies: unavailable),
                                     scratchFolder: scratch)
        plugged.roundTrip = !noRoundTrip
        return plugged
    }
}

/// A module of a package as its build has it: its folders and those of the package's own modules it
/// uses (compiled as one module; other packages' imports are sliced like a missing framework), its
/// settings, and the dependencies that cannot be had here.
func packageModule(_ module: String, packageRoot root: String) throws -> PackageGraph.DecoderModule {
    let found: PackageGraph.DecoderModule
    do {
        found = try PackageGraph(packageRoot: root).decoderModule(named: module)
    } catch let error as PackageGraph.GraphError {
        throw ValidationError("--module \(module): \(error)")
    }
    guard !found.folders.isEmpty else { throw ValidationError("no sources found for module \(module) in \(root)") }
    return found
}
