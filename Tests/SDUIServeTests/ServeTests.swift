import Foundation
import GateTestSupport
import SDUIContract
import SDUIContractHTTP
@testable import SDUIServe
import Testing

/// `sdui serve` negotiates `Accept-Encoding` and matches variants by query and headers.
@Suite struct ServeTests {
    @Test func negotiatesAcceptEncodingAndMatchesVariants() async throws {
        let fixture = try GateFixture()
        defer { fixture.remove() }
        try fixture.write("contracts/home.json", #"""
        {"path": "/screens/home", "query": {"lang": "en"},
         "variants": [{"name": "ios", "headers": {"X-Platform": "ios"}}, {"name": "android", "headers": {"X-Platform": "android"}}]}
        """#)
        try fixture.setResponse("home@ios", json: Screens.base, encoding: .gzip)
        try fixture.setResponse("home@android", json: Screens.edit(#""text": "Hello""#, #""text": "Hello Android""#))
        let suite = try fixture.suite()
        let ios = try #require(suite.cases.first { $0.id == "home@ios" })
        let android = try #require(suite.cases.first { $0.id == "home@android" })
        try await fixture.withServer { url in
            for (accept, expected) in [("gzip, deflate", "gzip"), ("deflate", "deflate"), ("identity", nil), ("gzip;q=0, deflate", "deflate"),
                                       ("*", "gzip")] as [(String, String?)] {
                var config = suite.config
                config.timeoutSeconds = 30  // a loaded CI machine, not a slow server, is what this would measure
                config.headers = [("Accept-Encoding", accept)]
                let source = try LiveResponses(baseURL: url, config: config, secrets: Secrets(environment: [:]), concurrency: 1)
                let fetched = await source.fetch(android)
                await source.close()  // before anything can throw: an HTTP client must be shut down
                let response = try fetched.get()
                #expect(response.contentEncoding == expected, "Accept-Encoding: \(accept)")
                let rendering = try await ResponseRenderer().render(response, client: ReferenceClient(), secrets: Secrets(environment: [:])).get()
                #expect(rendering.text.contains("Hello Android"), "the android variant, whatever the encoding")
            }
            // The recorded gzip bytes are sent verbatim when gzip is accepted.
            var config = suite.config
            config.timeoutSeconds = 30
            config.headers = [("Accept-Encoding", "gzip")]
            let source = try LiveResponses(baseURL: url, config: config, secrets: Secrets(environment: [:]), concurrency: 1)
            let fetched = await source.fetch(ios)
            // A request no contract describes is a 404, reported as such.
            var unknown = ios
            unknown.path = "/screens/nope"
            let missing = await source.fetch(unknown)
            await source.close()
            let response = try fetched.get()
            #expect(response.body == [UInt8](try Data(contentsOf: fixture.root.appendingPathComponent("responses/home@ios.json.gz"))))
            guard case .failure(let failure) = missing else { Issue.record("expected a 404"); return }
            #expect(failure.rule == .httpStatus && failure.message.contains("404"))
        }
    }
}

/// The request target as the server matches it: the path as sent, the query decoded.
@Suite struct RequestTargetTests {
    @Test(arguments: [
        ("/screens/home", "/screens/home", ""),
        ("/screens/home?lang=en&x=1", "/screens/home", "lang=en&x=1"),
        ("/screens/home?lang=en#top", "/screens/home", "lang=en"),
        ("", "/", ""),
        ("?q=1", "/", "q=1"),
        ("/a%20b?", "/a%20b", ""),
    ])
    func pathAndQuery(uri: String, path: String, query: String) {
        let split = RecordedHandler.split(uri)
        #expect(split.path == path && split.query == query, "\(uri)")
    }

    @Test func queryItemsArePercentAndPlusDecoded() {
        let items = RecordedHandler.queryItems("lang=en&q=a+b%26c&flag&empty=")
        #expect(items.map(\.0) == ["lang", "q", "flag", "empty"])
        #expect(items.map(\.1) == ["en", "a b&c", "", ""])
    }
}
