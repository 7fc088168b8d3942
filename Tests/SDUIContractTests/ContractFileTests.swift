import Foundation
import GateTestSupport
import SDUIContract
import Testing

/// Contract files the gate cannot read: each error names its file and JSON path.
@Suite struct ContractFileTests {
    @Test func badContractFilesNameFileAndPath() throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.write("contracts/a.json", #"{"path": "/a", "mehtod": "GET"}"#)
        #expect(throws: ContractFileError(file: "contracts/a.json", path: "$.mehtod",
                                          "unknown key \"mehtod\" (expected one of: description, headers, method, path, query, variants)")) {
            try fixture.suite()
        }
        try fixture.write("contracts/a.json", #"{"path": "https://evil.example.com/a"}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "/a/../../b"}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "//evil.example.com/a"}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "/a", "variants": [{"name": "../x"}]}"#)
        #expect(throws: ContractFileError.self) { try fixture.suite() }
        try fixture.write("contracts/a.json", #"{"path": "/a", "query": {"n": 1}}"#)
        do { _ = try fixture.suite(); Issue.record("a number query value must be rejected") } catch {
            #expect(error.path == "$.query.n")
        }
        try fixture.write("contracts/a.json", #"{"path": "/a"}"#)
        try fixture.write("sdui-contracts.json", #"{"timeoutSeconds": "ten"}"#)
        do { _ = try fixture.suite(); Issue.record("a string timeout must be rejected") } catch {
            #expect(error.file == "sdui-contracts.json" && error.path == "$.timeoutSeconds")
        }
    }

    /// An app version named by its decoder where it lives: the decode expression (or a type), its
    /// folders, optionally a revision; anything half-said is an error naming the key and what to write.
    @Test func aClientNamedByItsDecoderWhereItLives() throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.write("contracts/a.json", #"{"path": "/a"}"#)
        try fixture.write("sdui-contracts.json", #"""
        {"clients": [{"name": "ios-5.2", "decode": "try Screen.parse(data)", "sources": ["../App/Models"], "revision": "v5.2.0"},
                     {"name": "ios-5.3", "type": "Screen", "sources": ["../App/Models", "../App/API"], "module": "App"}]}
        """#)
        let clients = try fixture.suite().config.clients
        #expect(clients[0].plugged == PluggedClient(decode: "try Screen.parse(data)", sources: ["../App/Models"], revision: "v5.2.0"))
        #expect(clients[1].plugged == PluggedClient(type: "Screen", sources: ["../App/Models", "../App/API"], module: "App"))
        #expect(!clients[0].isReference && clients[0].product == nil)
        // A module of a package, as `--module NAME --package-path DIR` names it for the fuzzer.
        try fixture.write("sdui-contracts.json", #"{"clients": [{"name": "kit", "type": "Screen", "module": "my-sdui-kit", "packagePath": "../Kit"}]}"#)
        #expect(try fixture.suite().config.clients[0].plugged == PluggedClient(type: "Screen", sources: [], module: "my-sdui-kit", packagePath: "../Kit"))
        for (config, path, words) in [
            (#"{"clients": [{"name": "a", "type": "T", "packagePath": "../Kit"}]}"#, "$.clients[0].module", "which module"),
            (#"{"clients": [{"name": "a", "type": "T", "module": "M", "packagePath": "../Kit", "sources": ["s"]}]}"#, "$.clients[0].packagePath", "not both"),
            (#"{"clients": [{"name": "a", "decode": "x", "type": "T", "sources": ["s"]}]}"#, "$.clients[0].type", "one of them"),
            (#"{"clients": [{"name": "a", "sources": ["s"]}]}"#, "$.clients[0].decode", "say how the app decodes a screen"),
            (#"{"clients": [{"name": "a", "decode": "x"}]}"#, "$.clients[0].sources", "say where the decoder's code is"),
            (#"{"clients": [{"name": "a", "product": "P", "decode": "x", "sources": ["s"]}]}"#, "$.clients[0].decode", "not both"),
        ] {
            try fixture.write("sdui-contracts.json", config)
            do { _ = try fixture.suite(); Issue.record("\(config) must be rejected") } catch {
                #expect(error.path == path && error.message.contains(words), "\(error)")
            }
        }
    }
}
