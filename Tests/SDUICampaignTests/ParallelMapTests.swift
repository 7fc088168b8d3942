import Foundation
import Testing
@testable import SDUICampaign

/// Crash triage replays side by side with `parallelMap`: the results must come back in input
/// order whatever thread finishes first, every index exactly once, and a failure must surface.
@Suite struct ParallelMapTests {
    @Test(arguments: [1, 2, 3, 8])
    func resultsAreInIndexOrderWhateverFinishesFirst(workers: Int) throws {
        // Early indices sleep longest, so with more than one worker they finish last.
        let results = try parallelMap(count: 12, workers: workers) { i -> Int in
            usleep(UInt32((12 - i) * 1_000))
            return i * i
        }
        #expect(results == (0..<12).map { $0 * $0 })
    }

    @Test func runsAtMostTheGivenNumberAtOnce() throws {
        let gauge = Gauge()
        _ = try parallelMap(count: 16, workers: 3) { _ in
            gauge.enter(); usleep(5_000); gauge.leave()
        }
        #expect(gauge.peak >= 2)  // really side by side
        #expect(gauge.peak <= 3)
    }

    @Test func anErrorIsRethrown() {
        struct Boom: Error, Equatable { let index: Int }
        #expect(throws: Boom(index: 5)) {
            _ = try parallelMap(count: 10, workers: 4) { i -> Int in
                if i == 5 { throw Boom(index: 5) }
                return i
            }
        }
    }

    @Test func noWorkIsNoResults() throws {
        #expect(try parallelMap(count: 0, workers: 4) { $0 }.isEmpty)
    }

    private final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var peak = 0
        func enter() { lock.lock(); now += 1; peak = max(peak, now); lock.unlock() }
        func leave() { lock.lock(); now -= 1; lock.unlock() }
    }
}
