import Foundation
import SDUIPlugIn
import Testing

/// The escaping every CI report shares: what it writes parses back to what was meant.
@Suite struct CITextTests {
    static let nasty = "a \"quoted\" \\ back\nslash\ttab\r\u{01}<&>, 50% done: ok"

    @Test func jsonStringsParseBackToTheText() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(CIText.jsonString(Self.nasty))]".utf8)) as? [String]
        #expect(parsed == [Self.nasty])
    }

    @Test func xmlKeepsMarkupOutAndReplacesWhatXMLCannotHold() {
        #expect(CIText.xml(Self.nasty) == "a &quot;quoted&quot; \\ back\nslash\ttab\u{FFFD}\u{FFFD}&lt;&amp;&gt;, 50% done: ok")
    }

    @Test func workflowCommandsEscapeTheirSeparators() {
        #expect(CIText.workflowData("50%\nnext") == "50%25%0Anext")
        #expect(CIText.workflowProperty("File.swift:12, col") == "File.swift%3A12%2C col")
    }
}
