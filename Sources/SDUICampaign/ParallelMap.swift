import Foundation

/// Runs `body` for every index in `0..<count` on up to `workers` threads and returns the results
/// in index order, so what is built from them does not depend on which thread finished first.
/// For work that waits on child processes (crash replays): each call blocks its thread, so these
/// are plain threads, not the Swift concurrency pool, which a blocked task would starve.
/// The first error thrown is rethrown once every started call has returned.
/// (`body` is escaping: the threads that ran it may outlive this call by a moment.)
func parallelMap<T>(count: Int, workers: Int, _ body: @escaping (Int) throws -> T) throws -> [T] {
    let width = max(1, min(workers, count))
    if width == 1 { return try (0..<count).map(body) }
    let state = ParallelMapState<T>(count: count, body: body)
    let done = DispatchGroup()
    for _ in 0..<width {
        done.enter()
        Thread { state.work(); done.leave() }.start()
    }
    done.wait()
    return try state.results()
}

private final class ParallelMapState<T>: @unchecked Sendable {
    let count: Int
    let body: (Int) throws -> T
    private let lock = NSLock()
    private var next = 0
    private var values: [T?]
    private var failure: Error?

    init(count: Int, body: @escaping (Int) throws -> T) {
        self.count = count
        self.body = body
        self.values = Array(repeating: nil, count: count)
    }

    func work() {
        while true {
            lock.lock()
            let index = next
            next += 1
            let stop = failure != nil
            lock.unlock()
            guard index < count, !stop else { return }
            do {
                let value = try body(index)
                lock.lock(); values[index] = value; lock.unlock()
            } catch {
                lock.lock(); if failure == nil { failure = error }; lock.unlock()
            }
        }
    }

    func results() throws -> [T] {
        lock.lock(); defer { lock.unlock() }
        if let failure { throw failure }
        return values.map { $0! }
    }
}
