/// A unified diff of two texts, line by line (the standard library's Myers difference).
public enum UnifiedDiff {
    /// `--- old` / `+++ new` and `@@` hunks with `context` lines around each change; empty when equal.
    public static func diff(_ old: String, _ new: String, oldName: String = "golden", newName: String = "current",
                            context: Int = 2) -> String {
        let a = lines(old), b = lines(new)
        let difference = b.difference(from: a)
        guard !difference.isEmpty else { return "" }
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let o, _, _): removed.insert(o)
            case .insert(let o, _, _): inserted.insert(o)
            }
        }
        // The edit script as (kind, old index, new index, text).
        var script: [(Character, Int, Int, String)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) { script.append(("-", i, j, a[i])); i += 1 }
            else if j < b.count, inserted.contains(j) { script.append(("+", i, j, b[j])); j += 1 }
            else if i < a.count, j < b.count { script.append((" ", i, j, a[i])); i += 1; j += 1 }
            else { break }
        }
        let changed = script.indices.filter { script[$0].0 != " " }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var k = 0
        while k < changed.count {
            let start = max(0, changed[k] - context)
            var end = min(script.count - 1, changed[k] + context)
            while k + 1 < changed.count, changed[k + 1] - context <= end + 1 {
                k += 1
                end = min(script.count - 1, changed[k] + context)
            }
            let hunk = script[start...end]
            let oldCount = hunk.filter { $0.0 != "+" }.count, newCount = hunk.filter { $0.0 != "-" }.count
            out += "@@ -\(hunk.first!.1 + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(hunk.first!.2 + (newCount > 0 ? 1 : 0)),\(newCount) @@\n"
            for line in hunk { out += "\(line.0)\(line.3)\n" }
            k += 1
        }
        return out
    }

    static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }
}
