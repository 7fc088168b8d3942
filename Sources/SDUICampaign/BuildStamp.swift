import Foundation
import SDUIPlatformProcesses

/// What a fuzz binary was built from, written beside it after a build (`<binary>.sdui-build`), so a
/// campaign run again on an unchanged package skips SwiftPM: its no-op build of one product costs
/// seconds of planning (measured: 2–3 s per target here, four targets in the default campaign),
/// a large part of a warm first-run command that fuzzes for less than a minute.
///
/// A binary is up to date when its stamp names the same build (the command, its environment, the
/// toolchain), neither it nor the binary changed since, and no file the package builds from is
/// newer than the stamp. Those files are known only for a package that keeps every target in
/// folders of its own root: no local package dependency (`.package(path:)`), no target path
/// outside the root. Any other package is always built (SwiftPM decides), as before.
struct BuildStamp {
    let builder: FuzzBuilder
    let product: String

    var path: String { builder.binary(product) + ".sdui-build" }

    /// The stamp's text: the exact build, and the toolchain by its path and modification time.
    var text: String {
        let swift = Toolchain.swiftExecutable() ?? "swift"
        let modified = (try? FileManager.default.attributesOfItem(atPath: swift)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(builder.buildCommand(product))\ntoolchain \(swift) \(Int(modified))\n"
    }

    /// Written after a successful build (atomically; a stamp that cannot be written only costs the
    /// next run its no-op build).
    func write() {
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    var isUpToDate: Bool {
        let fm = FileManager.default
        guard let stamped = Self.modified(path), let built = Self.modified(builder.binary(product)), built <= stamped,
              let recorded = fm.contents(atPath: path), String(decoding: recorded, as: UTF8.self) == text,
              let inputs = Self.inputs(packageRoot: builder.packageRoot) else { return false }
        return !inputs.contains { Self.anyNewer(than: stamped, under: $0) }
    }

    /// The files and folders a package's builds read, or nil when they cannot be told from its
    /// manifest: Package.swift, Package.resolved, Sources/, and the top folder of every `path:`
    /// its targets give.
    static func inputs(packageRoot root: String) -> [String]? {
        guard let manifest = try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8),
              !manifest.contains(".package(path:") else { return nil }
        var folders: Set<String> = ["Sources"]
        let literal = try! NSRegularExpression(pattern: #"\bpath:\s*"([^"]*)""#)
        for match in literal.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let range = Range(match.range(at: 1), in: manifest) else { return nil }
            let path = String(manifest[range])
            guard let top = path.split(separator: "/").first.map(String.init),
                  !path.hasPrefix("/"), !path.hasPrefix("~"), top != "..", top != ".", !top.contains("\\(") else { return nil }
            folders.insert(top)
        }
        return ["Package.swift", "Package.resolved"].map { root + "/" + $0 } + folders.sorted().map { root + "/" + $0 }
    }

    /// Whether `path`, or anything under it, was modified after `date` (a missing path: no).
    static func anyNewer(than date: Date, under path: String) -> Bool {
        if let own = modified(path), own >= date { return true }
        guard let walk = FileManager.default.enumerator(at: URL(fileURLWithPath: path),
                                                        includingPropertiesForKeys: [.contentModificationDateKey]) else { return false }
        for case let url as URL in walk {
            if let changed = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate, changed >= date { return true }
        }
        return false
    }

    static func modified(_ path: String) -> Date? {
        try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }
}

extension FuzzBuilder {
    /// Whether `product`'s binary is known to be what building it now would give (``BuildStamp``).
    public func isUpToDate(_ product: String) -> Bool { BuildStamp(builder: self, product: product).isUpToDate }
}
