import Foundation

/// Coverage and corpus size against time, drawn as a self-contained SVG from libFuzzer's status
/// lines: a user sees when a campaign plateaus.
public enum CoveragePlot {
    /// The points of a recorded libFuzzer log (plain or `-fork` mode). Fork-mode lines carry
    /// `time:`; plain-mode lines do not, so their x axis is the execution count instead.
    public static func timeline(fromLog text: String) -> (points: [TimelinePoint], xIsTime: Bool) {
        var points: [TimelinePoint] = []
        var timed = true
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            guard let status = LibFuzzerOutput.status(String(line)), let coverage = status.coverage else { continue }
            if status.seconds == nil { timed = false }
            let x = Double(status.seconds ?? status.executions ?? points.count)
            points.append(TimelinePoint(second: x, coverage: coverage, corpus: status.corpus ?? 0))
        }
        if !timed {
            // Mixed logs: fall back to executions everywhere, so the axis means one thing.
            points = []
            for line in text.split(separator: "\n") where line.hasPrefix("#") {
                guard let status = LibFuzzerOutput.status(String(line)), let coverage = status.coverage else { continue }
                points.append(TimelinePoint(second: Double(status.executions ?? points.count), coverage: coverage, corpus: status.corpus ?? 0))
            }
        }
        return (points, timed)
    }

    /// The SVG: coverage (left axis) and corpus size (right axis) against time or executions.
    public static func svg(_ points: [TimelinePoint], title: String, xIsTime: Bool = true) -> String {
        let width = 720.0, height = 360.0
        let left = 70.0, right = 70.0, top = 40.0, bottom = 50.0
        let plotW = width - left - right, plotH = height - top - bottom
        let maxX = max(points.map(\.second).max() ?? 1, 1)
        // Each y axis spans its own values (not from zero), so growth and plateaus stay visible.
        let minCov = Double(points.map(\.coverage).min() ?? 0), maxCov = Double(points.map(\.coverage).max() ?? 1)
        let minCorpus = Double(points.map(\.corpus).min() ?? 0), maxCorpus = Double(points.map(\.corpus).max() ?? 1)
        let spanCov = max(maxCov - minCov, 1), spanCorpus = max(maxCorpus - minCorpus, 1)
        func x(_ v: Double) -> Double { left + v / maxX * plotW }
        func yCov(_ v: Int) -> Double { top + plotH - (Double(v) - minCov) / spanCov * plotH }
        func yCorpus(_ v: Int) -> Double { top + plotH - (Double(v) - minCorpus) / spanCorpus * plotH }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        func line(_ y: (TimelinePoint) -> Double) -> String {
            // A step line: coverage only changes at a status line.
            var d = ""
            for (n, p) in points.enumerated() {
                d += n == 0 ? "M\(f(x(p.second))),\(f(y(p)))" : " H\(f(x(p.second))) V\(f(y(p)))"
            }
            return d
        }
        var s = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
        <title>\(escape(title))</title>
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(f(width / 2))" y="22" text-anchor="middle" font-size="14">\(escape(title))</text>
        <rect x="\(f(left))" y="\(f(top))" width="\(f(plotW))" height="\(f(plotH))" fill="none" stroke="#999"/>

        """
        for i in 0...4 {
            let fraction = Double(i) / 4
            let yy = top + plotH - fraction * plotH
            s += "<line x1=\"\(f(left))\" y1=\"\(f(yy))\" x2=\"\(f(left + plotW))\" y2=\"\(f(yy))\" stroke=\"#eee\"/>\n"
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(yy + 4))\" text-anchor=\"end\" fill=\"#1f77b4\">\(Int((minCov + spanCov * fraction).rounded()))</text>\n"
            s += "<text x=\"\(f(left + plotW + 6))\" y=\"\(f(yy + 4))\" fill=\"#d62728\">\(Int((minCorpus + spanCorpus * fraction).rounded()))</text>\n"
            let xx = left + fraction * plotW
            let label = xIsTime ? "\(Int((maxX * fraction).rounded())) s" : "\(Int((maxX * fraction).rounded()))"
            s += "<text x=\"\(f(xx))\" y=\"\(f(top + plotH + 18))\" text-anchor=\"middle\">\(label)</text>\n"
        }
        s += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(xIsTime ? "time" : "executions")</text>\n"
        s += "<text x=\"16\" y=\"\(f(top + plotH / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(f(top + plotH / 2)))\" fill=\"#1f77b4\">coverage (cov)</text>\n"
        s += "<text x=\"\(f(width - 12))\" y=\"\(f(top + plotH / 2))\" text-anchor=\"middle\" transform=\"rotate(90 \(f(width - 12)) \(f(top + plotH / 2)))\" fill=\"#d62728\">corpus size</text>\n"
        if points.isEmpty {
            s += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(top + plotH / 2))\" text-anchor=\"middle\" fill=\"#999\">no status lines</text>\n"
        } else {
            s += "<path id=\"coverage\" d=\"\(line { yCov($0.coverage) })\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n"
            s += "<path id=\"corpus\" d=\"\(line { yCorpus($0.corpus) })\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\" stroke-dasharray=\"5,3\"/>\n"
        }
        s += "</svg>\n"
        return s
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
