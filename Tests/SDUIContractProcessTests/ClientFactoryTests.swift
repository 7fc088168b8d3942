import Foundation
import SDUIContract
import SDUIContractProcess
import Testing

/// Which client the gate runs for each entry of the config, with the build and the crash triage
/// replaced by recording stand-ins (no toolchain needed).
@Suite struct ClientFactoryTests {
    final class Builds: @unchecked Sendable {
        let lock = NSLock()
        var products: [String] = []
        func record(_ p: String) { lock.lock(); products.append(p); lock.unlock() }
    }

    func config(_ clients: [ClientConfig]) -> ContractConfig {
        var c = ContractConfig()
        c.clients = clients
        return c
    }

    @Test func eachProductIsBuiltOnceAndAFailedBuildIsAnUnavailableClient() async throws {
        let builds = Builds()
        let factory = ClientFactory(packageRoot: "/app", build: { product in
            builds.record(product)
            if product == "Broken" { throw NSError(domain: "swift build", code: 1, userInfo: [NSLocalizedDescriptionKey: "error: cannot find 'x'"]) }
            return "/bin/cat"
        }, explainCrash: { _, _, _, _ in nil })
        let clients = factory.clients(for: config([
            ClientConfig(name: "ios-5.2", product: "Client"), ClientConfig(name: "ios-5.3", product: "Client"),
            ClientConfig(name: "broken", product: "Broken"), ClientConfig(name: "bundled"),
            ClientConfig(name: "script", command: "exit 3"),
        ]))
        #expect(clients.map(\.name) == ["ios-5.2", "ios-5.3", "broken", "bundled", "script"])
        #expect(builds.products == ["Client", "Broken"], "one build per product, in the config's order")
        #expect(clients[0] is ProcessClient && clients[1] is ProcessClient && clients[4] is ProcessClient)
        #expect(clients[3] is ReferenceClient)
        let broken = try #require(clients[2] as? UnavailableClient)
        #expect(broken.failure.kind == .unavailable && broken.failure.title == "Broken does not build in /app")
        #expect(broken.failure.detail.contains("cannot find 'x'"))
        guard case .failure(let failure) = await clients[2].render([]) else { Issue.record("an unavailable client renders nothing"); return }
        #expect(failure.kind == .unavailable)
        for case let c as ProcessClient in clients { c.close() }
    }

    /// A crash is titled by the debug replay, unless the factory is told its callers only need to
    /// know that it crashed (requirements probing: seconds per crash saved).
    @Test func crashesAreExplainedOnlyWhenAsked() async throws {
        let explained = Builds()
        for explains in [true, false] {
            var factory = ClientFactory(packageRoot: "/app", build: { _ in "/bin/false" }, explainCrash: { _, product, _, _ in
                explained.record(product)
                return ClientFailure(.crashed, "crash in Decoder.decode at Decoder.swift:3")
            })
            factory.explainsCrashes = explains
            let client = try #require(factory.clients(for: config([ClientConfig(name: "app", product: "Crashes")])).first as? ProcessClient)
            defer { client.close() }
            guard case .failure(let failure) = await client.render(Array("{}".utf8)) else { Issue.record("/bin/false renders nothing"); continue }
            #expect(failure.kind == .crashed)
            #expect(failure.title.hasPrefix(explains ? "crash in Decoder.decode" : "crash (exit status"), "\(failure.title)")
        }
        #expect(explained.products == ["Crashes"], "explained once: when asked")
    }

    /// A command the shell cannot find never started: its checks could not be made (an error),
    /// which a crash (breaking) must not be taken for.
    @Test func aCommandThatCannotStartIsUnavailableNotACrash() async throws {
        let client = ProcessClient(name: "app", launch: ["/bin/sh", "-c", "/nonexistent/ClientIOS52 --sdui-render-server"])
        defer { client.close() }
        guard case .failure(let failure) = await client.render(Array("{}".utf8)) else { Issue.record("nothing runs"); return }
        #expect(failure.kind == .unavailable && failure.title.contains("cannot start"), "\(failure)")
    }

    /// A client named by its decoder where it lives is built by the command line's plug (the
    /// slice and its generated package); without one, or when it fails, it is unavailable.
    @Test func aDecoderWhereItLivesIsBuiltThroughThePlug() throws {
        let builds = Builds()
        var factory = ClientFactory(packageRoot: "/app", build: { builds.record($0); return "/bin/cat" }, explainCrash: { _, _, _, _ in nil })
        let plugged = ClientConfig(name: "ios-5.3", plugged: PluggedClient(decode: "try Screen.parse(data)", sources: ["../App"]))
        let broken = ClientConfig(name: "ios-5.2", plugged: PluggedClient(type: "Screen", sources: ["../Gone"]))
        let unplugged = try #require(factory.clients(for: config([plugged]))[0] as? UnavailableClient)
        #expect(unplugged.failure.title.contains("needs the sdui command line"))
        factory.plug = { client in
            builds.record("plug:" + client.name)
            if client.plugged?.sources == ["../Gone"] { throw NSError(domain: "slice", code: 2, userInfo: [NSLocalizedDescriptionKey: "no Swift sources under ../Gone"]) }
            return ("/bin/cat", { _, _ in nil })
        }
        let clients = factory.clients(for: config([plugged, broken]))
        #expect(builds.products == ["plug:ios-5.3", "plug:ios-5.2"], "no product build: the plug builds it")
        #expect(clients[0] is ProcessClient)
        let failed = try #require(clients[1] as? UnavailableClient)
        #expect(failed.failure.title == "client ios-5.2 cannot be built from its sources" && failed.failure.detail.contains("no Swift sources"))
        for case let c as ProcessClient in clients { c.close() }
    }

    @Test func selectionAndNoBuildDecideWithoutBuilding() throws {
        let builds = Builds()
        var factory = ClientFactory(packageRoot: "/nonexistent-app", build: { builds.record($0); return "/bin/cat" },
                                    explainCrash: { _, _, _, _ in nil })
        factory.selection = ["ios-*"]
        factory.noBuild = true
        let clients = factory.clients(for: config([ClientConfig(name: "ios-5.2", product: "Client"),
                                                   ClientConfig(name: "android", product: "Other")]))
        #expect(builds.products.isEmpty, "--no-build builds nothing")
        let unbuilt = try #require(clients[0] as? UnavailableClient)
        #expect(unbuilt.failure.title.contains("is not built") && unbuilt.failure.title.contains("drop --no-build"))
        let unselected = try #require(clients[1] as? UnavailableClient)
        #expect(unselected.failure.title == "not selected")
        #expect(factory.clients(for: ContractConfig()).map(\.name) == [ReferenceClient().name], "no clients: the bundled decoder")
    }

    @Test func aCrashIsTitledByTheTriageElseByTheRuntimeLine() async throws {
        // A client product that dies on every request, writing Swift's fatal-error line.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-factory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("Client")
        try "#!/bin/sh\nhead -c 6 > /dev/null\necho 'Fatal error: Unexpectedly found nil' >&2\nexit 134\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        for titled in [true, false] {
            let factory = ClientFactory(packageRoot: dir.path, build: { _ in script.path }, explainCrash: { binary, product, body, _ in
                titled ? ClientFailure(.crashed, "crash in \(product) at Feed.swift:9 (\(body.count) bytes, \((binary as NSString).lastPathComponent))") : nil
            })
            let client = try #require(factory.clients(for: config([ClientConfig(name: "app", product: "Client")])).first as? ProcessClient)
            defer { client.close() }
            guard case .failure(let failure) = await client.render(Array("{}".utf8)) else { Issue.record("the client crashed"); continue }
            #expect(failure.kind == .crashed)
            #expect(titled ? failure.title == "crash in Client at Feed.swift:9 (2 bytes, Client)" : failure.title.contains("Fatal error: Unexpectedly found nil"),
                    "\(failure.title)")
        }
    }
}
