import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SDUICampaign
import Testing

/// The coverage-over-time plot, drawn from recorded libFuzzer logs.
@Suite struct CoveragePlotTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)"),
                   encoding: .utf8)
    }

    @Test func forkModeCampaignLogIsPlottedAgainstTime() throws {
        let log = try Self.fixture("campaign-fork.log")
        let statusLines = log.split(separator: "\n").filter { $0.hasPrefix("#") && $0.contains("cov: ") && $0.contains("time: ") }
        let (points, xIsTime) = CoveragePlot.timeline(fromLog: log)
        #expect(xIsTime)
        #expect(points.count == statusLines.count && points.count >= 3)
        #expect(points.map(\.second) == points.map(\.second).sorted(), "time only moves forward")
        #expect(points.last!.coverage >= points.first!.coverage)
        let svg = CoveragePlot.svg(points, title: "decode", xIsTime: true)
        let shape = try SVGShape(svg)
        #expect(shape.paths["coverage"]?.hasPrefix("M") == true)
        // One move plus one horizontal-then-vertical step per later point.
        #expect(shape.paths["coverage"]?.filter { $0 == "H" }.count == points.count - 1)
        #expect(shape.texts.contains("time") && shape.texts.contains("coverage (cov)") && shape.texts.contains("corpus size"))
        #expect(shape.texts.contains("\(points.map(\.coverage).max()!)"), "the top of the coverage axis is the highest coverage")
    }

    @Test func plainModeLogIsPlottedAgainstExecutions() throws {
        let log = """
        INFO: Seed: 1
        #2	INITED cov: 100 ft: 120 corp: 5/1Kb exec/s: 0 rss: 40Mb
        #16	NEW    cov: 110 ft: 130 corp: 6/1Kb lim: 4 exec/s: 0 rss: 40Mb L: 3/3 MS: 1 ChangeBit-
        #512	REDUCE cov: 110 ft: 131 corp: 6/1Kb lim: 8 exec/s: 0 rss: 40Mb L: 2/3 MS: 1 EraseBytes-
        #4096	pulse  cov: 125 ft: 150 corp: 9/2Kb lim: 40 exec/s: 2048 rss: 41Mb
        Done 4096 runs in 2 second(s)
        """
        let (points, xIsTime) = CoveragePlot.timeline(fromLog: log)
        #expect(!xIsTime)
        #expect(points.map(\.second) == [2, 16, 512, 4096])
        #expect(points.map(\.coverage) == [100, 110, 110, 125])
        #expect(points.map(\.corpus) == [5, 6, 6, 9])
        let shape = try SVGShape(CoveragePlot.svg(points, title: "plain", xIsTime: false))
        #expect(shape.texts.contains("executions"))
    }

    @Test func aLogWithoutStatusLinesSaysSo() throws {
        let (points, _) = CoveragePlot.timeline(fromLog: "INFO: nothing here\n")
        #expect(points.isEmpty)
        #expect(try SVGShape(CoveragePlot.svg(points, title: "empty")).texts.contains("no status lines"))
    }
}

/// The parts of an SVG the tests look at; parsing it also proves it is well-formed XML.
struct SVGShape {
    var paths: [String: String] = [:]
    var texts: [String] = []

    init(_ svg: String) throws {
        let delegate = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        paths = delegate.paths
        texts = delegate.texts
    }

    final class Collector: NSObject, XMLParserDelegate {
        var paths: [String: String] = [:]
        var texts: [String] = []
        var inText = false
        var current = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "path", let id = attributes["id"] { paths[id] = attributes["d"] }
            if name == "text" { inText = true; current = "" }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { current += string } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { texts.append(current); inText = false }
        }
    }
}
