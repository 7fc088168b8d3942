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
}
