import ArgumentParser
import Foundation
import SDUICrashAnalysis
import SDUICampaign
import SDUIDecoderSlice
import SDUIContract
#if HTTP
import SDUIContractHTTP
#endif
import SDUIContractProcess
import SDUILiteralMining
import SDUIPlugIn

/// Builds a client named by its decoder where it lives: its folders (read at its revision, if it
/// names one) sliced into the generated package under `<package>/.build-sdui-decoders`, the target
/// built in debug, a crash titled as the fuzz report titles it. Clients whose modules share a name
/// (two versions of one app) get the client's name added to it, so each is a target of its own.
func pluggedClientBuilder(_ config: ContractConfig, root: String, contractsFolder: String) -> ClientFactory.Plug {
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let base = URL(fileURLWithPath: contractsFolder, relativeTo: cwd).standardizedFileURL
    let scratch = root + "/.build-sdui-decoders"
    @Sendable func resolved(_ path: String) -> String { URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path }
    @Sendable func folders(_ p: PluggedClient) -> [String] { p.sources.map(resolved) }
    @Sendable func module(_ p: PluggedClient) -> String { p.module ?? DecoderLocation.moduleName(forFolder: folders(p).first ?? "Decoder") }
    let modules = config.clients.compactMap(\.plugged).map(module)
    return { client in
        guard let p = client.plugged else { throw ValidationError("client \(client.name) names no decoder") }
        var sources = folders(p)
        var settings = ModuleSettings.appDefault
        var unavailable: [UnavailableDependency] = []
        var compilerName: String?
        if sources.isEmpty, let packagePath = p.packagePath, let module = p.module {
            // A module of a package, as `--module NAME --package-path DIR` names it for the fuzzer.
            let found = try packageModule(module, packageRoot: resolved(packagePath))
            (sources, settings, unavailable, compilerName) = (found.folders, found.settings, found.unavailable, found.moduleName)
        } else if let found = ModuleSettingsFinder.settings(forSources: sources) {
            settings = found
        }
        if let revision = p.revision {
            sources = try RevisionSources.materialize(sources, at: revision, into: scratch + "/.revisions/" + client.name)
        }
        var name = compilerName ?? module(p)
        if modules.filter({ $0 == module(p) }).count > 1 {
            name += "_" + String(client.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }
        let expression = p.decode ?? DecoderLocation.decodeExpression(ofType: p.type ?? "")
        let plugged = PluggedDecoder(location: DecoderLocation(sources: sources, moduleName: name, decodeExpression: expression,
                                                               settings: settings, unavailableDependencies: unavailable),
                                     name: client.name, scratchFolder: scratch)
        let prepared = try plugged.prepare(seeds: [], findSeeds: false) { printError("sdui contract: " + $0) }
        let product = prepared.package.product
        let binary = try DebugBuilder(packageRoot: scratch, scratchPath: nil).build(product)
        return (binary, { body, seconds in
            explainClientCrash(DebugCrashReplay(packageRoot: scratch, product: product, generated: true), binary: binary, body: body, seconds: seconds)
        })
    }
}

/// A client's crash on `body`, titled as the fuzz report titles it: the body replayed through the
/// same debug build, the backtracer on. Nil when it does not crash again.
func explainClientCrash(_ replay: DebugCrashReplay, binary: String, body: [UInt8], seconds: Double) -> ClientFailure? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-client-crash-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    guard (try? Data(body).write(to: file)) != nil,
          let analysis = try? replay.analyse(binary: binary, input: file.path, timeout: Int(seconds.rounded(.up))),
          analysis.kind != .notReproduced else { return nil }
    let frames = analysis.frames.filter(\.isProject).prefix(8).map { "#\($0.index) \($0.function) \($0.location)" }
    return ClientFailure(.crashed, analysis.title, detail: frames.joined(separator: "\n"))
}
