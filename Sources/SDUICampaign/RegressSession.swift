import Foundation
import SDUICrashAnalysis
import SDUIFuzz

/// `sdui fuzz regress` as a library session: every kept crash input of a store (``RegressionStore``)
/// replayed through its decoder's sanitizer build with the library's replay (a ``ReplayPlan`` run
/// by ``CrashTriage``, as the campaign's triage and `sdui repro` do), one finding per input that
/// crashes again. The CLI only finds the stores and formats what this returns.
public struct RegressSession: Sendable {
    /// Kept inputs and the package that replays them.
    public struct Store: Sendable {
        /// The package whose fuzz products replay the inputs.
        public var root: String
        /// The package is generated (a decoder plugged in where it lives).
        public var generated: Bool
        public var cases: [(input: String, sidecar: RegressionStore.Sidecar)]

        public init(root: String, generated: Bool, cases: [(input: String, sidecar: RegressionStore.Sidecar)]) {
            self.root = root
            self.generated = generated
            self.cases = cases
        }
    }

    public enum RegressError: Error, CustomStringConvertible {
        case buildFailed(product: String, reason: String)
        public var description: String {
            switch self {
            case .buildFailed(let product, let reason): "building \(product) for the replay failed: \(reason)"
            }
        }
    }

    /// A kept input's replay limits: generous, since a kept input is replayed once, not fuzzed.
    public var limits = ReplayPlan.Limits(timeout: 10, rssLimitMB: 2048)
    /// Build the stores' fuzz products first (SwiftPM rebuilds nothing that is up to date).
    public var build = true
    /// Where `sdui` runs: inputs of a generated package's store are shown relative to it.
    public var here: String

    public init(here: String = FileManager.default.currentDirectoryPath) { self.here = here }

    /// The replay of one kept input: its product's sanitizer build, under the content encoding it
    /// was kept with.
    public func plan(_ input: String, sidecar: RegressionStore.Sidecar, in store: Store) -> ReplayPlan {
        var harness = FuzzHarnessConfiguration()
        harness.contentEncoding = sidecar.contentEncoding
        return .replay(binary: FuzzBuilder(packageRoot: store.root).binary(sidecar.product), configuration: .inline(harness),
                       limits: limits, inputs: [input])
    }

    /// Builds the store's products (unless told not to), then replays each kept input; `progress`
    /// gets one line per input as it ends.
    public func replay(_ store: Store, progress: (String) -> Void) throws -> [CrashFindingFormat.Replay] {
        let builder = FuzzBuilder(packageRoot: store.root)
        for product in Set(store.cases.map(\.sidecar.product)).sorted() where build {
            do { try builder.build(product) } catch { throw RegressError.buildFailed(product: product, reason: "\(error)") }
        }
        var replays: [CrashFindingFormat.Replay] = []
        for (input, sidecar) in store.cases {
            let triage = CrashTriage(packageRoot: store.root, fuzzProduct: sidecar.product, generated: store.generated)
            let started = Date()
            let (analysis, _) = try triage.replay(plan(input, sidecar: sidecar, in: store))
            let shown = input.replacingOccurrences(of: (store.generated ? here : store.root) + "/", with: "")
            let finding = analysis.signature.map { signature in
                CrashFinding(target: sidecar.product, signature: signature, kind: analysis.kind, title: analysis.title,
                             message: analysis.message, inputs: [shown], reproduce: "sdui repro \(shown)", frames: analysis.frames,
                             packageRoot: store.root, baseDirectory: CrashFinding.reportBase(for: here))
            }
            replays.append(.init(input: shown, product: sidecar.product, finding: finding, seconds: Date().timeIntervalSince(started)))
            progress("\(finding == nil ? "ok     " : "CRASHES") \(shown)  [\(sidecar.product)] \(finding?.title ?? "")")
        }
        return replays
    }
}
