// A team's test process in miniature, for KeptCrashTests: replays the kept crash inputs of the
// store named on the command line through a decoder that divides by "columns" (fixed when
// KEPT_CRASH_PROBE_FIXED=1), so the test can watch a crash that comes back end a process and what
// it says first. Not a product: a test fixture, like the fuzz targets' fixtures.
import Foundation
import SDUIRegressionTesting

struct Grid: Decodable { let columns: Int }
let fixed = ProcessInfo.processInfo.environment["KEPT_CRASH_PROBE_FIXED"] == "1"
let outcomes = assertKeptCrashesStayFixed(decoder: "ShopApp", in: URL(fileURLWithPath: CommandLine.arguments[1])) { data -> Int in
    let grid = try JSONDecoder().decode(Grid.self, from: data)
    if fixed && grid.columns == 0 { throw CocoaError(.coderInvalidValue) }
    return 360 / grid.columns
}
print(outcomes.map { "\($0.0.url.lastPathComponent): \($0.1)" }.joined(separator: "\n"))
